"""When the tracker asks to look again (a die read cocked, a face not made out), the referee makes the reader read
the next frame afresh: vision.reader.Reader answers a frame that looks unchanged with its last observation, so
without this a die read cocked while it still rocked is read cocked again (held-out held303, frame 120: a false
re-roll call with today's reader)."""

from __future__ import annotations

from device.referee import Referee, oracle_reader
from device.seating import Seating
from device.sources import Frame
from device.tracker import GameTracker
from rules.moves import legal_plays
from rules.position import Position
from tests.daemon_scenes import SceneSource, die
from vision.observation import BoardInfo, Observation

START = Position.start()
SEATING = Seating("bottom-right")




def _run(dark_dice: tuple) -> tuple[Referee, object]:
    from vision.reader import Reader

    light = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    scenes = [(START, "light", ()), (START, "light", (die(3, "right"), die(1, "left"))), (light, "light", ()),
              (light.swap(), "dark", dark_dice)]
    reader = Reader()
    remembered = Observation(board=BoardInfo(found=True))
    reader._last_obs = remembered  # what the reader would answer an unchanged frame with

    def read(frame: Frame) -> Observation:
        return oracle_reader(frame)

    read.reader = reader  # type: ignore[attr-defined]
    referee = Referee(SceneSource(SEATING, scenes), read, GameTracker())
    referee.keep_events = True
    referee.run()
    return referee, reader


def test_a_die_read_cocked_makes_the_reader_look_afresh():
    half = SEATING.right_half("dark")
    referee, reader = _run((die(5, half, flat=False), die(2, half)))
    assert reader._last_obs is None
    assert [(e["type"], e.get("reason")) for e in referee.events][-1] == ("reroll", "cocked")


def test_a_clear_roll_leaves_the_reader_as_it_is():
    half = SEATING.right_half("dark")
    referee, reader = _run((die(5, half), die(2, half)))
    assert reader._last_obs is not None
    assert [(e["type"], e.get("dice")) for e in referee.events][-1] == ("roll", [5, 2])
