"""No illegal call in the bear-off on a borne-off count the reader was not sure of (issue 6, race game 4242).

While the mover may bear off, an unsure tray count is replaced by what the game allows (tracker.with_trusted_off),
so any reading with a checker misread on a point still adds up to 15: a phantom checker on light's 6-point read
after 4/2 4/off looked like '4/6' (moved backwards), and after 6/off 3/2 like a 6 borne off from below the 6-point.
Such a play is not judged (said, no alarm); with the tray surely counted an illegal bear-off is still called."""

from __future__ import annotations

from typing import Any

from device.seating import Seating
from device.tracker import GameTracker, State, _board_json
from rules.moves import legal_plays
from rules.position import Position
from tests.daemon_scenes import scene

SEATING = Seating("top-left")
# light bearing off: one checker off, the rest home; dark far from home
BEARING = Position.from_points({6: 2, 5: 3, 4: 3, 3: 3, 2: 2, 1: 1}, {6: 5, 8: 3, 13: 5, 18: 2})


def _tracker() -> GameTracker:
    """Light to play 6-1 in the bear-off, the reader's view of the board steady."""
    board = SEATING.board(BEARING, "light")
    return GameTracker(state=State(phase="moving", light_home=SEATING.light_home, game=1, turn="light", dice=[6, 1],
                                   before=BEARING.position_id(), board=_board_json(board),
                                   seen=[[n] for n in board.points], seen_bar=[[0], [0]]))


def _reading(after: Position, off_confidence: float, six: int = 0) -> Any:
    """Light's play ``after`` read with light's 6-point holding ``six`` more (a phantom) and light's tray counted
    with this confidence (an unsure count is what the board leaves, as the reader writes it)."""
    obs = scene(SEATING, after.swap(), "dark", confidence=[0.95] * 24)
    point = SEATING.geometric("light", 6)
    obs.points[point - 1] += six
    on = sum(n for n in obs.points if n > 0) + obs.bar["light"]
    obs.off = {"light": 15 - on, "dark": 0}
    obs.extra["off_confidence"] = {"light": off_confidence, "dark": 1.0}
    return obs


def _feed(tracker: GameTracker, obs: Any, times: int = 3) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for k in range(times):
        out += tracker.feed(tracker.settle(obs), 100 + 5 * k, 10 + k / 2)
    return out


def _after(notation: str) -> Position:
    return next(p.position for p in legal_plays(BEARING, 6, 1) if p.notation() == notation)


def test_a_phantom_on_the_six_point_with_the_tray_unsure_is_no_illegal_bear_off():
    out = _feed(_tracker(), _reading(_after("6/5 6/off"), off_confidence=0.2, six=1))
    assert not any(e.get("alert_id") for e in out)
    assert [(e["type"], e.get("code"), e.get("player")) for e in out] == [("warning", "unsure_reading", "light")]


def test_the_legal_bear_off_read_right_is_legal():
    out = _feed(_tracker(), _reading(_after("6/5 6/off"), off_confidence=0.2))
    assert [(e["type"], e.get("play"), e.get("legal")) for e in out] == [("play", "6/5 6/off", True)]


def test_an_illegal_bear_off_with_the_tray_surely_counted_is_called():
    # light bears off only one checker with the 6 and plays the 1 nowhere: 6/off, the tray surely holds 2
    after = Position(tuple(n - (1 if i == 5 else 0) for i, n in enumerate(BEARING.player)), BEARING.opponent)
    out = _feed(_tracker(), _reading(after, off_confidence=1.0))
    calls = [e for e in out if e["type"] == "play"]
    assert len(calls) == 1 and calls[0]["legal"] is False and calls[0].get("alert_id")


def test_the_last_checker_the_reader_never_saw_borne_off_ends_the_game():
    # light's last checker on his ace point, read as none while it stood (a steady misread); borne off with
    # 4-3, the reading is the legal result exactly as read: the play and the game end are said (race 4242,
    # frame 1740: taken for 'nothing moved', the game end went unsaid)
    last = Position.from_points({1: 1}, {6: 5, 8: 3, 13: 5, 18: 2})
    board = SEATING.board(last, "light")
    ace = SEATING.geometric("light", 1)
    seen = [[n] for n in board.points]
    seen[ace - 1] = [0]
    tracker = GameTracker(state=State(phase="moving", light_home=SEATING.light_home, game=1, turn="light",
                                      dice=[4, 3], before=last.position_id(), board=_board_json(board), seen=seen,
                                      seen_bar=[[0], [0]]))
    done = Position(tuple(0 for _ in last.player), last.opponent)
    out = _feed(tracker, _reading(done, off_confidence=0.5), times=2)
    assert [(e["type"], e.get("play"), e.get("legal"), e.get("winner")) for e in out] == [
        ("play", "1/off", True, None), ("game_end", None, None, "light")]
