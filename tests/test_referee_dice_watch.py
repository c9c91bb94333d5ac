"""The referee says once, with what to do, when the camera reads no dice while the game goes on (dice too small
in the picture: held-out held404 at 960x540, dice ~8 px), and never while dice are read or the board is set up."""

from __future__ import annotations

from typing import Iterator

from device.referee import DICE_UNSEEN_MOVES, Referee, oracle_reader
from device.seating import Seating
from device.sources import Frame, Source
from device.tracker import GameTracker
from rules.moves import legal_plays
from rules.position import Position
from tests.daemon_scenes import SceneSource, die

START = Position.start()
SEATING = Seating("bottom-right")




def _game(turns: int, dice_seen: bool) -> list[tuple]:
    """A game of ``turns`` plays (each the first legal play of 3-1, 6-4, 5-2, ... in turn), its rolls shown on the
    board only if ``dice_seen``."""
    rolls = [(3, 1), (6, 4), (5, 2), (4, 2), (6, 5), (5, 3), (4, 1), (6, 2)]
    position, mover = START, "light"
    out: list[tuple] = [(START, "light", ())]
    for k in range(turns):
        roll = rolls[k % len(rolls)]
        half = SEATING.right_half(mover) if k else None
        dice = ((die(roll[0], half or "right"), die(roll[1], half or "left")) if dice_seen else ())
        out.append((position, mover, dice))
        played = legal_plays(position, *roll)[0].position
        out.append((played, mover, ()))
        position, mover = played.swap(), "dark" if mover == "light" else "light"
    return out


def _warnings(scenes: list[tuple]) -> list[dict]:
    referee = Referee(SceneSource(SEATING, scenes), oracle_reader, GameTracker())
    referee.keep_events = True
    referee.run()
    return [e for e in referee.events if e.get("code") == "dice_unseen"]


def test_a_game_played_with_no_die_ever_read_is_warned_of_once_with_what_to_do():
    warnings = _warnings(_game(DICE_UNSEEN_MOVES + 4, dice_seen=False))
    assert len(warnings) == 1
    message = warnings[0]["message"]
    assert "too small" in message and "camera closer" in message and "resolution" in message
    assert not warnings[0].get("alert")


def test_no_warning_while_the_dice_are_read():
    assert _warnings(_game(DICE_UNSEEN_MOVES + 4, dice_seen=True)) == []


def _misread(position: Position, k: int) -> Position:
    """``position`` as a poor reading shows it: one of the mover's checkers seen on another point (``k`` picks
    which), so two points differ from the board and from the other misreads."""
    player = list(position.player)
    held = [i for i in range(24) if player[i]]
    src = held[k % len(held)]
    dst = next(i for i in range(24) if i != src and not position.opponent[23 - i])
    player[src] -= 1
    player[dst] += 1
    return Position(tuple(player), position.opponent)


def test_no_warning_for_board_changes_between_turns_whose_rolls_were_read():
    """A cube turned and taken between two read turns, the board read differently from one reading to the next
    meanwhile, no die on it: every roll was read, so the dice are not too small (games 15434, 24434, 41535 were
    told to move the camera)."""
    game = _game(4, dice_seen=True)
    position, mover, _ = game[-1]
    flicker = [(_misread(position, k), mover, ()) for k in range(DICE_UNSEEN_MOVES + 3)]
    referee = Referee(SceneSource(SEATING, game + flicker + [(position, mover, ())]), oracle_reader, GameTracker())
    referee.keep_events = True
    referee.run()
    assert sum(e.get("type") in ("roll", "opening_roll") and not e.get("inferred") for e in referee.events) == 4
    assert referee.dice_watch.moves >= DICE_UNSEEN_MOVES  # the flicker changed the board often enough ...
    assert [e for e in referee.events if e.get("code") == "dice_unseen"] == []  # ... yet no warning


class _Setting(Source):
    """The board being set up: checkers put down on some points, no dice, each step held still."""

    def frames(self) -> Iterator[Frame]:
        from vision.observation import BoardInfo, Observation

        start = SEATING.board(START, "light")
        held = [i for i, n in enumerate(start.points) if n]
        for k in range(8):  # checkers put down and taken up again: never the whole start, so no game begins
            half = held[:4] if k % 2 else held[4:]
            points = [n if i in half else 0 for i, n in enumerate(start.points)]
            label = Observation(board=BoardInfo(found=True, corners=[[100.0, 100.0], [1100.0, 100.0],
                                                                     [1100.0, 700.0], [100.0, 700.0]]),
                                points=points, bar={"light": 0, "dark": 0}, off={"light": None, "dark": None}
                                ).to_dict()
            label["hands"] = False
            for j in range(3):
                yield Frame(3 * k + j, (3 * k + j) / 10, None, label=dict(label, frame=3 * k + j))


def test_no_warning_for_checkers_moved_while_the_board_is_set_up():
    referee = Referee(_Setting(), oracle_reader, GameTracker())
    referee.keep_events = True
    referee.run()
    assert referee.tracker.state.phase == "setup"
    assert referee.dice_watch.moves == 0 and not any(e.get("code") == "dice_unseen" for e in referee.events)


class _Read:
    """The oracle's readings, from a reader whose board (a saved calibration) spans ``width`` px of the picture."""

    def __init__(self, width: float) -> None:
        import numpy as np

        from calibration.geometry import BoardGeometry, standard_layout

        size = (880, 660)
        corners = np.array([[100.0, 100.0], [100.0 + width, 100.0], [100.0 + width, 100.0 + 0.75 * width],
                            [100.0, 100.0 + 0.75 * width]])
        self.reader = type("CalibratedReader", (), {"calibrated": True, "geometry": BoardGeometry.from_corners(
            corners, rect_size=size, image_size=(int(width) + 200, int(0.75 * width) + 200),
            **standard_layout(size, 0.06))})()

    def __call__(self, frame):
        return oracle_reader(frame)


def _die_size_warnings(width: float) -> list[dict]:
    referee = Referee(SceneSource(SEATING, _game(4, dice_seen=True)), _Read(width), GameTracker())
    referee.keep_events = True
    referee.run()
    return [e for e in referee.events if e.get("code") == "dice_small"]


def test_dice_too_small_in_the_picture_are_said_once_at_the_start():
    from vision.dice import MIN_DIE_PX
    from vision.reader import die_edge_px

    read = _Read(400.0)  # a board 400 px long: a die of about 8 px
    assert die_edge_px(read.reader.geometry) < MIN_DIE_PX
    warnings = _die_size_warnings(400.0)
    assert len(warnings) == 1
    assert "px across" in warnings[0]["message"] and "camera closer" in warnings[0]["message"]
    assert not warnings[0].get("alert")


def test_dice_large_enough_are_not_warned_of():
    from vision.dice import MIN_DIE_PX
    from vision.reader import die_edge_px

    assert die_edge_px(_Read(1200.0).reader.geometry) >= MIN_DIE_PX
    assert _die_size_warnings(1200.0) == []
