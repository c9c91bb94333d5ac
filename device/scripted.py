"""Scripted games as label-only recordings: a perfect reader's view of a game, with the events it must produce.

Each scene is held for a number of still frames after a few "moving" frames (hands over the board), exactly as a
rendered video's labels.jsonl describes it. Plays come from the rules engine's move generator; illegal plays,
cocked dice and dice in the wrong half are injected on request. The expected event of a scene is dated at its
first still frame, the frame a perfect referee could decide it (two agreeing reads make the referee one later).
Used by the daemon's tests and by its benchmark (device/bench_daemon.py) to drive the referee without rendering.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Optional

from device.seating import Seating, other
from rules.moves import legal_plays, legal_results
from rules.position import Position

HALF_X = {"right": 850.0, "left": 350.0, None: 1250.0}
CORNERS = [[100.0, 100.0], [1100.0, 100.0], [1100.0, 700.0], [100.0, 700.0]]


class Script:
    def __init__(self, seating: Seating, still: int = 4, moving: int = 3) -> None:
        self.seating = seating
        self.still, self.moving = still, moving
        self.labels: list[dict[str, Any]] = []
        self.expected: list[dict[str, Any]] = []

    def scene(self, position: Position, mover: str, dice: tuple = (), expect: Optional[dict] = None,
              still: Optional[int] = None, cube: Optional[tuple] = None) -> None:
        board = self.seating.board(position, mover)
        base = {
            "board": {"found": True, "corners": CORNERS},
            "points": list(board.points),
            "bar": {"light": board.bar[0], "dark": board.bar[1]},
            "off": {"light": board.off[0], "dark": board.off[1]},
            "dice": [{"value": v, "flat": flat, "center": [HALF_X[h] + 40 * i, 400.0], **({"half": h} if h else {})}
                     for i, (v, h, flat) in enumerate(dice)],
            "cube": None if cube is None else {"value": cube[0],
                                               "center": [600.0, {"top": 160.0, "middle": 400.0,
                                                                  "bottom": 640.0}[cube[1]]]},
        }
        for _ in range(self.moving):
            self.labels.append({**base, "frame": len(self.labels), "hands": 1, "moving": True})
        first_still = len(self.labels)
        for _ in range(still or self.still):
            self.labels.append({**base, "frame": len(self.labels), "hands": 0, "moving": False})
        if expect is not None:
            self.expected.append({**expect, "frame": first_still})

    def write(self, folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "video.json").write_text(json.dumps({"fps": 10, "width": 1200, "height": 800,
                                                       "light_seat": self.seating.light_seat}))
        with (folder / "labels.jsonl").open("w") as fh:
            for label in self.labels:
                fh.write(json.dumps(label) + "\n")
        with (folder / "events.jsonl").open("w") as fh:
            for event in self.expected:
                fh.write(json.dumps(event) + "\n")
        return folder


def illegal_variant(before: Position, after: Position, rng: random.Random) -> Optional[Position]:
    """``after`` with one of the mover's checkers pushed one pip further, if that is a real, illegal result."""
    points = [i for i in range(1, 24) if after.player[i] > 0]
    rng.shuffle(points)
    for i in points:  # the checker on point i + 1 goes to point i
        if after.opponent[24 - i] >= 1:
            continue
        player = list(after.player)
        player[i] -= 1
        player[i - 1] += 1
        try:
            return Position(tuple(player), after.opponent)
        except Exception:
            continue
    return None


def scripted_game(seed: int, home: str = "bottom-right", illegal: int = 0, cocked: int = 0, wrong_half: int = 0,
                  max_turns: int = 400) -> Script:
    """A whole game (to the last checker borne off) with the given numbers of injected faults."""
    rng = random.Random(seed)
    seating = Seating(home)
    script = Script(seating)
    start = Position.start()
    script.scene(start, "light", expect={"type": "setup", "light": seating.light_seat})
    # opening: equal dice once, then a decision
    r = {c: seating.right_half(c) for c in ("light", "dark")}
    script.scene(start, "light", ((4, r["light"], True), (4, r["dark"], True)),
                 expect={"type": "opening_roll", "light": 4, "dark": 4, "first": None})
    script.scene(start, "light")
    light, dark = rng.sample(range(1, 7), 2)
    first = "light" if light > dark else "dark"
    script.scene(start, "light", ((light, r["light"], True), (dark, r["dark"], True)),
                 expect={"type": "opening_roll", "light": light, "dark": dark, "first": first})
    mover, dice, position = first, sorted([light, dark], reverse=True), start.swap() if first == "dark" else start
    turn = 0
    faults = {"illegal": illegal, "cocked": cocked, "wrong_half": wrong_half}
    while turn < max_turns:
        turn += 1
        plays = legal_plays(position, dice[0], dice[1])
        after = rng.choice(plays).position if plays else position
        halves = ((dice[0], r[mover], True), (dice[1], r[mover], True))
        if plays and len(plays[0].moves) >= 2:  # an in-between step with the dice still down
            from rules.moves import apply_play

            mid = apply_play(position, plays[0].moves[:1])
            script.scene(mid, mover, halves)
        bad = None
        if faults["illegal"] and turn % 3 == 0 and plays:
            bad = illegal_variant(position, after, rng)
        if bad is not None and bad not in legal_results(position, dice[0], dice[1]):
            faults["illegal"] -= 1
            script.scene(bad, mover, halves)
            script.scene(bad, mover, expect={"type": "play", "player": mover, "dice": dice, "legal": False})
            after = bad  # it stands: the opponent rolls on it
        else:
            script.scene(after, mover, halves)
            notation = next((p.notation() for p in plays if p.position == after), "(no play)") if plays else "(no play)"
            script.scene(after, mover, expect={"type": "play", "player": mover, "dice": dice, "legal": True,
                                               "play": notation})
        if after.player_off == 15:
            script.expected.append({**script.expected[-1], "type": "game_end", "winner": mover})
            script.expected[-1].pop("dice", None)
            script.expected[-1].pop("legal", None)
            script.expected[-1].pop("play", None)
            script.expected[-1].pop("player", None)
            break
        mover, position = other(mover), after.swap()
        for fault in ("cocked", "wrong_half"):
            if faults[fault] and rng.random() < 0.3:
                faults[fault] -= 1
                d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
                if fault == "cocked":
                    bad_dice = ((d1, r[mover], False), (d2, r[mover], True))
                else:
                    bad_dice = ((d1, r[mover], True), (d2, r[other(mover)], True))
                script.scene(position, mover, bad_dice,
                             expect={"type": "reroll", "player": mover, "reason": fault})
                script.scene(position, mover)
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        dice = sorted([d1, d2], reverse=True)
        script.scene(position, mover, ((d1, r[mover], True), (d2, r[mover], True)),
                     expect={"type": "roll", "player": mover, "dice": dice})
    return script
