import pytest

from rules.errors import RulesError
from rules.position import Position
from rules.scoring import (
    BACKGAMMON,
    CLUB_HOME,
    CLUB_OUTER,
    CLUB_SINGLE,
    GAMMON,
    SINGLE,
    Ruleset,
    Tally,
    game_result,
    resignation_points,
    session_totals,
)


def finished(loser_points: dict[int, int], loser_bar: int = 0) -> Position:
    """The winner (side on roll) has borne off everything; the loser's checkers are given in his own numbering."""
    return Position.from_points({}, loser_points, opponent_bar=loser_bar)


@pytest.mark.parametrize(
    "loser, bar, cube, expected",
    [
        ({1: 3}, 0, 1, (SINGLE, 1)),  # 12 borne off
        ({6: 15}, 0, 1, (GAMMON, 2)),  # none off, all home
        ({6: 14, 13: 1}, 0, 2, (GAMMON, 4)),  # none off, one in the winner's outer board
        ({6: 14, 19: 1}, 0, 1, (BACKGAMMON, 3)),  # none off, one in the winner's home board
        ({6: 14}, 1, 4, (BACKGAMMON, 12)),  # none off, one on the bar
        ({24: 1, 6: 14}, 0, 1, (BACKGAMMON, 3)),
        ({19: 1, 6: 1}, 0, 8, (SINGLE, 8)),  # one off saves the gammon even deep in the winner's board
    ],
)
def test_standard_kinds(loser, bar, cube, expected):
    assert game_result(finished(loser, bar), cube, "standard") == expected


def test_winner_found_on_either_side():
    pos = Position.from_points({6: 15}, {})  # the side on roll lost a gammon
    kind, points = game_result(pos, 2, Ruleset.STANDARD)
    assert (kind, points) == (GAMMON, 4)


@pytest.mark.parametrize(
    "loser, bar, expected",
    [
        ({19: 1, 1: 1}, 0, (CLUB_HOME, 3)),
        ({24: 2}, 0, (CLUB_HOME, 3)),
        ({1: 1}, 1, (CLUB_HOME, 3)),
        ({18: 1, 1: 3}, 0, (CLUB_OUTER, 2)),  # winner's outer board
        ({7: 1}, 0, (CLUB_OUTER, 2)),  # his own outer board
        ({12: 1, 13: 1}, 0, (CLUB_OUTER, 2)),
        ({6: 15}, 0, (CLUB_SINGLE, 1)),  # none borne off, all in his own home board: the text says 1
        ({1: 1}, 0, (CLUB_SINGLE, 1)),
    ],
)
def test_club_kinds(loser, bar, expected):
    assert game_result(finished(loser, bar), ruleset="club") == expected


def test_club_refuses_a_cube():
    with pytest.raises(RulesError, match="no doubling cube"):
        game_result(finished({6: 1}), 2, "club")


def test_unfinished_or_bad_inputs_are_named():
    with pytest.raises(RulesError, match="neither side"):
        game_result(Position.start())
    with pytest.raises(RulesError, match="not one of"):
        Ruleset.parse("chouette")
    with pytest.raises(RulesError, match="power of two"):
        game_result(finished({6: 1}), 3)


def test_sides_pair_form_matches_position_form():
    pos = finished({6: 14, 20: 1})
    assert game_result((pos.player, pos.opponent), 2) == game_result(pos, 2) == (BACKGAMMON, 6)


def test_jacoby_counts_single():
    assert game_result(finished({6: 15}), 1, count_gammons=False) == (SINGLE, 1)


def test_resignations_and_session_totals():
    assert resignation_points(GAMMON, 4) == 8
    assert resignation_points(CLUB_OUTER, 1, "club") == 2
    with pytest.raises(RulesError):
        resignation_points("everything")
    assert session_totals([(0, 3), (1, 2), (0, 1)]) == (4, 2)
    tally = Tally()
    with pytest.raises(RulesError, match="player 2"):
        tally.add(2, 1)
