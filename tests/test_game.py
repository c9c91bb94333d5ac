import pytest

from rules.cube import CubeError
from rules.errors import InvalidRoll, RulesError
from rules.game import BEAROFF, PASSED, RESIGNED, Game, IllegalAction, IllegalPlay, Phase
from rules.matchid import GameState, decode
from rules.moves import legal_plays
from rules.notation import parse_play
from rules.position import Position
from rules.scoring import BACKGAMMON, CLUB_OUTER, GAMMON, SINGLE


def play_text(game: Game, text: str):
    return game.play(parse_play(text, game.position, game.dice))


def test_opening_roll_ties_roll_again_and_higher_die_moves_first_with_both_dice():
    game = Game()
    assert game.phase is Phase.OPENING
    assert game.opening_roll(4, 4) is None and game.phase is Phase.OPENING
    assert game.opening_roll(1, 3) == 1
    assert game.turn == 1 and game.dice == (3, 1) and game.phase is Phase.PLAY
    play_text(game, "8/5 6/5")
    assert game.turn == 0 and game.phase is Phase.ROLL
    # the side now on roll sees gnubg's vector
    assert game.position.position_id() == "sGfwATDgc/ABMA"
    assert game.board_for(1).position_id() == Position.from_position_id("sGfwATDgc/ABMA").swap().position_id()


def test_turns_alternate_and_phases_are_enforced():
    game = Game()
    with pytest.raises(IllegalAction, match="phase 'opening'"):
        game.roll(3, 1)
    game.opening_roll(6, 5)
    with pytest.raises(IllegalAction, match="cannot roll now"):
        game.roll(2, 2)
    play_text(game, "24/13")
    with pytest.raises(IllegalAction, match="cannot play now"):
        game.play(game.position)
    game.roll(2, 2)
    assert game.turn == 1
    play_text(game, "13/11(2) 6/4(2)")
    assert game.turn == 0 and [a.kind for a in game.actions] == ["opening", "play", "roll", "play"]
    with pytest.raises(InvalidRoll):
        game.roll(0, 7)


def test_illegal_play_is_refused_unless_recorded_unchecked():
    game = Game()
    game.opening_roll(3, 1)
    illegal = Position.from_points({24: 2, 13: 5, 8: 2, 6: 5, 3: 1}, {24: 2, 13: 5, 8: 3, 6: 5})  # 8/3 with 31
    with pytest.raises(IllegalPlay, match="not one of the"):
        game.play(illegal)
    assert game.phase is Phase.PLAY
    game.play(illegal, check=False)
    assert game.actions[-1].legal is False and game.turn == 1


def test_a_play_given_as_a_position_gets_its_notation():
    game = Game()
    game.opening_roll(3, 1)
    target = next(p for p in legal_plays(game.position, 3, 1) if p.notation() == "8/5 6/5")
    game.play(target.position)
    action = game.actions[-1]
    assert action.notation == "8/5 6/5" and action.legal and action.steps == ((8, 5, False), (6, 5, False))


def test_pop_undoes_everything_in_order():
    game = Game()
    game.opening_roll(3, 3)
    game.opening_roll(5, 2)
    first = game.position
    play_text(game, "13/8 13/11")
    game.double()
    game.take()
    snapshot = (game.phase, game.position, game.turn, game.cube)
    game.roll(6, 4)
    assert game.pop().kind == "roll"
    assert (game.phase, game.position, game.turn, game.cube) == snapshot
    for kind in ("take", "double", "play", "opening", "opening"):
        assert game.pop().kind == kind
    assert game.phase is Phase.OPENING and game.position == first
    with pytest.raises(IllegalAction):
        game.pop()


def test_cube_actions_inside_the_game():
    game = Game()
    game.opening_roll(6, 1)
    play_text(game, "13/7 8/7")
    with pytest.raises(IllegalAction, match="player 0 cannot double"):
        game.double(player=0)
    game.double(player=1)
    assert game.phase is Phase.DOUBLED
    with pytest.raises(IllegalAction):
        game.roll(3, 1)
    state = decode(game.match_id(7, (2, 3)))
    assert state.doubled and state.move == 1 and state.turn == 0 and state.dice == (0, 0)
    game.take(player=0)
    assert game.cube.value == 2 and game.cube.owner == 0 and game.turn == 1
    with pytest.raises(CubeError, match="owns the cube"):
        game.double()
    game.roll(3, 1)
    with pytest.raises(CubeError, match="only allowed before rolling"):
        game.double()
    play_text(game, "8/5 6/5")
    game.double()  # player 0 owns it now
    outcome = game.pass_()
    assert (outcome.winner, outcome.points, outcome.how) == (0, 2, PASSED)
    assert decode(game.match_id(7, (2, 3))).game_state is GameState.DROPPED


def test_no_doubling_in_crawford_or_club_games():
    crawford = Game(crawford=True)
    crawford.opening_roll(2, 1)
    play_text(crawford, "13/11 6/5")
    with pytest.raises(CubeError, match="Crawford"):
        crawford.double()
    club = Game("club")
    club.opening_roll(2, 1)
    play_text(club, "13/11 6/5")
    with pytest.raises(CubeError, match="club rules"):
        club.double()


def bearoff_game(loser: dict[int, int], ruleset="standard", cube=None, bar=0) -> Game:
    pos = Position.from_points({1: 1}, loser, opponent_bar=bar)
    return Game(ruleset, position=pos, turn=1, cube=cube)


@pytest.mark.parametrize(
    "loser, bar, kind, points",
    [({6: 15}, 0, GAMMON, 4), ({3: 2}, 0, SINGLE, 2), ({6: 14}, 1, BACKGAMMON, 6), ({20: 1, 6: 14}, 0, BACKGAMMON, 6)],
)
def test_end_of_game_by_bearing_off_scores_times_the_cube(loser, bar, kind, points):
    from rules.cube import Cube

    game = bearoff_game(loser, cube=Cube(2, owner=0), bar=bar)
    game.roll(2, 1)
    outcome = play_text(game, "1/off")
    assert game.is_over and outcome.winner == 1 and (outcome.kind, outcome.points, outcome.how) == (kind, points, BEAROFF)
    with pytest.raises(IllegalAction):
        game.roll(1, 1)


def test_club_scoring_at_the_end_of_a_game():
    game = bearoff_game({14: 1, 2: 1}, "club")
    game.roll(6, 6)
    outcome = play_text(game, "1/off")
    assert (outcome.kind, outcome.points) == (CLUB_OUTER, 2)


def test_jacoby_money_game_counts_gammons_only_after_a_double():
    pos = Position.from_points({1: 1}, {6: 15})
    game = Game(position=pos, turn=0, jacoby=True)
    game.roll(3, 2)
    assert play_text(game, "1/off").points == 1


def test_resignation_and_no_play_dance():
    game = Game(position=Position.from_points({6: 2}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, player_bar=1), turn=0)
    game.roll(6, 6)
    assert game.legal_plays() == []
    with pytest.raises(IllegalPlay):
        game.play(Position.from_points({6: 1, 1: 1}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, player_bar=1))
    game.play(game.position)
    assert game.actions[-1].notation == "" and game.turn == 1
    outcome = game.resign(0, GAMMON)
    assert (outcome.winner, outcome.points, outcome.how) == (1, 2, RESIGNED)
    assert decode(game.match_id()).game_state is GameState.RESIGNED


def test_set_up_needs_position_and_turn():
    with pytest.raises(RulesError, match="both"):
        Game(position=Position.start())
