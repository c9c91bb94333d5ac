"""Game videos: the frame-by-frame story of a game on the simulated board, and the events a perfect referee
would emit, decided at the first still frame that shows each change.

A :class:`Director` holds what the board shows (counts in world numbering, dice, cube, hands, loose checkers)
and yields one :class:`FrameState` per frame while a game script drives it: rolls (the dice land on the roller's
right-hand half, one die each for the opening roll), a hand moving checkers one at a time, in-between positions,
a move taken back, the dice lifted; on demand an illegal play, a cocked die, dice split over both halves, a die
off the board, a checker knocked off the board, a double and take. Plays come from the rules engine
(:func:`rules.moves.legal_plays`), verdicts from :func:`rules.judge.judge`. Nothing here renders: a frame state
is tiny, so a game of any length streams in flat memory.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, field
from typing import Any, Iterator, Optional

import numpy as np

from device.sim.generate import free_spot, keep_on_field
from device.sim.layout import StackStyle, bar_piece, off_piece, seat_of, slot_xy, world_point
from device.sim.scene import CheckerPiece, CubePiece, DiePiece, HandPiece, Scene
from rules.judge import judge
from rules.moves import legal_plays
from rules.position import CHECKERS, Position

STILL = 5  # frames the scene stays still after every change that matters (a referee needs 2 agreeing reads)
COLOURS = ("light", "dark")


def other(colour: str) -> str:
    return "dark" if colour == "light" else "light"


@dataclass
class FrameState:
    world_points: list[int]
    bar: dict[str, int]
    off: dict[str, int]
    dice: list[DiePiece]
    cube: Optional[CubePiece]
    hands: list[HandPiece]
    loose: list[CheckerPiece]
    moving: bool


@dataclass
class Director:
    """What the board shows now, and the frames and events produced so far."""

    scene: Scene
    style: StackStyle
    rng: np.random.Generator
    fps: float = 10.0
    die_colour: str = "white"
    die_size: float = 1.6
    skin: tuple = (224, 172, 140)
    sleeves: dict[str, Optional[tuple]] = field(default_factory=lambda: {"light": (40, 50, 110), "dark": None})
    frame: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    # live state
    light_pos: Position = field(default_factory=Position.start)  # light on roll, own numbering
    dice: list[DiePiece] = field(default_factory=list)
    loose: list[CheckerPiece] = field(default_factory=list)
    held: dict[str, int] = field(default_factory=lambda: {"light": 0, "dark": 0})
    counts: Optional[list[int]] = None
    bar: dict[str, int] = field(default_factory=lambda: {"light": 0, "dark": 0})
    off: dict[str, int] = field(default_factory=lambda: {"light": 0, "dark": 0})
    cube: Optional[CubePiece] = None
    cube_value: int = 1
    score: dict[str, int] = field(default_factory=lambda: {"light": 0, "dark": 0})
    pending_take: bool = False
    cube_owner: Optional[str] = None
    image_light_seat: Optional[str] = None  # the light player's seat as the image shows it
    pace: float = 1.0  # hand motions take pace x the usual frames (0.5: brisk, for the small committed sample)
    still_frames: int = STILL
    hand_at: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self) -> None:
        self.set_position(self.light_pos)

    # ------------------------------------------------------------------------------------------ positions
    @property
    def g(self):
        return self.scene.geometry

    def world(self, colour: str, own_point: int) -> int:
        return world_point(own_point, seat_of(colour, self.scene.light_seat), self.scene.home_right)

    def set_position(self, light_pos: Position) -> None:
        """Show ``light_pos`` (light's own numbering as player) exactly."""
        self.light_pos = light_pos
        counts = [0] * 24
        for p in range(1, 25):
            if light_pos.player[p - 1]:
                counts[self.world("light", p) - 1] = light_pos.player[p - 1]
            if light_pos.opponent[p - 1]:
                counts[self.world("dark", p) - 1] = -light_pos.opponent[p - 1]
        self.counts = counts
        self.bar = {"light": light_pos.player[24], "dark": light_pos.opponent[24]}
        self.off = {"light": light_pos.player_off, "dark": light_pos.opponent_off}

    def position_for(self, colour: str) -> Position:
        return self.light_pos if colour == "light" else self.light_pos.swap()

    # ------------------------------------------------------------------------------------------ frames
    def state(self, hands: list[HandPiece], moving: bool) -> FrameState:
        return FrameState(list(self.counts or []), dict(self.bar), dict(self.off), copy.deepcopy(self.dice),
                          copy.copy(self.cube), hands, list(self.loose), moving)

    def still(self, n: Optional[int] = None) -> Iterator[FrameState]:
        for _ in range(n or self.still_frames):
            yield self.state([], False)
            self.frame += 1

    def emit(self, event_type: str, frame: Optional[int] = None, **fields: Any) -> None:
        f = self.frame if frame is None else frame
        self.events.append({"frame": f, "t": round(f / self.fps, 3), "type": event_type, **fields})

    def hand(self, colour: str, x: float, y: float, lift: float, holding: Optional[str] = None,
             blur: float = 0.0) -> HandPiece:
        return HandPiece(x=x, y=y, lift=lift, seat=seat_of(colour, self.scene.light_seat), skin=self.skin,
                         sleeve=self.sleeves.get(colour), spread=4.0 if colour == "light" else -4.0,
                         holding=holding, blur=blur)

    def entry_xy(self, colour: str, x: float) -> tuple[float, float]:
        """Where a hand comes from: just outside the board on the player's side."""
        sign = 1.0 if seat_of(colour, self.scene.light_seat) == "bottom" else -1.0
        return x, sign * (self.g.height / 2 + 6)

    def travel(self, colour: str, a: tuple[float, float], b: tuple[float, float], steps: int, lift: float,
               holding: Optional[str] = None, extra: Optional[list[HandPiece]] = None) -> Iterator[FrameState]:
        steps = max(1, int(round(steps * self.pace)))
        for k in range(1, steps + 1):
            f = k / steps
            x, y = a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
            speed = math.hypot(b[0] - a[0], b[1] - a[1]) / steps
            h = self.hand(colour, x, y, lift + 3 * math.sin(math.pi * f), holding, blur=min(18.0, speed * 1.5))
            yield self.state([h] + (extra or []), True)
            self.frame += 1

    # ------------------------------------------------------------------------------------------ checkers
    def _loc_xy(self, colour: str, loc: Any, k: int) -> tuple[float, float]:
        if loc == "bar":
            c = bar_piece(self.g, colour, k, self.scene.light_seat, self.style)
            return c.x, c.y
        if loc == "off":
            c = off_piece(self.g, colour, k, self.scene.light_seat, self.scene.home_right, self.style)
            return c.x, c.y
        if isinstance(loc, tuple):
            return loc
        x, y, _ = slot_xy(self.g, loc, k, self.style)
        return x, y

    def _count(self, colour: str, loc: Any) -> int:
        if loc == "bar":
            return self.bar[colour]
        if loc == "off":
            return self.off[colour]
        if isinstance(loc, tuple):
            return sum(1 for c in self.loose if (c.x, c.y) == loc)
        n = (self.counts or [])[loc - 1]
        return n if colour == "light" else -n

    def _take(self, colour: str, loc: Any) -> None:
        sign = 1 if colour == "light" else -1
        if loc == "bar":
            self.bar[colour] -= 1
        elif loc == "off":
            self.off[colour] -= 1
        elif isinstance(loc, tuple):
            self.loose = [c for c in self.loose if (c.x, c.y) != loc]
        else:
            assert self.counts is not None and self.counts[loc - 1] * sign > 0
            self.counts[loc - 1] -= sign

    def _put(self, colour: str, loc: Any) -> None:
        sign = 1 if colour == "light" else -1
        if loc == "bar":
            self.bar[colour] += 1
        elif loc == "off":
            self.off[colour] += 1
        elif isinstance(loc, tuple):
            self.loose.append(CheckerPiece(loc[0], loc[1], 0.0, colour))
        else:
            assert self.counts is not None and self.counts[loc - 1] * sign >= 0
            self.counts[loc - 1] += sign

    def carry(self, mover: str, colour: str, src: Any, dst: Any, at: tuple[float, float]) -> Iterator[FrameState]:
        """The mover's hand (now at ``at``) takes a ``colour`` checker from ``src`` and puts it on ``dst``."""
        n_src = self._count(colour, src)
        a = self._loc_xy(colour, src, max(0, n_src - 1))
        yield from self.travel(mover, at, a, 2, 3.0)
        self._take(colour, src)
        n_dst = self._count(colour, dst)
        b = self._loc_xy(colour, dst, n_dst)
        yield from self.travel(mover, a, b, 3, 4.0, holding=colour)
        self._put(colour, dst)
        self.hand_at = b

    def move_checkers(self, mover: str, moves: list[tuple[Any, Any]]) -> Iterator[FrameState]:
        """One hand enters, moves each (src, dst) checker in turn (hitting a blot first), and leaves."""
        if not moves:
            return
        first = self._loc_xy(mover, moves[0][0], max(0, self._count(mover, moves[0][0]) - 1))
        start = self.entry_xy(mover, first[0])
        self.hand_at = start
        for src, dst in moves:
            if isinstance(dst, int) and self._count(other(mover), dst) == 1:
                yield from self.carry(mover, other(mover), dst, "bar", self.hand_at)
            yield from self.carry(mover, mover, src, dst, self.hand_at)
        end = self.entry_xy(mover, self.hand_at[0])
        yield from self.travel(mover, self.hand_at, end, 2, 6.0)

    def physical_moves(self, mover: str, before: Position, after: Position) -> list[tuple[Any, Any]]:
        """Single-checker moves that turn ``before`` into ``after`` (mover's numbering), farthest first."""
        src: list[int] = []
        dst: list[int] = []
        for i in range(25):  # index 24 = bar (own point 25)
            diff = after.player[i] - before.player[i]
            src += [i + 1] * max(0, -diff)
            dst += [i + 1] * max(0, diff)
        off = after.player_off - before.player_off
        dst += [0] * max(0, off)
        src.sort(reverse=True)
        dst.sort(reverse=True)
        out: list[tuple[Any, Any]] = []
        for s, d in zip(src, dst):
            out.append(("bar" if s == 25 else self.world(mover, s), "off" if d == 0 else self.world(mover, d)))
        return out

    # ------------------------------------------------------------------------------------------ dice
    def roll(self, roller: Optional[str], values: list[int], halves: list[str], cocked: Optional[int] = None,
             off_board: Optional[int] = None, rollers: Optional[list[str]] = None) -> Iterator[FrameState]:
        """Hands come in over the landing half, the dice land, the hands leave."""
        rollers = rollers or [roller or "light"] * len(values)
        g = self.g
        spots: list[tuple[float, float]] = []
        landed: list[DiePiece] = []
        tmp = Scene(g, self.scene.scheme, self.scene.checkers_pair, self.scene.light_is_a,
                    checkers=self._pieces())
        for k, (v, half) in enumerate(zip(values, halves)):
            x, y = free_spot(tmp, self.rng, half, self.die_size, spots)
            spots.append((x, y))
            north = int(self.rng.choice([n for n in range(1, 7) if n not in (v, 7 - v)]))
            die = DiePiece(x, y, g.field_z, int(v), float(self.rng.uniform(0, 2 * math.pi)), self.die_colour,
                           self.die_size, north=north)
            if cocked == k:
                near = min(tmp.checkers, key=lambda c: (c.x - x) ** 2 + (c.y - y) ** 2 if abs(c.x) < g.field_x
                           and c.z > g.frame_z + 0.01 and c.x * x > 0 else 1e9)
                ang = math.atan2(y - near.y, x - near.x)
                dist = g.checker_d / 2 + self.die_size * 0.55
                die.x, die.y = near.x + dist * math.cos(ang), near.y + dist * math.sin(ang)
                die.cocked, die.tilt = True, 0.45
                keep_on_field(g, die, 1.0 if x >= 0 else -1.0)
            if off_board == k:
                side = 1.0 if x > 0 else -1.0
                die.x = side * (g.outer_right if side > 0 else -g.outer_left) + side * 4.0
                die.z = 0.0
            landed.append(die)
        hands_from = [self.entry_xy(r, d.x) for r, d in zip(rollers, landed)]
        uniq = {r: (h, d) for r, h, d in zip(rollers, hands_from, landed)}
        n = max(1, int(round(2 * self.pace)))
        for step in range(1, n + 1):
            f = step / n
            hs = [self.hand(r, h[0] + (d.x - h[0]) * f, h[1] + (d.y + (3 if h[1] > 0 else -3) - h[1]) * f, 12.0,
                            blur=10.0) for r, (h, d) in uniq.items()]
            yield self.state(hs, True)
            self.frame += 1
        self.dice = landed
        for step in range(1, n + 1):
            f = step / n
            hs = [self.hand(r, d.x + (h[0] - d.x) * f, d.y + (h[1] - d.y) * f, 12.0, blur=12.0)
                  for r, (h, d) in uniq.items()]
            yield self.state(hs, True)
            self.frame += 1

    def lift_dice(self, colour: str) -> Iterator[FrameState]:
        if not self.dice:
            return
        cx = float(np.mean([d.x for d in self.dice]))
        cy = float(np.mean([d.y for d in self.dice]))
        start = self.entry_xy(colour, cx)
        yield from self.travel(colour, start, (cx, cy), 2, 5.0)
        self.dice = []
        yield from self.travel(colour, (cx, cy), start, 2, 6.0)

    def _pieces(self) -> list[CheckerPiece]:
        from device.sim.layout import place_checkers

        return place_checkers(self.g, self.counts or [0] * 24, self.bar, self.off, None, self.style,
                              self.scene.light_seat, self.scene.home_right) + list(self.loose)


def right_half(colour: str, light_seat: str) -> str:
    """World half on the player's right hand: the bottom player's right is world +x."""
    return "right" if seat_of(colour, light_seat) == "bottom" else "left"


def dice_event(values: list[int]) -> list[int]:
    return sorted((int(v) for v in values), reverse=True)


def play_event(d: Director, mover: str, dice: list[int], before: Position, after: Position, frame: int) -> None:
    verdict = judge(before, (dice[0], dice[1]), after).to_dict()
    d.emit("play", frame=frame, player=mover, dice=dice_event(dice), before=before.position_id(),
           after=after.position_id(),
           play=verdict["play"], legal=verdict["legal"], reason=verdict["reason"],
           closest=[] if verdict["legal"] else verdict["closest"], code=verdict["code"])


def illegal_after(before: Position, dice: list[int], play, rng: np.random.Generator) -> Optional[Position]:
    """A plausible illegal result near the legal ``play``, of one of the kinds players really make: a die not
    played although it could be, one checker a pip or two off, a die used twice instead of the other one,
    another checker moved while one waits on the bar. ``None`` when none of them is illegal here."""
    from rules.moves import Move, apply_play

    moves = list(play.moves)
    d1, d2 = dice
    candidates: list[list] = []
    if len(moves) >= 2:
        candidates.append(moves[:-1])  # stopped one move short
    for k, m in enumerate(moves):
        for step in (1, -1, 2):
            to = m.to_point - step
            if 1 <= to < m.from_point:
                candidates.append(moves[:k] + [Move(m.from_point, to)] + moves[k + 1:])
    if d1 != d2:
        for p in range(24, 0, -1):
            if before.player[p - 1] and p - 2 * d1 >= 1:
                candidates.append([Move(p, p - d1), Move(p - d1, p - 2 * d1)])  # one die used twice
                break
    if before.player[24]:
        for p in range(24, 0, -1):  # a checker moved while one waits on the bar
            if before.player[p - 1] and p - d1 >= 1:
                candidates.append([Move(p, p - d1)] + [m for m in moves if m.from_point != 25][:1])
                break
    order = rng.permutation(len(candidates))
    for i in order:
        try:
            pos = apply_play(before, candidates[i])
        except Exception:
            continue
        if not judge(before, (d1, d2), pos).legal:
            return pos
    return None


# ---------------------------------------------------------------------------------------------- scripts
@dataclass
class GameOptions:
    plays: int = 30
    illegal_rate: float = 0.1
    incident_rate: float = 0.1
    scripted: bool = False
    tie: bool = False  # scripted: open with a tied opening roll


def run_game(d: Director, opts: GameOptions) -> Iterator[FrameState]:
    """Setup, opening roll, then plays until ``opts.plays`` or the game ends. The scripted variant forces the
    incidents the sample video must show, in a fixed order."""
    rng = d.rng
    light_seat = d.scene.light_seat
    d.emit("setup", frame=0, light=d.image_light_seat or light_seat, position_id=Position.start().position_id())
    yield from d.still(d.still_frames + 1)
    # opening roll: one die each, each on the roller's own right-hand half
    first = None
    tie_done = not (opts.scripted and opts.tie)
    while first is None:
        if not tie_done:
            a = b = int(rng.integers(1, 7))
            tie_done = True
        else:
            a, b = (int(v) for v in rng.choice(np.arange(1, 7), 2, replace=False))
        yield from d.roll(None, [a, b], [right_half("light", light_seat), right_half("dark", light_seat)],
                          rollers=["light", "dark"])
        start = d.frame
        yield from d.still()
        first = None if a == b else ("light" if a > b else "dark")
        d.emit("opening_roll", frame=start, light=a, dark=b, first=first)
        if first is None:
            yield from d.lift_dice("light")
            yield from d.still()
    mover = first
    dice = [a, b]
    script = _scripted_incidents() if opts.scripted else None
    for n in range(opts.plays):
        inc = script[n] if script and n < len(script) else _random_incidents(d, mover, opts) if n else {}
        if n > 0:
            dice = yield from _roll_turn(d, mover, opts, inc)
        before = d.position_for(mover)
        plays = legal_plays(before, dice[0], dice[1])
        if inc.get("prefer") == "hit":
            plays = [p for p in plays if any(m.hit for m in p.moves)] or plays
        elif inc.get("prefer") == "blot":
            plays = sorted(plays, key=lambda p: -sum(1 for c in p.position.player[:24] if c == 1))[:3] or plays
        chosen = plays[int(rng.integers(len(plays)))] if plays else None
        after = chosen.position if chosen else before
        illegal = inc.get("illegal", (not opts.scripted) and rng.random() < opts.illegal_rate)
        if illegal and chosen is not None:
            bad = illegal_after(before, dice, chosen, rng)
            if bad is not None:
                after = bad
        if inc.get("takeback"):
            moves = d.physical_moves(mover, before, after)
            if moves:
                src, dst = moves[0]
                wrong = _wrong_destination(d, mover, src, dst)
                if wrong is not None:
                    yield from d.move_checkers(mover, [(src, wrong)])
                    yield from d.still()
                    yield from d.move_checkers(mover, [(wrong, src)])
        moves = d.physical_moves(mover, before, after)
        if inc.get("knock") and moves:
            yield from _knock_off(d, mover, moves)
        elif inc.get("pause") and len(moves) > 1:  # the hand leaves mid-play: an in-between position
            yield from d.move_checkers(mover, moves[:1])
            yield from d.still()
            yield from d.move_checkers(mover, moves[1:])
        else:
            yield from d.move_checkers(mover, moves)
        d.set_position(after if mover == "light" else after.swap())
        if moves:
            yield from d.still()
        yield from d.lift_dice(mover)
        start = d.frame
        yield from d.still()
        play_event(d, mover, dice, before, after, start)
        if after.player_off == CHECKERS:
            from rules.scoring import game_result

            kind, points = game_result(after, d.cube_value)
            d.score[mover] += points
            d.emit("game_end", frame=start, winner=mover, kind=kind, points=points, score=dict(d.score))
            return
        mover = other(mover)


def _random_incidents(d: Director, mover: str, opts: GameOptions) -> dict:
    """What happens around one play of a random game, at the rates asked for."""
    rng = d.rng
    inc: dict = {}
    if rng.random() < opts.incident_rate * 0.5:
        inc["takeback"] = True
    if rng.random() < opts.incident_rate * 0.3:
        inc["knock"] = True
    if rng.random() < 0.25:
        inc["pause"] = True
    if rng.random() < 0.04 and d.cube_value < 64 and d.cube_owner in (None, mover):
        inc["double"] = True
    return inc


def _roll_turn(d: Director, mover: str, opts: GameOptions, inc: dict) -> Iterator[FrameState]:
    """A roll, with the incident asked for first (the dice then rerolled). Returns the dice played."""
    rng = d.rng
    light_seat = d.scene.light_seat
    right = right_half(mover, light_seat)
    wrong = "left" if right == "right" else "right"
    if inc.get("double"):
        yield from _double(d, mover)
    incident = inc.get("incident")
    if incident is None and not opts.scripted and rng.random() < opts.incident_rate:
        incident = str(rng.choice(["cocked", "wrong_half", "off_board"]))
    if incident:
        values = [int(v) for v in rng.integers(1, 7, 2)]
        halves = [right, wrong] if incident == "wrong_half" else [right, right]
        yield from d.roll(mover, values, halves, cocked=1 if incident == "cocked" else None,
                          off_board=1 if incident == "off_board" else None)
        start = d.frame
        yield from d.still()
        if d.pending_take:
            d.emit("cube", frame=start, action="take", player=other(mover), value=d.cube_value)
            d.pending_take = False
        d.emit("reroll", frame=start, player=mover, reason=incident)
        yield from d.lift_dice(mover)
        yield from d.still()
    values = _choose_roll(d, mover, inc)
    yield from d.roll(mover, values, [right, right])
    start = d.frame
    yield from d.still()
    if d.pending_take:
        d.emit("cube", frame=start, action="take", player=other(mover), value=d.cube_value)
        d.pending_take = False
    d.emit("roll", frame=start, player=mover, dice=dice_event(values))
    return values


def _choose_roll(d: Director, mover: str, inc: dict) -> list[int]:
    rng = d.rng
    pos = d.position_for(mover)
    want = inc.get("prefer") or ("enter" if inc.get("illegal") else None)  # an illegal play needs a legal one
    if want in ("hit", "enter"):
        rolls = [(a, b) for a in range(1, 7) for b in range(a, 7)]
        order = rng.permutation(len(rolls))
        for i in order:
            a, b = rolls[i]
            plays = legal_plays(pos, a, b)
            if want == "hit" and any(any(m.hit for m in p.moves) for p in plays):
                return [b, a]
            if want == "enter" and plays:
                return [b, a]
    return [int(v) for v in rng.integers(1, 7, 2)]


def _wrong_destination(d: Director, mover: str, src: Any, dst: Any) -> Optional[int]:
    """A point next to the real destination where the checker can physically go (for a move taken back)."""
    if not isinstance(dst, int):
        return None
    for cand in (dst + 1, dst - 1, dst + 2):
        if 1 <= cand <= 24 and cand != src and d._count(other(mover), cand) == 0:
            return cand
    return None


def _knock_off(d: Director, mover: str, moves: list[tuple[Any, Any]]) -> Iterator[FrameState]:
    """While moving, the hand knocks one of the opponent's checkers off the board; it lies on the table until
    the mover puts it back, then the play is finished."""
    g = d.g
    yield from d.move_checkers(mover, moves[:1])
    victim = next((i + 1 for i, n in enumerate(d.counts or []) if (n < 0 if mover == "light" else n > 0)), None)
    if victim is None:
        yield from d.move_checkers(mover, moves[1:])
        return
    colour = other(mover)
    x, y, _ = slot_xy(g, victim, abs((d.counts or [])[victim - 1]) - 1, d.style)
    spot = (float(np.sign(x) * (g.field_x + (g.outer_right - g.field_x) + 5.0)), float(y))
    if x < 0:
        spot = (float(g.outer_left - 5.0), float(y))
    d._take(colour, victim)
    d._put(colour, spot)
    yield from d.travel(mover, d.entry_xy(mover, x), (x, y), 2, 2.0)
    yield from d.travel(mover, (x, y), d.entry_xy(mover, x), 2, 6.0)
    start = d.frame
    yield from d.still()
    d.emit("warning", frame=start, code="checker_missing", message=f"1 {colour} checker(s) not on the board: "
           "knocked off?", alert=True)
    d.hand_at = d.entry_xy(mover, spot[0])
    yield from d.carry(mover, colour, spot, victim, d.hand_at)
    yield from d.travel(mover, d.hand_at, d.entry_xy(mover, d.hand_at[0]), 2, 6.0)
    yield from d.move_checkers(mover, moves[1:])


def _double(d: Director, doubler: str) -> Iterator[FrameState]:
    """The player on roll turns the cube to twice its value; the opponent takes it to his side."""
    g = d.g
    if d.cube is None:
        d.cube = CubePiece(0.0, 0.0, g.frame_z, 64, 0.0, 2.2, "white")
    c = d.cube
    yield from d.travel(doubler, d.entry_xy(doubler, c.x), (c.x, c.y), 2, 4.0)
    d.cube_value *= 2
    d.cube = CubePiece(c.x, c.y, c.z, d.cube_value, c.yaw + 0.2, c.size, c.colour)
    yield from d.travel(doubler, (c.x, c.y), d.entry_xy(doubler, c.x), 2, 6.0)
    start = d.frame
    yield from d.still()
    d.emit("cube", frame=start, action="double", player=doubler, value=d.cube_value)
    taker = other(doubler)
    sign = 1.0 if seat_of(taker, d.scene.light_seat) == "bottom" else -1.0
    dest = (0.0, sign * (g.field_h / 2 - d.cube.size))
    yield from d.travel(taker, d.entry_xy(taker, 0.0), (c.x, c.y), 2, 4.0)
    d.cube = CubePiece(dest[0], dest[1], g.frame_z, d.cube_value, -0.1, c.size, c.colour)
    yield from d.travel(taker, dest, d.entry_xy(taker, 0.0), 2, 6.0)
    yield from d.still()
    d.pending_take = True
    d.cube_owner = taker


def _scripted_incidents() -> list[dict]:
    """The sample video's short game: every incident once, in six plays."""
    return [
        {"takeback": True},  # the opening play, a move taken back first
        {"incident": "cocked", "prefer": "blot"},  # a cocked die, re-rolled; the play leaves a blot
        {"incident": "wrong_half", "prefer": "hit"},  # dice split over both halves, re-rolled; a hit
        {"prefer": "enter", "knock": True},  # entering from the bar; a checker knocked off the board, put back
        {"double": True, "illegal": True},  # a double, taken; then an illegal play
        {"incident": "off_board"},  # a die off the board, re-rolled
    ]
