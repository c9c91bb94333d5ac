"""A foul that stands wherever the checker the reading lacks stood is called (issue 6; h737 frame 190).

Light, on the bar, rolled 1-1 and played bar/23* 8/5 (one 1 too many): his checker that hit on the 23-point was read
as none with confidence, so the reading lacks one light checker. Every legal play needs a confident misread; the
illegal boards the reading may show put the lacking checker on either 5-stack (read as it stood: a tall stack the
reader may count one short), two boards as cheap as each other, each a foul. With no single cheapest board the
verdict was "not sure". Each weighed alone is illegal, so the foul stands either way and is called (when the
tracker judges on a board it believes for sure: ``either``); the tracker believes the first as a guess, unsure
where they differ.
"""

from __future__ import annotations

from device.matching import Reference, View, decide
from device.seating import Board, Seating
from rules.moves import legal_results
from rules.position import Position
from tests.daemon_scenes import die
from tests.test_tracker_faults import Reader

SEATING = Seating("bottom-right")  # light's points are the geometric ones
BEFORE = Position.from_position_id("wvPgQQTgc/ABRA")  # light on roll, one checker on the bar (h737 frame 190)
AFTER = Position.from_position_id("4HnwIELQZ/ABFA")  # after bar/23* 8/5 on 1-1
HIT_AT = 23  # geometric: where light's checker hit, read as none


def _reading(hitter_read: int) -> tuple[View, Reference, list[Board]]:
    before, after = SEATING.board(BEFORE, "light"), SEATING.board(AFTER, "light")
    points = list(after.points)
    points[HIT_AT - 1] = hitter_read
    tall = frozenset(i + 1 for i, n in enumerate(points) if abs(n) >= 5)
    view = View(tuple(points), after.bar, tall)
    ref = Reference(before, tuple((n,) for n in before.points))
    boards = list(dict.fromkeys(SEATING.board(r, "light") for r in legal_results(BEFORE, 1, 1)))
    return view, ref, boards


def test_a_foul_on_each_equally_cheap_board_is_called():
    view, ref, boards = _reading(0)
    found = decide(view, boards, ref, mover=1, either=True)
    assert found.kind == "illegal" and found.board is not None and len(found.ties) == 1
    assert found.board not in boards and found.ties[0] not in boards
    stacks = {i for i in range(24) if found.board.points[i] != found.ties[0].points[i]}
    assert stacks == {5, 12}  # light's 6- and 13-points (0-based): the lacking checker on one or the other


def test_without_either_the_same_reading_stays_not_sure():
    view, ref, boards = _reading(0)
    assert decide(view, boards, ref, mover=1).kind == "doubt"


def test_the_foul_read_whole_is_one_board_as_before():
    view, ref, boards = _reading(1)
    found = decide(view, boards, ref, mover=1, either=True)
    assert found.kind == "illegal" and found.ties == ()
    assert found.board == SEATING.board(AFTER, "light")


def test_the_tracker_calls_the_foul_and_believes_a_guess_where_the_boards_differ():
    r = Reader()
    r.show(Position.start(), "light")  # set up: the seating is known
    st = r.tracker.state
    st.phase, st.turn = "awaiting", "light"
    r.tracker._believe(SEATING.board(BEFORE, "light"), None)  # light on roll, on the bar (as in h737)
    r.show(BEFORE, "light")
    r.show(BEFORE, "light", (die(1, "right"), die(1, "right")))
    for _ in range(3):
        r.show(AFTER, "light", wrong={HIT_AT: 0})
    plays = [(e["player"], e["dice"], e["legal"]) for e in r.events if e["type"] == "play"]
    assert plays == [("light", [1, 1], False)]
    foul = next(e for e in r.events if e["type"] == "play")
    assert "illegal either way" in foul["reason"]  # which checkers moved is not sure, and it says so
    assert [e["type"] for e in r.alarms()] == ["play"]
    assert st.guessed and st.unsure_points is not None and {5, 12} <= set(st.unsure_points)
