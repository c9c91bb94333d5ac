import pytest

from rules.errors import RulesError
from rules.game import IllegalAction
from rules.match import Match
from rules.matchid import decode
from rules.notation import parse_play
from rules.xgid import decode as decode_xgid


def quick_pass(match: Match, doubler: int) -> None:
    """A game ended by a dropped initial double: ``doubler`` wins 1 point."""
    game = match.new_game()
    game.opening_roll(3, 1) if doubler == 1 else game.opening_roll(1, 3)
    # the starter (the other player) opens, then the doubler is on roll
    game.play(parse_play("8/5 6/5", game.position, game.dice))
    assert game.turn == doubler
    game.double()
    game.pass_()


def test_score_crawford_and_post_crawford_like_gnubg():
    match = Match(3, names=("Ann", "Bob"))
    quick_pass(match, 0)
    assert match.score == (1, 0) and not match.is_crawford()
    quick_pass(match, 0)  # Ann reaches 2 = length - 1: the next game is the Crawford game
    assert match.score == (2, 0) and match.is_crawford()
    crawford_game = match.new_game()
    assert crawford_game.crawford
    crawford_game.opening_roll(1, 3)
    crawford_game.play(parse_play("8/5 6/5", crawford_game.position, crawford_game.dice))
    assert crawford_game.why_not_double() == "no doubling in the Crawford game"
    crawford_game.resign(0)  # Bob wins the Crawford game
    assert match.score == (2, 1) and match.is_post_crawford() and not match.is_crawford()
    post = match.new_game()
    assert not post.crawford
    post.opening_roll(3, 1)
    post.play(parse_play("8/5 6/5", post.position, post.dice))
    post.double()
    post.take()
    assert decode(match.match_id()).score == (2, 1)
    post.resign(0)
    assert match.score == (2, 3) and match.winner == 1 and match.is_over
    with pytest.raises(IllegalAction, match="match is over"):
        match.new_game()


def test_one_game_at_a_time_and_ids_carry_the_match():
    match = Match(7)
    game = match.new_game()
    with pytest.raises(IllegalAction, match="still being played"):
        match.new_game()
    game.opening_roll(5, 2)
    state = decode(match.match_id())
    assert (state.length, state.move, state.dice, state.cube_owner) == (7, 0, (5, 2), None)
    xg = decode_xgid(match.xgid())
    assert xg.length == 7 and xg.turn == 0 and xg.dice == (5, 2)
    assert match.gnubg_id().startswith("4HPwATDgc/ABMA:")


def test_club_session_totals_and_no_crawford():
    session = Match(0, "club")
    for loser_far, winner in ((True, 0), (False, 1), (True, 1)):
        game = session.new_game()
        game.opening_roll(6, 1)
        game.play(parse_play("13/7 8/7", game.position, game.dice))
        game.resign(1 - winner, "home" if loser_far else "single")
    assert session.score == (3, 4) and session.winner is None and not session.is_crawford()
    with pytest.raises(RulesError, match="no 'points away'"):
        session.away()


def test_crawford_flag_of_an_added_game_is_checked():
    from rules.game import Game

    match = Match(1)
    with pytest.raises(RulesError, match="not the Crawford game"):
        match.add_game(Game(crawford=True))
    with pytest.raises(RulesError, match="match length"):
        Match(-1)


def test_resume_from_xgid_and_gnubg_ids():
    from rules.game import Phase
    from rules.match import match_from_gnubg_id, match_from_xgid

    match = match_from_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:1:D:3:4:0:7:10")
    game = match.current_game
    assert game.phase is Phase.DOUBLED and game.turn == 1 and game.cube.value == 2 and game.cube.owner == 0
    assert match.score == (4, 3) and not game.crawford
    game.take(0)
    assert game.cube.value == 4 and game.cube.owner == 0
    # the manual's Match ID: player 1 has rolled 52, player 0 owns a 2-cube, 2-4 in a 9 point match
    resumed = match_from_gnubg_id("4HPwATDgc/ABMA", "QYkqASAAIAAA")
    game = resumed.current_game
    assert game.phase is Phase.PLAY and game.turn == 1 and game.dice == (5, 2) and resumed.score == (2, 4)
    assert resumed.match_id() == "QYkqASAAIAAA"
    crawford = match_from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5:10")
    assert crawford.is_crawford() and crawford.current_game.why_not_double() == "no doubling in the Crawford game"
    post = match_from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:4:0:5:10")
    assert post.is_post_crawford() and post.current_game.why_not_double() is None
    with pytest.raises(RulesError, match="finished game"):
        match_from_gnubg_id("4HPwATDgc/ABMA", "cAoAAAAAAAAA")
