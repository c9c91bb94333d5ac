"""The physical scene the simulated camera looks at, in centimetres.

World frame (used by every sim module and written into labels as ``scene.world``): origin at the centre of the
bar on the TABLE plane, x along the board's long side (toward the world's right end), y toward the bottom seat,
z pointing DOWN into the table (so x, y, z is right-handed and a camera straight above with no turn has the identity
rotation). Heights above the table are therefore negative z.

World point numbering ("world points", 1-24) is the label numbering as seen from a camera with no turn: 1-6 bottom
right half from right to left, 7-12 bottom left half, 13-18 top left half left to right, 19-24 top right half.
The label writer maps world points to image points (a camera turned by ~180 degrees sees them the other way round).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import numpy as np

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class BoardScheme:
    """Colours and materials of one board design (RGB)."""

    name: str
    surface: str  # "felt" | "leather" | "wood"
    field: RGB
    point_a: RGB  # colour of odd world points
    point_b: RGB
    frame: str  # "wood" | "leather"
    frame_colour: RGB
    tray_floor: RGB
    logo_colour: Optional[RGB] = None
    point_material: str = "flat"  # "flat" | "wood" (inlaid veneer)


SCHEMES: list[BoardScheme] = [
    BoardScheme("tournament_cream", "leather", (222, 216, 204), (30, 32, 38), (196, 138, 52), "wood", (70, 48, 38),
                (200, 194, 182), (120, 112, 100)),
    BoardScheme("championship_red", "leather", (236, 232, 222), (200, 20, 28), (24, 24, 26), "leather", (22, 22, 24),
                (30, 30, 32), (60, 60, 60)),
    BoardScheme("green_felt", "felt", (38, 92, 52), (236, 228, 206), (160, 30, 34), "wood", (110, 66, 34),
                (36, 80, 46), (200, 190, 140)),
    BoardScheme("walnut", "wood", (150, 84, 40), (240, 238, 232), (18, 18, 20), "wood", (120, 62, 26),
                (140, 78, 36), (210, 20, 30), "flat"),
    BoardScheme("rosewood", "wood", (128, 66, 38), (226, 210, 170), (52, 48, 40), "wood", (180, 104, 50),
                (170, 100, 52), None, "wood"),
    BoardScheme("camel_suede", "felt", (200, 170, 110), (70, 40, 30), (110, 110, 70), "leather", (26, 26, 28),
                (190, 160, 104), None),
    BoardScheme("navy_leather", "leather", (32, 44, 80), (236, 236, 230), (120, 160, 210), "leather",
                (230, 228, 220), (40, 52, 90), (200, 200, 210)),
    BoardScheme("burgundy_felt", "felt", (110, 24, 36), (232, 222, 196), (20, 20, 22), "wood", (40, 26, 20),
                (96, 22, 32), (220, 200, 150)),
    BoardScheme("grey_orange", "leather", (150, 150, 146), (232, 110, 30), (30, 30, 30), "leather", (70, 70, 72),
                (130, 130, 126), (240, 240, 240)),
    BoardScheme("olive_wood", "wood", (186, 150, 100), (60, 40, 28), (232, 220, 190), "wood", (96, 58, 30),
                (170, 130, 84), None, "wood"),
    BoardScheme("turquoise_felt", "felt", (30, 120, 120), (240, 236, 220), (200, 150, 40), "leather",
                (60, 40, 30), (26, 104, 104), None),
]


@dataclass(frozen=True)
class CheckerPair:
    """The two checker colours of a set (RGB); which one is 'light' is decided by luminance, as the label says."""

    name: str
    a: RGB
    b: RGB
    style: str  # "tournament" (glossy, rim ring) | "pearl" | "wood" | "plain"


CHECKER_PAIRS: list[CheckerPair] = [
    CheckerPair("white_black", (238, 238, 234), (26, 26, 28), "tournament"),
    CheckerPair("ivory_brown", (232, 222, 196), (92, 52, 30), "plain"),
    CheckerPair("white_red", (240, 240, 236), (196, 28, 34), "tournament"),
    CheckerPair("cream_green", (236, 228, 200), (26, 110, 62), "tournament"),
    CheckerPair("pearl_gold", (232, 232, 226), (214, 150, 40), "pearl"),
    CheckerPair("white_maroon", (236, 236, 232), (118, 18, 30), "tournament"),
    CheckerPair("ivory_black_marble", (226, 220, 204), (40, 38, 40), "pearl"),
    CheckerPair("wood_light_dark", (214, 184, 140), (96, 60, 36), "wood"),
    CheckerPair("red_black", (200, 40, 40), (30, 30, 30), "plain"),
    CheckerPair("white_blue", (236, 236, 236), (30, 60, 150), "tournament"),
]

DIE_COLOURS: dict[str, tuple[RGB, RGB, float]] = {
    # body colour, pip colour, translucency (0 opaque)
    "white": ((240, 240, 236), (20, 20, 20), 0.0),
    "ivory": ((232, 222, 196), (30, 30, 30), 0.0),
    "red": ((200, 20, 30), (245, 245, 245), 0.45),
    "black": ((22, 22, 24), (240, 240, 240), 0.0),
    "green": ((20, 140, 70), (245, 245, 245), 0.45),
    "blue": ((30, 60, 170), (245, 245, 245), 0.4),
    "amber": ((210, 130, 30), (250, 250, 250), 0.4),
}


def luminance(c: RGB) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


@dataclass
class BoardGeometry:
    """Sizes of an open board in cm. Every derived size follows the real-board rules of thumb:
    checker diameter a little under the point width, points about five diameters long."""

    width: float  # outer frame, long side
    height: float
    frame_w: float
    bar_w: float
    tray_left: float  # tray opening width at the left end, 0 = no tray
    tray_right: float
    rail_w: float  # frame strip between a tray and the field
    checker_ratio: float  # checker diameter / point width
    frame_h: float = 1.8  # frame top above the field surface
    field_z: float = -0.9  # field surface (z, i.e. 0.9 cm above the table)

    @property
    def half_w(self) -> float:
        trays = sum(t + self.rail_w for t in (self.tray_left, self.tray_right) if t > 0)
        return (self.width - 2 * self.frame_w - self.bar_w - trays) / 2

    @property
    def field_h(self) -> float:
        return self.height - 2 * self.frame_w

    @property
    def slot(self) -> float:
        return self.half_w / 6

    @property
    def checker_d(self) -> float:
        return self.slot * self.checker_ratio

    @property
    def checker_t(self) -> float:
        return self.checker_d * 0.2

    @property
    def point_len(self) -> float:
        return min(5 * self.checker_d, 0.44 * self.field_h)

    @property
    def frame_z(self) -> float:
        return self.field_z - self.frame_h

    @property
    def field_x(self) -> float:
        """x of the right edge of the right half (the field is symmetric about the bar)."""
        return self.bar_w / 2 + self.half_w

    @property
    def outer_left(self) -> float:
        return -self.field_x - (self.tray_left + self.rail_w if self.tray_left > 0 else 0) - self.frame_w

    @property
    def outer_right(self) -> float:
        return self.field_x + (self.tray_right + self.rail_w if self.tray_right > 0 else 0) + self.frame_w

    def tray_rect(self, side: str) -> Optional[tuple[float, float, float, float]]:
        """(x0, y0, x1, y1) of a tray opening, or None."""
        if side == "right" and self.tray_right > 0:
            x0 = self.field_x + self.rail_w
            return (x0, -self.field_h / 2, x0 + self.tray_right, self.field_h / 2)
        if side == "left" and self.tray_left > 0:
            x1 = -self.field_x - self.rail_w
            return (x1 - self.tray_left, -self.field_h / 2, x1, self.field_h / 2)
        return None

    def point_slot(self, world_point: int) -> tuple[float, float, float]:
        """(x centre, y of the base edge, direction +1 down / -1 up toward the tip) of a world point."""
        p = world_point
        if 1 <= p <= 6:
            x, top = self.bar_w / 2 + (6 - p + 0.5) * self.slot, False
        elif 7 <= p <= 12:
            x, top = -self.bar_w / 2 - (p - 7 + 0.5) * self.slot, False
        elif 13 <= p <= 18:
            x, top = -self.field_x + (p - 13 + 0.5) * self.slot, True
        elif 19 <= p <= 24:
            x, top = self.bar_w / 2 + (p - 19 + 0.5) * self.slot, True
        else:
            raise ValueError(f"world point {p} is not 1-24")
        if top:
            return x, -self.field_h / 2, 1.0
        return x, self.field_h / 2, -1.0

    def size_cm(self) -> list[float]:
        return [round(self.outer_right - self.outer_left, 1), round(self.height, 1)]

    def tournament_size(self) -> bool:
        w, h = self.size_cm()
        return bool(55 <= w <= 88 and 44 <= h <= 66)


def random_geometry(rng: np.random.Generator, kind: Optional[str] = None) -> BoardGeometry:
    """A board size: mostly tournament range, sometimes travel-size or oversize."""
    kind = kind or rng.choice(["tournament"] * 8 + ["travel", "oversize"])
    if kind == "travel":
        w = rng.uniform(34, 50)
    elif kind == "oversize":
        w = rng.uniform(89, 100)
    else:
        w = rng.uniform(56, 87)
    h = w / rng.uniform(1.22, 1.45)
    frame_w = w * rng.uniform(0.025, 0.05)
    trays = rng.choice(["none", "both", "right", "left"], p=[0.2, 0.5, 0.15, 0.15])
    for _ in range(20):
        ratio = rng.uniform(0.9, 0.98)
        # solve for slot with the bar and trays sized in checker diameters
        bar_k = rng.uniform(1.0, 1.45)
        tray_k = rng.uniform(1.15, 1.5)
        rail = frame_w * rng.uniform(0.6, 1.0)
        n_trays = {"none": 0, "both": 2, "right": 1, "left": 1}[trays]
        inner = w - 2 * frame_w - n_trays * rail
        slot = inner / (12 + ratio * (bar_k + n_trays * tray_k))
        d = ratio * slot
        g = BoardGeometry(
            width=w, height=h, frame_w=frame_w, bar_w=bar_k * d,
            tray_left=tray_k * d if trays in ("both", "left") else 0.0,
            tray_right=tray_k * d if trays in ("both", "right") else 0.0,
            rail_w=rail, checker_ratio=ratio, frame_h=rng.uniform(1.2, 2.4), field_z=-rng.uniform(0.6, 1.4),
        )
        # a point must leave room in the middle for the dice: 5 diameters at most 0.44 of the field height
        if 5 * g.checker_d <= 0.46 * g.field_h:
            return g
        h *= 1.04
        w = w
    return g


@dataclass
class CheckerPiece:
    """One checker: centre of its bottom face in world cm; ``edge`` = standing on edge (borne off in a tray)."""

    x: float
    y: float
    z: float  # bottom face (negative = above the table)
    colour: str  # "light" | "dark"
    edge: bool = False
    tilt: float = 0.0  # radians about the x axis when standing on edge


@dataclass
class DiePiece:
    x: float
    y: float
    z: float  # bottom (resting) level
    value: int  # face up
    yaw: float  # radians
    colour: str
    size: float
    cocked: bool = False
    tilt: float = 0.0  # radians about the die's own x axis when cocked
    north: int = 2  # value of the face toward local -y (fixes the die's orientation)


@dataclass
class CubePiece:
    x: float
    y: float
    z: float
    value: int
    yaw: float
    size: float
    colour: str  # "white" | "black" | "red"


@dataclass
class HandPiece:
    """A forearm coming from the ``seat`` edge of the board to a hand above (x, y) at height ``lift`` cm."""

    x: float
    y: float
    lift: float
    seat: str  # "bottom" | "top" | "left" | "right"
    skin: RGB
    sleeve: Optional[RGB]
    spread: float = 0.0  # lateral offset of the elbow (cm)
    holding: Optional[str] = None  # colour of a checker held between the fingers
    blur: float = 0.0  # motion blur length in pixels


@dataclass
class Clutter:
    """A thing on the table: score card, clock, cup, name card, pen."""

    kind: str
    x: float
    y: float
    yaw: float
    size: tuple[float, float, float]
    colour: RGB
    text: str = ""


@dataclass
class Lighting:
    colour: tuple[float, float, float]  # RGB gains
    azimuth: float  # radians, direction the light comes FROM in the world xy plane
    elevation: float  # radians above the table
    gradient: float  # brightness falloff across the image (0-0.5)
    glare: float  # strength of a specular hot spot (0-1)
    glare_at: tuple[float, float]  # world xy of the hot spot
    ambient: float  # shadow softness/strength factor (0.2 hard .. 0.7 soft)
    exposure: float


@dataclass
class Scene:
    geometry: BoardGeometry
    scheme: BoardScheme
    checkers_pair: CheckerPair
    light_is_a: bool  # which colour of the pair is the lighter one
    checkers: list[CheckerPiece] = field(default_factory=list)
    dice: list[DiePiece] = field(default_factory=list)
    cube: Optional[CubePiece] = None
    hands: list[HandPiece] = field(default_factory=list)
    clutter: list[Clutter] = field(default_factory=list)
    table: RGB = (60, 70, 110)
    table_kind: str = "cloth"  # "cloth" | "wood"
    marker: Optional[tuple[int, float, float, float]] = None  # (aruco id, size cm, x, y)
    lighting: Optional[Lighting] = None
    logo: str = ""
    logo_box: bool = False
    seed: int = 0
    # what the labels need to know
    world_points: list[int] = field(default_factory=lambda: [0] * 24)  # signed, world numbering
    bar: dict[str, int] = field(default_factory=lambda: {"light": 0, "dark": 0})
    off: dict[str, int] = field(default_factory=lambda: {"light": 0, "dark": 0})
    light_seat: str = "bottom"  # world seat of the light player ("bottom" = +y)
    home_right: bool = True  # home boards at the world +x end

    def colour_rgb(self, colour: str) -> RGB:
        a, b = self.checkers_pair.a, self.checkers_pair.b
        if colour == "light":
            return a if self.light_is_a else b
        return b if self.light_is_a else a

    def describe(self) -> dict:
        g = self.geometry
        return {
            "scheme": self.scheme.name,
            "surface": self.scheme.surface,
            "frame": self.scheme.frame,
            "checkers": self.checkers_pair.name,
            "checker_style": self.checkers_pair.style,
            "light_colour": list(self.colour_rgb("light")),
            "dark_colour": list(self.colour_rgb("dark")),
            "size_cm": g.size_cm(),
            "frame_width_cm": round(g.frame_w, 2),
            "bar_width_cm": round(g.bar_w, 2),
            "trays": {"left": round(g.tray_left, 2), "right": round(g.tray_right, 2)},
            "checker_diameter_cm": round(g.checker_d, 2),
            "point_length_cm": round(g.point_len, 2),
            "frame_height_cm": round(g.frame_h, 2),
            "world": "origin at the bar centre on the table, x along the long side, y toward the bottom seat, "
                     "z down into the table (cm)",
        }
