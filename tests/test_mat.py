import functools
import random

import pytest

from rules.game import Game
from rules.mat import MatError, plain_play, read_mat, read_match, to_match, write_mat
from rules.match import Match

# A transcript in the looser style other programs write: names with spaces, wide columns, bar/off words,
# grouped moves "(2)", gnubg's numeric bar 25, "Cannot Move", "and the match".
FOREIGN = """; [Site "Club"]
; [Player 1 "Ann Lee"]

 3 point match

 Game 1
 Ann Lee : 0                          Bob : 0
  1) 31: 8/5 6/5                      64: 24/18 13/9
  2) 62: 13/11 13/7*                  55: Cannot Move
  3)  Doubles => 2                    Takes
  4) 33: 13/10(2) 6/3(2)              21: 25/23 13/12*
  5) 66:                              Doubles => 4
  6)  Drops                           Wins 2 points

 Game 2
 Ann Lee : 0                          Bob : 2
  1)                                  31: 8/5 6/5
  2) 42: 8/4 6/4
                                      Wins 1 point and the match
"""

# The same match as GNU Backgammon's exporter (export.c, ExportGameJF) lays it out, worked out by hand from its
# format strings: " %-31s" names, "%3d) %-27s " left records, gnubg's plain moves with trailing spaces.
GNUBG_LAYOUT = (
    "\n"
    " 3 point match\n"
    "\n"
    " Game 1\n"
    " Ann Lee : 0                    Bob : 0\n"
    "  1) 31: 8/5 6/5                 64: 24/18 13/9 \n"
    "  2) 62: 13/11 13/7*             55: \n"
    "  3)  Doubles => 2                Takes\n"
    "  4) 33: 13/10 13/10 6/3 6/3     21: 25/23 13/12* \n"
    "  5) 66:                          Doubles => 4\n"
    "  6)  Drops                       Wins 2 points \n"
    "\n"
    " Game 2\n"
    " Ann Lee : 0                    Bob : 2\n"
    "  1)                             31: 8/5 6/5 \n"
    "  2) 42: 8/4 6/4                  Wins 1 point\n"
    "\n"
)


def test_reader_parses_records_columns_and_tags():
    mat = read_mat(FOREIGN)
    assert mat.length == 3 and mat.tags == {"Site": "Club", "Player 1": "Ann Lee"}
    g1, g2 = mat.games
    assert g1.names == ("Ann Lee", "Bob") and g1.score == (0, 0) and g2.score == (0, 2)
    kinds = [(a.player, a.kind) for a in g1.actions]
    assert kinds == [
        (0, "roll"), (1, "roll"), (0, "roll"), (1, "roll"), (0, "double"), (1, "take"),
        (0, "roll"), (1, "roll"), (0, "roll"), (1, "double"), (0, "drop"), (1, "win"),
    ]
    assert g1.actions[3].play == "" and g1.actions[3].dice == (5, 5)
    assert g1.actions[6].play == "13/10(2) 6/3(2)"
    assert g1.actions[9].cube == 4 and g1.result == (1, 2)
    assert [(a.player, a.kind) for a in g2.actions] == [(1, "roll"), (0, "roll"), (1, "win")]


def test_replay_rebuilds_games_score_and_crawford():
    match = read_match(FOREIGN)
    assert match.score == (0, 3) and match.winner == 1
    assert [g.crawford for g in match.games] == [False, True]
    first = match.games[0]
    assert first.outcome.how == "pass" and first.outcome.points == 2 and first.cube.value == 2


def test_writer_reproduces_gnubg_layout_exactly():
    assert write_mat(read_match(FOREIGN)) == GNUBG_LAYOUT
    assert write_mat(read_match(GNUBG_LAYOUT)) == GNUBG_LAYOUT


def test_plain_play_in_the_order_made_with_hits():
    assert plain_play([(6, 5, False), (8, 5, False)]) == "6/5 8/5 "
    assert plain_play([(13, 7, True), (7, 5, False)]) == "13/7* 7/5 "
    assert plain_play([(25, 22, False), (6, 0, False), (6, 0, False), (8, 5, False)]) == "25/22 6/0 6/0 8/5"
    assert plain_play([]) == ""


@functools.lru_cache(maxsize=None)
def random_match(seed: int, length: int) -> Match:
    """A match of random legal plays and cube actions: every feature of real games, bear-offs included.

    Cached: the tests only read it."""
    rng = random.Random(seed)
    match = Match(length, names=("Ann", "Bob"))
    while not match.is_over:
        game = match.new_game()
        while game.opening_roll(rng.randint(1, 6), rng.randint(1, 6)) is None:
            pass
        while not game.is_over:
            if game.phase.value == "roll":
                if game.why_not_double() is None and rng.random() < 0.04:
                    game.double()
                    if rng.random() < 0.4:
                        game.pass_()
                        break
                    game.take()
                if rng.random() < 0.003:
                    game.resign(game.turn, "single")
                    break
                game.roll(rng.randint(1, 6), rng.randint(1, 6))
            plays = game.legal_plays()
            game.play(rng.choice(plays) if plays else game.position)
    return match


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_round_trip_of_random_matches(seed):
    match = random_match(seed, 5)
    text = write_mat(match, {"Event": "test"})
    again = read_match(text)
    assert write_mat(again, {"Event": "test"}) == text
    assert again.score == match.score and len(again.games) == len(match.games)
    for a, b in zip(match.games, again.games):
        assert a.outcome == b.outcome and a.position == b.position
        assert [x.kind for x in a.actions if x.kind != "opening"] == [y.kind for y in b.actions if y.kind != "opening"]


def test_random_matches_cover_every_record_kind():
    kinds, endings = set(), set()
    for seed in (1, 2, 3):
        for game in random_match(seed, 5).games:
            kinds |= {a.kind for a in game.actions}
            kinds |= {"dance" for a in game.actions if a.kind == "play" and a.steps == ()}
            endings.add(game.outcome.how)
    assert kinds >= {"play", "double", "take", "pass", "resign", "dance"}
    assert endings == {"bearoff", "pass", "resign"}


def test_bear_off_wins_sit_under_the_winners_column():
    seen = set()
    for seed in range(4, 16):
        if seen == {0, 1}:
            break
        match = random_match(seed, 1)
        text = write_mat(match)
        for game, block in zip(match.games, text.split(" Game ")[1:]):
            if game.outcome.how != "bearoff":
                continue
            wins = [line for line in block.splitlines() if line.strip().startswith("Wins")]
            assert len(wins) == 1
            column = len(wins[0]) - len(wins[0].lstrip())
            assert column == (6 if game.outcome.winner == 0 else 34)
            seen.add(game.outcome.winner)
            assert wins[0].strip() == f"Wins {game.outcome.points} point" + ("s" if game.outcome.points > 1 else "")
    assert seen == {0, 1}  # both columns were exercised


def test_illegal_play_in_a_file_is_named_or_recorded_when_unchecked():
    bad = FOREIGN.replace("64: 24/18 13/9", "64: 24/14 13/9")
    with pytest.raises(MatError, match="line 8 \\(game 1\\).*not legal"):
        read_match(bad)
    match = read_match(bad.split(" Game 2")[0], check=False)
    bobs_first = [a for a in match.games[0].actions if a.kind == "play"][1]
    assert bobs_first.dice == (6, 4) and bobs_first.legal is False


@pytest.mark.parametrize(
    "text, message",
    [
        ("Game 1\n", "no 'N point match' header"),
        (" 1 point match\n\n 31: 8/5 6/5\n", "expected 'Game 1'"),
        (" 1 point match\n Game 1\n A : 0  B : 0\n  1) 31: 8/5 6/5   Beavers\n", "beavers"),
        (" 1 point match\n Game 1\n A : 0  B : 0\n  1) 77: 8/5 6/5\n", "cannot read"),
        (" 1 point match\n Game 1\n A : 1  B : 0\n  1) 31: 8/5 6/5\n", "starts at 1-0, past the match length"),
        (
            " 3 point match\n Game 1\n A : 0  B : 0\n  1) 31: 8/5 6/5\n" + " " * 34 + "Wins 1 point\n\n"
            " Game 2\n A : 0  B : 2\n",
            "gives the score 0-2, the games before make it 0-1",
        ),
        (" 1 point match\n Game 1\n A : 0  B : 0\n  1) 33: 8/5 6/5\n", "opening roll cannot be a double"),
    ],
)
def test_bad_files_name_the_line(text, message):
    with pytest.raises(MatError, match=message):
        read_match(text)


def test_unrecorded_play_stops_the_replay_with_a_clear_message():
    text = " 1 point match\n Game 1\n A : 0  B : 0\n  1) 31: ???\n"
    assert read_mat(text).games[0].actions[0].play is None
    with pytest.raises(MatError, match="not recorded"):
        read_match(text)


def test_game_in_progress_is_written_without_a_result():
    match = Match(0)
    game = match.new_game()
    game.opening_roll(4, 2)
    game.play(next(p for p in game.legal_plays() if p.notation() == "8/4 6/4"))
    text = write_mat(match)
    assert text.endswith("  1) 42: 8/4 6/4                 ") and " 0 point match" in text
    assert isinstance(to_match(read_mat(text)).games[0], Game)


def test_rolled_then_resigned_is_written_as_gnubg_does_and_read_back():
    match = Match(1, names=("Ann", "Bob"))
    game = match.new_game()
    game.opening_roll(1, 3)
    game.play(next(p for p in game.legal_plays() if p.notation() == "8/5 6/5"))
    game.roll(6, 4)
    game.resign(0)
    text = write_mat(match)
    # gnubg's MOVE_SETDICE: the dice alone ("%3d) %-3s"), then the resignation
    assert text.endswith(" Game 1\n Ann : 0                        Bob : 0\n"
                         "  1)                             31: 8/5 6/5 \n"
                         "  2) 64:                         Wins 1 point\n\n")
    again = read_match(text)
    assert again.games[0].outcome == game.outcome and again.games[0].dice == (6, 4)
    assert write_mat(again) == text
