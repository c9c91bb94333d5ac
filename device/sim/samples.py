"""The committed sample set: labelled stills covering the renderer's variety and one short scripted game video.
Rebuilt exactly by ``bgref render samples`` (fixed seeds, fixed options)."""

from __future__ import annotations

import shutil
from pathlib import Path

from device.sim.scene import CHECKER_PAIRS, SCHEMES
from device.sim.stills import render_still, write_still
from device.sim.video import write_game

STILL_COUNT = 40
FIRST_SEED = 1000
GAME_SEED = 1
GAME_PLAYS = 6
STILL_QUALITY = 70
GAME_QUALITY = 65
GAME_SIZE = (960, 540)  # 1280x720 frames would take the set past its size budget (15 MB)


def still_options(i: int) -> dict:
    """Options of sample still ``i``: every board scheme and checker set, some hands, two portrait views,
    travel and oversize boards, a few full-size Pi frames."""
    opts: dict = {"seed": FIRST_SEED + i, "scheme": i % len(SCHEMES), "pair": (i * 3) % len(CHECKER_PAIRS),
                  "size": (1280, 720), "hands": None, "portrait": False, "board_kind": None}
    if i % 8 == 3:
        opts["hands"] = True
    if i in (7, 23):
        opts["portrait"] = True
    if i in (5, 29):
        opts["board_kind"] = "travel"
    if i == 13:
        opts["board_kind"] = "oversize"
    if i in (10, 30):
        opts["size"] = (1536, 864)
    return opts


def build_samples(out: Path) -> None:
    out = Path(out)
    stills = out / "stills"
    for folder in (stills, out / "game"):
        if folder.exists():
            shutil.rmtree(folder)
    for i in range(STILL_COUNT):
        o = still_options(i)
        still = render_still(o["seed"], size=o["size"], board_kind=o["board_kind"], hands=o["hands"],
                             portrait=o["portrait"], scheme=o["scheme"], pair=o["pair"])
        write_still(still, stills, f"sim_{i:02d}", STILL_QUALITY)
    write_game(out / "game", seed=GAME_SEED, plays=GAME_PLAYS, size=GAME_SIZE, quality=GAME_QUALITY,
               scripted=True)
