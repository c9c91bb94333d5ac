"""Random scenes for labelled stills: a board, a position, dice, cube, hands, clutter, light, all from one seed."""

from __future__ import annotations

import dataclasses
import math
from typing import Optional

import numpy as np

from device.sim.layout import StackStyle, place_checkers, world_point
from device.sim.scene import (CHECKER_PAIRS, DIE_COLOURS, SCHEMES, BoardGeometry, Clutter, CubePiece,
                              DiePiece, HandPiece, Lighting, Scene, luminance, random_geometry)
from device.sim.board_art import LOGO_WORDS

TABLES = [((52, 62, 108), "cloth"), ((40, 80, 50), "cloth"), ((120, 120, 124), "cloth"), ((70, 44, 28), "wood"),
          ((176, 132, 90), "wood"), ((220, 218, 210), "cloth"), ((30, 30, 34), "cloth"), ((110, 30, 36), "cloth")]
SKINS = [(236, 196, 170), (224, 172, 140), (198, 140, 100), (160, 110, 76), (110, 74, 52), (240, 208, 186)]
SLEEVES = [(240, 140, 160), (40, 40, 44), (30, 50, 110), (230, 230, 230), (120, 20, 30), (80, 100, 80)]
NAMES = ["A. SMITH", "M. ROSSI", "K. TANAKA", "E. MEZINI", "J. DOE", "L. NOVAK", "S. LEE", "P. DUBOIS"]


def vary(colour: tuple, rng: np.random.Generator, spread: float = 0.06) -> tuple[int, int, int]:
    """A colour a little off the nominal one: overall brightness and each channel drift."""
    gain = 1 + rng.normal(0, spread)
    return tuple(int(np.clip(c * gain * (1 + rng.normal(0, spread / 3)) + rng.normal(0, 4), 0, 255))
                 for c in colour)  # type: ignore[return-value]


def other(seat: str) -> str:
    return "top" if seat == "bottom" else "bottom"


def random_position(rng: np.random.Generator, light_seat: str, home_right: bool
                    ) -> tuple[list[int], dict[str, int], dict[str, int]]:
    """(world points signed, bar, off): starting, middle-game, bear-off or tall-stack positions."""
    mode = rng.choice(["start", "middle", "bearoff", "stack"], p=[0.12, 0.55, 0.18, 0.15])
    pts = [0] * 24
    bar = {"light": 0, "dark": 0}
    off = {"light": 0, "dark": 0}
    for colour in ("light", "dark"):
        seat = light_seat if colour == "light" else other(light_seat)
        sign = 1 if colour == "light" else -1
        if mode == "start":
            plan = {24: 2, 13: 5, 8: 3, 6: 5}
        else:
            n_off = int(rng.integers(0, 14)) if mode == "bearoff" else 0
            n_bar = int(rng.choice([0, 0, 0, 0, 1, 1, 2, 3])) if mode == "middle" else 0
            left = 15 - n_off - n_bar
            off[colour], bar[colour] = n_off, n_bar
            if mode == "bearoff":
                cand = list(range(1, 7))
            else:
                cand = list(range(1, 25))
            free = [p for p in cand if pts[world_point(p, seat, home_right) - 1] * sign >= 0]
            k = int(rng.integers(1, min(len(free), 9) + 1)) if free else 0
            chosen = list(rng.choice(free, size=k, replace=False)) if k else []
            plan = {int(p): 0 for p in chosen}
            if mode == "stack" and chosen:
                big = int(rng.integers(7, left + 1)) if left >= 7 else left
                plan[int(chosen[0])] = big
                left -= big
            for _ in range(left):
                if not chosen:
                    break
                p = int(rng.choice(chosen))
                plan[p] += 1
            if not chosen:
                off[colour] += left
        for p, n in plan.items():
            wp = world_point(p, seat, home_right)
            if pts[wp - 1] * sign < 0:  # occupied by the other colour (start mode cannot collide)
                continue
            pts[wp - 1] += sign * n
    # checkers that could not be placed go off (keeps 15 each)
    for colour, sign in (("light", 1), ("dark", -1)):
        on = sum(n * sign for n in pts if n * sign > 0) + bar[colour] + off[colour]
        off[colour] += 15 - on
    return pts, bar, off


def free_spot(scene: Scene, rng: np.random.Generator, half: str, size: float, avoid: list[tuple[float, float]],
              on_points: bool = False) -> tuple[float, float]:
    """A place for a die in one half of the field, clear of checkers and other dice."""
    g = scene.geometry
    best, best_clear = (0.0, 0.0), -1e9
    for _ in range(80):
        x = rng.uniform(g.bar_w / 2 + size, g.field_x - size)
        band = g.field_h / 2 - (0.8 * size if on_points else g.point_len * 0.95)
        y = rng.uniform(-band, band)
        if half == "left":
            x = -x
        # clearance: how far the die stays from every checker and from the other dice (negative = touching)
        clear = min([math.hypot(x - c.x, y - c.y) - (g.checker_d / 2 + size) for c in scene.checkers
                     if abs(c.x) < g.field_x] + [math.hypot(x - ax, y - ay) - 1.8 * size for ax, ay in avoid]
                    + [math.hypot(x - c.x, y - c.y) - (c.size[0] + size) for c in scene.clutter
                       if c.kind == "cup"] + [1e9])
        if clear > 0:
            return float(x), float(y)
        if clear > best_clear:
            best, best_clear = (float(x), float(y)), clear
    return best


def keep_on_field(g: BoardGeometry, die: DiePiece, sign: float) -> None:
    """A die leaning on a checker stays on its half (``sign`` of x) of the field, clear of the walls and bar."""
    m = die.size * 0.6
    die.x = sign * min(max(abs(die.x), g.bar_w / 2 + m), g.field_x - m)
    die.y = min(max(die.y, -g.field_h / 2 + m), g.field_h / 2 - m)


def roll_dice(scene: Scene, rng: np.random.Generator, values: list[int], halves: list[str], colour: str,
              size: float, cocked: Optional[int] = None) -> list[DiePiece]:
    g = scene.geometry
    out: list[DiePiece] = []
    spots: list[tuple[float, float]] = []
    for k, (v, half) in enumerate(zip(values, halves)):
        x, y = free_spot(scene, rng, half, size, spots, on_points=rng.random() < 0.3)
        spots.append((x, y))
        north = int(rng.choice([n for n in range(1, 7) if n not in (v, 7 - v)]))
        die = DiePiece(x, y, g.field_z, int(v), float(rng.uniform(0, 2 * math.pi)), colour, size, north=north)
        if cocked == k:
            die.cocked = True
            die.tilt = float(rng.uniform(0.3, 0.6)) * (1 if rng.random() < 0.5 else -1)
            # leaning on the nearest checker if one is close, else on the frame wall: move it there
            near = min((c for c in scene.checkers if c.x * x > 0), key=lambda c: (c.x - x) ** 2 + (c.y - y) ** 2,
                       default=None)
            if near is not None and near.z >= g.field_z - 1e-6 and abs(near.x) < g.field_x:
                ang = math.atan2(y - near.y, x - near.x)
                dist = g.checker_d / 2 + size * 0.55
                die.x, die.y = near.x + dist * math.cos(ang), near.y + dist * math.sin(ang)
            else:
                die.y = math.copysign(g.field_h / 2 - size * 0.55, y)
            keep_on_field(g, die, 1.0 if x >= 0 else -1.0)
        out.append(die)
    return out


def random_scene(rng: np.random.Generator, seed: int = 0, board_kind: Optional[str] = None, hands: Optional[bool]
                 = None, scheme: Optional[int] = None, pair_index: Optional[int] = None) -> Scene:
    """A random scene; ``scheme`` / ``pair_index`` pick a board design and checker set (for a set that must
    show them all)."""
    g = random_geometry(rng, board_kind)
    k = int(rng.integers(len(SCHEMES)))
    scheme_ = SCHEMES[k if scheme is None else scheme % len(SCHEMES)]
    k = int(rng.integers(len(CHECKER_PAIRS)))
    pair = CHECKER_PAIRS[k if pair_index is None else pair_index % len(CHECKER_PAIRS)]
    if rng.random() < 0.5:
        pair = type(pair)(pair.name, pair.b, pair.a, pair.style)
    # no two sets are dyed alike: every colour drifts a little from the scheme's
    pair = dataclasses.replace(pair, a=vary(pair.a, rng), b=vary(pair.b, rng))
    scheme_ = dataclasses.replace(scheme_, field=vary(scheme_.field, rng), point_a=vary(scheme_.point_a, rng),
                                  point_b=vary(scheme_.point_b, rng), frame_colour=vary(scheme_.frame_colour, rng),
                                  tray_floor=vary(scheme_.tray_floor, rng))
    table, table_kind = TABLES[int(rng.integers(len(TABLES)))]
    table = vary(table, rng, 0.12)
    scene = Scene(geometry=g, scheme=scheme_, checkers_pair=pair, light_is_a=luminance(pair.a) >= luminance(pair.b),
                  table=table, table_kind=table_kind, seed=seed)
    scene.light_seat = "bottom" if rng.random() < 0.5 else "top"
    scene.home_right = bool(rng.random() < 0.6)
    scene.logo = str(rng.choice(LOGO_WORDS)) if rng.random() < 0.6 else ""
    scene.logo_box = bool(rng.random() < 0.4)
    pts, bar, off = random_position(rng, scene.light_seat, scene.home_right)
    scene.world_points, scene.bar, scene.off = pts, bar, off
    scene.checkers = place_checkers(g, pts, bar, off, rng, StackStyle.random(rng), scene.light_seat,
                                    scene.home_right)
    scene.lighting = random_lighting(rng, g)
    # dice
    n_dice = int(rng.choice([0, 2, 2, 2, 2, 1]))
    if n_dice:
        roller = "bottom" if rng.random() < 0.5 else "top"
        right = "right" if roller == "bottom" else "left"
        halves = [right] * n_dice
        if rng.random() < 0.12:  # dice on the wrong half, or one in each (an opening roll)
            halves = [("left" if right == "right" else "right")] * n_dice if rng.random() < 0.5 else \
                ["left", "right"][:n_dice]
        colour = str(rng.choice(list(DIE_COLOURS)))
        size = float(rng.uniform(1.2, 1.9))
        cocked = 0 if rng.random() < 0.12 else None
        scene.dice = roll_dice(scene, rng, [int(v) for v in rng.integers(1, 7, n_dice)], halves, colour, size, cocked)
    scene.cube = random_cube(rng, g)
    scene.clutter = random_clutter(rng, g)
    if rng.random() < 0.12:  # dice cups left standing on the field, as in many photos
        spots = [(d.x, d.y) for d in scene.dice]
        colour = (60, 36, 24) if rng.random() < 0.5 else (26, 26, 28)
        for half in ("left", "right"):
            if rng.random() < 0.6:
                x, y = free_spot(scene, rng, half, 3.8, spots)
                spots.append((x, y))
                scene.clutter.append(Clutter("cup", x, y, 0.0, (3.6, 3.6, float(rng.uniform(8, 10))), colour))
    if rng.random() < 0.5:
        side = 1 if rng.random() < 0.5 else -1
        scene.marker = (int(rng.integers(0, 50)), float(rng.uniform(4, 8)),
                        float(side * (g.outer_right + rng.uniform(5, 9)) if side > 0 else
                              g.outer_left - rng.uniform(5, 9)), float(rng.uniform(-g.height / 3, g.height / 3)))
    if hands if hands is not None else rng.random() < 0.25:
        scene.hands = [random_hand(rng, g, scene)]
        if rng.random() < 0.2:  # both players reaching in at once
            seat = {"bottom": "top", "top": "bottom", "left": "right", "right": "left"}[scene.hands[0].seat]
            scene.hands.append(random_hand(rng, g, scene, seat))
    return scene


def random_hand(rng: np.random.Generator, g: BoardGeometry, scene: Scene, seat: Optional[str] = None) -> HandPiece:
    seat = seat or str(rng.choice(["bottom", "top", "bottom", "top", "left", "right"]))
    return HandPiece(
        x=float(rng.uniform(-g.field_x, g.field_x)), y=float(rng.uniform(-g.field_h / 2, g.field_h / 2)),
        lift=float(rng.uniform(2.5, 12)), seat=seat, skin=SKINS[int(rng.integers(len(SKINS)))],
        sleeve=SLEEVES[int(rng.integers(len(SLEEVES)))] if rng.random() < 0.6 else None,
        spread=float(rng.normal(0, 8)), holding=str(rng.choice(["light", "dark"])) if rng.random() < 0.3 else None,
        blur=float(rng.choice([0, 0, rng.uniform(4, 25)])))


def random_cube(rng: np.random.Generator, g: BoardGeometry) -> Optional[CubePiece]:
    where = rng.choice(["bar", "tray", "table", "field", "none"], p=[0.45, 0.2, 0.12, 0.08, 0.15])
    size = float(rng.uniform(1.8, 2.6))
    colour = str(rng.choice(["white", "black", "red", "ivory"]))
    yaw = float(rng.normal(0, 0.15))
    if where == "bar":
        return CubePiece(float(rng.normal(0, 0.2)), float(rng.normal(0, 1.0)), g.frame_z, 64, yaw, size, colour)
    value = int(rng.choice([2, 4, 8, 16, 32, 64], p=[0.45, 0.25, 0.12, 0.08, 0.05, 0.05]))
    if where == "tray":
        for side in ("right", "left"):
            r = g.tray_rect(side)
            if r and r[2] - r[0] > size * 1.05:
                return CubePiece((r[0] + r[2]) / 2, float(rng.uniform(r[1] + size, r[3] - size)), g.field_z, value,
                                 yaw, size, colour)
        where = "table"
    if where == "table":
        x = g.outer_right + size * 1.5 if rng.random() < 0.5 else g.outer_left - size * 1.5
        return CubePiece(x, float(rng.uniform(-g.height / 3, g.height / 3)), 0.0, value, yaw, size, colour)
    if where == "field":
        y = (g.field_h / 2 - g.point_len - size) * (1 if rng.random() < 0.5 else -1)
        return CubePiece(float(rng.uniform(-g.field_x + size, -g.bar_w)), y, g.field_z, value, yaw, size, colour)
    return None


def random_clutter(rng: np.random.Generator, g: BoardGeometry) -> list[Clutter]:
    items: list[Clutter] = []
    kinds = ["score_card", "name_card", "clock", "cup", "cup", "paper", "name_card"]
    for _ in range(int(rng.integers(0, 6))):
        kind = str(rng.choice(kinds))
        size = {"score_card": (10, 14, 0.3), "name_card": (12, 5, 0.2), "clock": (17, 8, 6), "cup": (3.6, 3.6, 9),
                "paper": (21, 29.7, 0.1)}[kind]
        colour = {"score_card": (245, 245, 240), "name_card": (240, 240, 235), "clock": (30, 40, 90),
                  "cup": (60, 36, 24), "paper": (246, 246, 244)}[kind]
        if kind == "clock" and rng.random() < 0.5:
            colour = (70, 40, 30)
        for _ in range(30):
            side = rng.choice(["left", "right", "top", "bottom"])
            gap = rng.uniform(3, 18)
            if side in ("left", "right"):
                x = g.outer_right + gap + size[0] / 2 if side == "right" else g.outer_left - gap - size[0] / 2
                y = rng.uniform(-g.height / 2, g.height / 2)
            else:
                x = rng.uniform(g.outer_left, g.outer_right)
                y = (g.height / 2 + gap + size[1] / 2) * (1 if side == "bottom" else -1)
            ok = all(abs(x - c.x) > (size[0] + c.size[0]) / 2 + 1 or abs(y - c.y) > (size[1] + c.size[1]) / 2 + 1
                     for c in items)
            if ok:
                break
        text = {"score_card": f"{int(rng.integers(0, 10))}   {int(rng.integers(0, 10))}",
                "name_card": str(rng.choice(NAMES)), "paper": ""}.get(kind, "")
        items.append(Clutter(kind, float(x), float(y), float(rng.normal(0, 0.1)), size, colour, text))
    for side in (-1, 1):  # the players themselves, at the table edge beyond the board
        if rng.random() < 0.35:
            y = side * (g.height / 2 + rng.uniform(32, 48))
            items.append(Clutter("person", float(rng.normal(0, 8)), float(y), float(rng.normal(0, 0.1)),
                                 (float(rng.uniform(60, 80)), float(rng.uniform(35, 45)), 0.0),
                                 SLEEVES[int(rng.integers(len(SLEEVES)))]))
    return items


def random_lighting(rng: np.random.Generator, g: BoardGeometry) -> Lighting:
    temp = rng.uniform(-1, 1)
    colour = (1 + 0.1 * temp, 1.0, 1 - 0.14 * temp)
    return Lighting(colour=colour, azimuth=float(rng.uniform(0, 2 * math.pi)),
                    elevation=float(math.radians(rng.uniform(48, 88))), gradient=float(rng.uniform(0, 0.35)),
                    glare=float(rng.uniform(0.1, 0.45)) if rng.random() < 0.4 else 0.0,
                    glare_at=(float(rng.uniform(-g.field_x, g.field_x)), float(rng.uniform(-g.field_h / 2,
                                                                                         g.field_h / 2))),
                    ambient=float(rng.uniform(0.2, 0.8)), exposure=float(rng.uniform(0.8, 1.15)))
