"""Where checkers physically sit for a given count on each point, the bar and off, and how a player's own point
numbers map to world points (which depends on the seat and on which end the home boards are)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from device.sim.scene import BoardGeometry, CheckerPiece


def mirror(world_point: int) -> int:
    """The world point mirrored left-right (home boards on the other end)."""
    return 13 - world_point if world_point <= 12 else 37 - world_point


def world_point(own_point: int, seat: str, home_right: bool) -> int:
    """World point of a player's own point 1-24 (1 = the ace point) for a player at ``seat`` (bottom/top)."""
    w = own_point if seat == "bottom" else 25 - own_point
    return w if home_right else mirror(w)


@dataclass
class StackStyle:
    """How a player arranges checkers: row length before starting a second layer, spacing and tidiness."""

    row_cap: int = 6
    spacing: float = 1.02  # centre distance in diameters
    jitter: float = 0.05  # random offset in diameters

    @classmethod
    def random(cls, rng: np.random.Generator) -> "StackStyle":
        return cls(row_cap=int(rng.choice([5, 6, 6, 7, 7, 8])), spacing=float(rng.uniform(1.0, 1.06)),
                   jitter=float(rng.uniform(0.01, 0.08)))


def point_positions(g: BoardGeometry, wp: int, n: int, style: StackStyle, rng: np.random.Generator
                    ) -> list[tuple[float, float, int]]:
    """(x, y, layer) of ``n`` checkers on world point ``wp``: a row from the base outward, then further layers
    offset by half a diameter on top of the first row, as players stack when a row gets too long."""
    x0, y0, direction = g.point_slot(wp)
    d = g.checker_d
    out: list[tuple[float, float, int]] = []
    # a row never crosses the middle of the board: on small boards players start the second layer sooner
    room = int((g.field_h / 2 - 0.35 * d) // (d * style.spacing))
    cap, layer, offset = max(3, min(style.row_cap, room)), 0, 0.0
    while len(out) < n:
        for k in range(cap):
            if len(out) >= n:
                break
            along = d / 2 + (k + offset) * d * style.spacing + 0.03 * d
            jx, jy = rng.normal(0, style.jitter * d, 2)
            out.append((x0 + jx, y0 + direction * along + jy * 0.5, layer))
        layer += 1
        offset += 0.5
        cap = max(1, cap - 1)
    return out


def place_checkers(
    g: BoardGeometry,
    world_points: list[int],
    bar: dict[str, int],
    off: dict[str, int],
    rng: np.random.Generator,
    style: StackStyle,
    light_seat: str = "bottom",
    home_right: bool = True,
) -> list[CheckerPiece]:
    """All checkers of a position in world cm; ``world_points`` signed (+light, -dark)."""
    pieces: list[CheckerPiece] = []
    t, d = g.checker_t, g.checker_d
    for i, count in enumerate(world_points):
        if not count:
            continue
        colour = "light" if count > 0 else "dark"
        for x, y, layer in point_positions(g, i + 1, abs(count), style, rng):
            pieces.append(CheckerPiece(x, y, g.field_z - layer * t, colour))
    # the bar is raised to frame height on most boards: checkers sit on top of it, each side on its own half
    for colour in ("light", "dark"):
        seat = light_seat if colour == "light" else ("top" if light_seat == "bottom" else "bottom")
        sign = 1.0 if seat == "bottom" else -1.0
        # a checker on the bar goes to the half where the OTHER player's home is entered from: keep it simple and
        # put it on the side of its owner's seat, centre-out
        for k in range(bar.get(colour, 0)):
            y = sign * (0.5 * d + 1.6 + k * 1.02 * d)  # the middle stays free for the cube
            x = rng.normal(0, 0.03 * d)
            pieces.append(CheckerPiece(x, y, g.frame_z, colour))
    for colour in ("light", "dark"):
        n = off.get(colour, 0)
        if not n:
            continue
        seat = light_seat if colour == "light" else ("top" if light_seat == "bottom" else "bottom")
        pieces.extend(_borne_off(g, n, colour, seat, home_right, rng))
    return pieces


def off_side(g: BoardGeometry, home_right: bool) -> tuple[str, bool]:
    """(end of the board, in a tray?) where borne-off checkers go."""
    want = "right" if home_right else "left"
    other = "left" if home_right else "right"
    if g.tray_rect(want):
        return want, True
    if g.tray_rect(other):
        return other, True
    return want, False


def _borne_off(g: BoardGeometry, n: int, colour: str, seat: str, home_right: bool, rng: np.random.Generator
               ) -> list[CheckerPiece]:
    d, t = g.checker_d, g.checker_t
    end, in_tray = off_side(g, home_right)
    sign = 1.0 if seat == "bottom" else -1.0
    out: list[CheckerPiece] = []
    if in_tray:
        x0, y0, x1, y1 = g.tray_rect(end)  # type: ignore[misc]
        cx = (x0 + x1) / 2
        # standing on edge in a row along the tray, from the outer end toward the middle
        start = sign * (g.field_h / 2 - 0.6)
        for k in range(n):
            y = start - sign * (k * t * 1.08 + t / 2)
            out.append(CheckerPiece(cx + rng.normal(0, 0.02 * d), y, g.field_z, colour, edge=True,
                                    tilt=float(rng.normal(0, 0.08))))
        return out
    # no tray: flat stacks of five on the table beside the board at the home end
    xs = g.outer_right + 0.8 * d if end == "right" else g.outer_left - 0.8 * d
    for k in range(n):
        stack, level = divmod(k, 5)
        y = sign * (0.8 * d + stack * 1.1 * d)
        out.append(CheckerPiece(xs + rng.normal(0, 0.03 * d), y + rng.normal(0, 0.03 * d), -level * t, colour))
    return out
