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
    """How a player arranges checkers: row length before starting a second layer, spacing and tidiness.
    ``seed`` fixes each slot's small offset, so a checker stays put while others move (videos)."""

    row_cap: int = 6
    spacing: float = 1.02  # centre distance in diameters
    jitter: float = 0.05  # random offset in diameters
    seed: int = 0

    @classmethod
    def random(cls, rng: np.random.Generator) -> "StackStyle":
        return cls(row_cap=int(rng.choice([5, 6, 6, 7, 7, 8])), spacing=float(rng.uniform(1.0, 1.06)),
                   jitter=float(rng.uniform(0.01, 0.08)), seed=int(rng.integers(1 << 30)))


def _jitter(style: StackStyle, *key: int) -> np.ndarray:
    return np.random.default_rng([style.seed, *key]).normal(0, 1, 2)


def slot_xy(g: BoardGeometry, wp: int, k: int, style: StackStyle) -> tuple[float, float, int]:
    """(x, y, layer) of the k-th checker (0-based) on world point ``wp``: a row from the base outward, then
    further layers offset by half a diameter on top of the first row, as players stack when a row gets long.
    A row never crosses the middle of the board: on small boards players start the second layer sooner."""
    x0, y0, direction = g.point_slot(wp)
    d = g.checker_d
    room = int((g.field_h / 2 - 0.35 * d) // (d * style.spacing))
    cap, layer, offset, index = max(3, min(style.row_cap, room)), 0, 0.0, k
    while index >= cap:
        index -= cap
        layer += 1
        offset += 0.5
        cap = max(1, cap - 1)
    along = d / 2 + (index + offset) * d * style.spacing + 0.03 * d
    jx, jy = _jitter(style, wp, k) * style.jitter * d
    return x0 + jx, y0 + direction * along + jy * 0.5, layer


def point_positions(g: BoardGeometry, wp: int, n: int, style: StackStyle, rng: Optional[np.random.Generator] = None
                    ) -> list[tuple[float, float, int]]:
    return [slot_xy(g, wp, k, style) for k in range(n)]


def seat_of(colour: str, light_seat: str) -> str:
    return light_seat if colour == "light" else ("top" if light_seat == "bottom" else "bottom")


def bar_piece(g: BoardGeometry, colour: str, k: int, light_seat: str, style: StackStyle) -> CheckerPiece:
    """The k-th checker of a colour on the bar (raised to frame height on most boards): on its owner's side of
    the middle, centre-out, leaving the middle free for the cube."""
    sign = 1.0 if seat_of(colour, light_seat) == "bottom" else -1.0
    d = g.checker_d
    y = sign * (0.5 * d + 1.6 + k * 1.02 * d)
    x = float(_jitter(style, 99, k + (0 if colour == "light" else 50))[0]) * 0.03 * d
    return CheckerPiece(x, y, g.frame_z, colour)


def place_checkers(
    g: BoardGeometry,
    world_points: list[int],
    bar: dict[str, int],
    off: dict[str, int],
    rng: Optional[np.random.Generator],
    style: StackStyle,
    light_seat: str = "bottom",
    home_right: bool = True,
) -> list[CheckerPiece]:
    """All checkers of a position in world cm; ``world_points`` signed (+light, -dark). Deterministic given
    ``style`` (``rng`` is unused and kept for callers)."""
    pieces: list[CheckerPiece] = []
    t = g.checker_t
    for i, count in enumerate(world_points):
        if not count:
            continue
        colour = "light" if count > 0 else "dark"
        for x, y, layer in point_positions(g, i + 1, abs(count), style):
            pieces.append(CheckerPiece(x, y, g.field_z - layer * t, colour))
    for colour in ("light", "dark"):
        for k in range(bar.get(colour, 0)):
            pieces.append(bar_piece(g, colour, k, light_seat, style))
    for colour in ("light", "dark"):
        for k in range(off.get(colour, 0)):
            pieces.append(off_piece(g, colour, k, light_seat, home_right, style))
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


def off_piece(g: BoardGeometry, colour: str, k: int, light_seat: str, home_right: bool, style: StackStyle
              ) -> CheckerPiece:
    """The k-th borne-off checker: standing on edge in a row along the tray, or (no tray) in flat stacks of five
    on the table beside the board at the home end."""
    d, t = g.checker_d, g.checker_t
    end, in_tray = off_side(g, home_right)
    sign = 1.0 if seat_of(colour, light_seat) == "bottom" else -1.0
    j = _jitter(style, 77, k + (0 if colour == "light" else 50))
    if in_tray:
        x0, y0, x1, y1 = g.tray_rect(end)  # type: ignore[misc]
        start = sign * (g.field_h / 2 - 0.6)
        y = start - sign * (k * t * 1.08 + t / 2)
        return CheckerPiece((x0 + x1) / 2 + float(j[0]) * 0.02 * d, y, g.field_z, colour, edge=True,
                            tilt=float(j[1]) * 0.08)
    xs = g.outer_right + 0.8 * d if end == "right" else g.outer_left - 0.8 * d
    stack, level = divmod(k, 5)
    y = sign * (0.8 * d + stack * 1.1 * d)
    return CheckerPiece(xs + float(j[0]) * 0.03 * d, y + float(j[1]) * 0.03 * d, -level * t, colour)
