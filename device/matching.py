"""Which board a reading shows, given what the game allows: a small read-error model.

Why: the reader is not perfect. A tall stack is counted one short, a point next to a changed one is read
differently, a point under a shadow flips between two counts. Taken at face value, one such misread makes a legal
play look illegal, and every later play is judged from a wrong position. Here a reading is scored against each
board the game allows (the legal results of a roll, or the standing position while nothing should change), in
"misreads needed", and weighed against the simplest board the reading shows taken at face value:

* a point read as it was at the reference costs nothing if the hypothesis leaves it unchanged: the reader's steady
  misread of an untouched stack (read 4 when it holds 5, every time) carries over; a change there that the reading
  does not show costs two if the point is unsure (a tall stack counted short again), else it is a hard misread;
* any other point the reader was unsure of (low confidence, unseen, or a tall stack) may be off: one soft misread;
  so may a stack of five or more read one short, even though the short count is not tall itself (the reader
  counts a 5-stack 4 in one reading and 5 in the next, on a pixel of jitter);
  a lone checker read as none on a point the reader was sure of costs two (the commonest confident miss);
* a point read with confidence that differs is a hard misread: an illegal play shows there.

The verdict is "legal" when exactly one legal board is the cheapest explanation and strictly cheaper than any
illegal one, "illegal" when the face-value board is whole (15 a side, as read) and every legal board needs a
confident misread, and "doubt" otherwise (look again; if it stays so, say "not sure" rather than guess). Two
misreads that cancel are no evidence either: a stack of the mover's the reader is blind to may hide a checker
leaving it while one of his is missed elsewhere (no illegal call then: a rule that called it when every legal
board still needed a confident misread made a false alarm on race 4242 and was taken out), and checkers read on unsure points taken for phantoms weigh no more than one phantom on a sure
point of that colour. Likewise one checker missed against another (the illegal board a checker that arrived in
the play unseen on a stack, a legal board a lone checker not found) and one checker read in the wrong place (a
lone checker not found where the reader was sure, one more of that colour where it was unsure) are no evidence.
A point read as it always was read, and as a board holds it after a change (a lone checker never seen, gone),
costs one soft misread, and the reading as read is weighed when undoing such steady misreads breaks the count.
Where the checkers a short reading lacks stand is no evidence either: an illegal board that puts two or more of
them on one stack read as it stood, against a legal board that needs one checker missed on a stack read with
confidence, is "doubt", the legal board likelier and the illegal one kept as its rival (J7 game 5959 frame 111).
Where the checkers a short reading lacks stand is no reason to doubt a foul that stands either way: several
equally cheap illegal boards (the lacking checker on one stack or another), each a foul when weighed alone, while
every legal board needs a confident misread, make the verdict "illegal" when the caller asks (``either``; the first
board, its equals in ``Verdict.ties``: h737 frame 190).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from itertools import product
from typing import Callable, Iterable, Iterator, Optional

from device.seating import Board
from rules.position import CHECKERS
from vision.observation import Observation

LOW_CONFIDENCE = 0.6  # a point read with less confidence than this may hide a misread
TALL = 5  # stacks this tall are counted less reliably (checkers overlap): a count off by one is a soft misread
SOFT = 1  # one misread on a point the reader was unsure of
PINNED = 2  # a change on an unsure point whose reading did not change since the reference
LONE = 2  # a lone checker the reader did not find although it was sure of the point
LEGAL_MARGIN = SOFT  # a play not judged: the legal board stays the likelier by this much more misreading (decide)
HARD = 10  # a confident reading that differs
MAX_REPAIR = 2  # checkers the face-value board may be short or over on one colour and still be repaired
MAX_REPAIRS = 4000  # boards tried when repairing a face-value board (a bound, never reached on real boards)
MAX_TIED = 4  # equally cheap illegal boards weighed one by one for a foul that stands on each of them


def low_confidence_points(obs: Observation, threshold: float = LOW_CONFIDENCE) -> set[int]:
    """Geometric points the reader was unsure of (from its per-point confidence), plus points it could not see."""
    unsure = {i + 1 for i, n in enumerate(obs.points) if n is None}
    conf = obs.extra.get("point_confidence")
    if conf is None and isinstance(obs.extra.get("confidence"), dict):
        conf = obs.extra["confidence"].get("points")
    if isinstance(conf, list) and len(conf) == 24:
        unsure |= {i + 1 for i, c in enumerate(conf) if c is not None and float(c) < threshold}
    occluded = obs.extra.get("occluded_points")
    if isinstance(occluded, list):
        unsure |= {int(p) for p in occluded if isinstance(p, int)}
    return unsure


@dataclass(frozen=True)
class View:
    """What the reader saw (the raw counts, before any snapping to an expected board) and where it was unsure."""

    points: tuple[Optional[int], ...]
    bar: tuple[int, int]
    unsure: frozenset[int]  # geometric points 1-24
    # the points the reader itself doubted (low confidence, unseen), as against tall stacks counted unsure here
    doubted: frozenset[int] = frozenset()

    @classmethod
    def of(cls, obs: Observation) -> "View":
        raw = obs.extra.get("read_points") if obs.extra.get("snapped") else None
        points = tuple(raw if isinstance(raw, list) and len(raw) == 24 else obs.points)
        doubted = frozenset(low_confidence_points(obs))
        unsure = set(doubted)
        unsure |= {i + 1 for i, n in enumerate(points) if n is not None and abs(n) >= TALL}
        return cls(points, (int(obs.bar.get("light") or 0), int(obs.bar.get("dark") or 0)), frozenset(unsure),
                   doubted)


@dataclass(frozen=True)
class Reference:
    """A board believed true and how the reader saw it since: every count read for each point while the board
    stood (a tall stack read 4 or 5 in turn), the reader's steady misreads of stacks nobody touches."""

    board: Board
    seen: Optional[tuple[tuple[int, ...], ...]] = None
    # the bar counts (light, dark) read while the board stood: a cube or a die shadow on the bar read as a checker
    # every time is the reader's steady misread there, like a stack read short
    seen_bar: Optional[tuple[tuple[int, ...], tuple[int, ...]]] = None

    def steady(self, i: int, read: Optional[int]) -> bool:
        """Whether point ``i`` (0-based) is read as it was read while the board stood."""
        return self.seen is not None and read is not None and read in self.seen[i]

    def misses_lone(self, sign: int) -> bool:
        """Whether the reader read a lone checker of the colour of ``sign`` (+1 light, -1 dark) as none every time
        while the board stood: it is blind to such checkers here (a light checker on a light point of a light
        board), so its reading a point of that colour empty is no sure evidence that no lone checker stands there."""
        return sign in self._blind_to_lone

    @cached_property
    def _blind_to_lone(self) -> frozenset[int]:
        """The signs of the lone checkers the reader read as none every time (``misses_lone``), found once: the
        cost of every board weighed against this reference asks it."""
        if self.seen is None:
            return frozenset()
        return frozenset(b for i, b in enumerate(self.board.points)
                         if abs(b) == 1 and len(self.seen[i]) > 0 and all(n == 0 for n in self.seen[i]))

    def steady_bar(self, k: int, read: int) -> bool:
        """Whether the bar of colour ``k`` (0 light, 1 dark) is read as it was read while the board stood."""
        return self.seen_bar is not None and read in self.seen_bar[k]


def face_bar(view: "View", ref: Optional[Reference]) -> tuple[int, int]:
    """The bar as read, with the reader's steady misread of it undone (read as at the reference: what stood)."""
    if ref is None or ref.seen_bar is None:
        return view.bar
    return (ref.board.bar[0] if ref.steady_bar(0, view.bar[0]) else view.bar[0],
            ref.board.bar[1] if ref.steady_bar(1, view.bar[1]) else view.bar[1])


def with_face_bar(view: "View", ref: Optional[Reference]) -> "View":
    """``view`` with its bar read at face value (see ``face_bar``): every weighing below counts the bar so."""
    bar = face_bar(view, ref)
    return view if bar == view.bar else View(view.points, bar, view.unsure, view.doubted)


def _same_side(a: int, b: int) -> bool:
    return a == 0 or b == 0 or (a > 0) == (b > 0)


def blind(i: int, view: View, ref: Optional[Reference]) -> bool:
    """Point ``i`` is read now as it was read while the board stood, and that count is wildly off what stood
    there (a stack read as none): the reader cannot count this point, so it cannot show a change there either."""
    seen = view.points[i]
    return (ref is not None and ref.steady(i, seen) and seen is not None
            and abs(seen - ref.board.points[i]) > 1)


def lone_unseeable(i: int, view: View, board: Board, ref: Optional[Reference]) -> bool:
    """Whether point ``i`` holds a lone checker on ``board`` that the reader read as none, and the reader never
    saw a lone checker of that colour that stood on the board before (``Reference.misses_lone``): its reading
    the point empty with confidence is then no sure miss (render 56434 frame 919: light's legal 12/10 on 5-2, the
    checker leaving his 12 never seen, the one arriving on his 10 read as none with confidence: called 'plays only
    one die' as 21/16 alone against a legal 21/16 11/9 needing one sure miss)."""
    value = board.points[i]
    return ref is not None and abs(value) == 1 and view.points[i] == 0 and ref.misses_lone(value)


def untold(i: int, view: View, board: Board, ref: Optional[Reference]) -> bool:
    """Whether point ``i`` is read exactly as ``board`` holds it and as the reader read it while the board stood
    (a lone checker it always missed, now gone): the reading cannot tell the change, so a board with the change is
    no sure misread there (see ``point_cost``), though the face value undoes the steady misread."""
    seen = view.points[i]
    return ref is not None and seen is not None and ref.steady(i, seen) and seen == board.points[i]


def tall_short(seen: Optional[int], value: int) -> bool:
    """A stack of ``TALL`` or more read one short: the reader's commonest miscount (the top checkers overlap), and
    one it may make in one reading and not the next, so the short count is not a sure one even though it is
    no longer tall itself (a 5-stack read 4 is as doubtful as one read 5)."""
    return seen is not None and abs(value) >= TALL and seen * value > 0 and abs(seen) == abs(value) - 1


def point_cost(i: int, view: View, value: int, ref: Optional[Reference], lone: int = LONE) -> int:
    """Misreads needed for point ``i`` (0-based) to hold ``value`` when the reader saw ``view.points[i]``."""
    seen = view.points[i]
    if seen is None:
        return SOFT
    if ref is not None and ref.steady(i, seen):
        # read as at the reference: unchanged (the reader's steady misread carries over), or changed unseen
        if ref.board.points[i] == value:
            return 0
        held = ref.board.points[i]
        if seen == value:
            # read exactly as this board holds it, as the reader read it before the change too (a lone checker it
            # always missed, now gone): the reading cannot tell the change, it does not deny it either
            return SOFT
        if (i + 1 in view.unsure or blind(i, view, ref) or tall_short(seen, value)) and _same_side(held, value):
            return PINNED  # a change the reader does not show where it cannot count (unsure, or blind there)
        return lone if seen == 0 and abs(value) == 1 else HARD
    if seen == value:
        return 0
    if (i + 1 in view.unsure or tall_short(seen, value)) and _same_side(seen, value):
        return SOFT
    if seen == 0 and abs(value) == 1:
        # a lone checker not found (a reader's commonest confident miss: small, low contrast); where the reader
        # never saw a lone checker of that colour that stood on the board (Reference.misses_lone: a light checker
        # on a light point), it is a misread of its kind even when the reading adds up: the face may add up only
        # because such a checker, gone unseen, was put back where the reader always missed it (render 56434
        # frame 696: light's legal 16/15* 13/12* 8/7 2/1, his checker leaving the point where it was never seen
        # kept there, the one hitting on his 12 read as none: called 'do not match the roll' at cost 0 against 11)
        return LONE if ref is not None and ref.misses_lone(value) else lone
    return HARD


def cost(view: View, board: Board, ref: Optional[Reference], short: bool = True) -> int:
    """Misreads needed for the reading to show ``board``: soft ones cost 1-2, confident ones 10. ``short``: the
    reading does not add up to 15 a side, so a checker was missed or invented somewhere; a lone checker not found
    and a checker more or less on the bar (which also holds the cube and catches dice) are then misreads of their
    kind. When the reading adds up, they are confident readings like any other."""
    lone = LONE if short else HARD
    view = with_face_bar(view, ref)
    total = sum(point_cost(i, view, board.points[i], ref, lone) for i in range(24))
    return total + lone * (abs(view.bar[0] - board.bar[0]) + abs(view.bar[1] - board.bar[1]))


def face_value(view: View, ref: Optional[Reference]) -> list[Optional[int]]:
    """The reading with the reader's steady misreads undone: a point read as at the reference holds what it held."""
    out = list(view.points)
    if ref is not None and ref.seen is not None:
        for i, seen in enumerate(view.points):
            if ref.steady(i, seen):
                out[i] = ref.board.points[i]
    return out


def on_board(points: Iterable[int], sign: int) -> int:
    """The checkers of the colour of ``sign`` (+1 light, -1 dark) on the points."""
    return sum(n * sign for n in points if n * sign > 0)


def whole_board(points: list[int], bar: tuple[int, int], offs: tuple[set[int], set[int]]) -> Optional[Board]:
    """The Board these counts make when each colour's checkers add up to 15 with an allowed number borne off."""
    off = []
    for k, sign in enumerate((1, -1)):
        rest = CHECKERS - on_board(points, sign) - bar[k]
        if rest not in offs[k]:
            return None
        off.append(rest)
    return Board(tuple(points), bar, (off[0], off[1]))


def repairs(view: View, ref: Optional[Reference], offs: tuple[set[int], set[int]],
            limit: int = MAX_REPAIRS) -> Iterator[tuple[int, Board]]:
    """Whole boards the reading may show if some unsure points were misread: (cost, board), the face value first.

    Only unsure points change, each keeping its colour, so that every colour adds up to 15; a point the reader did
    not see at all may hold what the reference held there or the face value of its neighbours' colour."""
    view = with_face_bar(view, ref)
    base = face_value(view, ref)
    if any(n is None for n in base):
        for i, n in enumerate(base):
            if n is None:
                base[i] = ref.board.points[i] if ref is not None else 0
    start = whole_board(list(base), view.bar, offs)  # type: ignore[arg-type]
    if start is not None:
        yield 0 + sum(SOFT for n in view.points if n is None), start
    else:
        # the steady misreads undone, the colours do not add up, but the reading as read does: the point read as
        # it always was read may really have changed (g1643 frame 810: a lone dark checker the reader never saw
        # moved on; undone, dark had 16 and no whole board showed the play). One soft misread per such point
        steady = [i for i, n in enumerate(view.points) if n is not None and n != base[i]]
        if steady:
            read = [n if n is not None else base[i] for i, n in enumerate(view.points)]
            board = whole_board(read, view.bar, offs)  # type: ignore[arg-type]
            if board is not None:
                yield SOFT * len(steady) + sum(SOFT for n in view.points if n is None), board
    eligible = sorted(p - 1 for p in view.unsure)
    per_colour: list[list[tuple[int, dict[int, int]]]] = []
    for k, sign in enumerate((1, -1)):
        now = on_board(base, sign) + view.bar[k]  # type: ignore[arg-type]
        options: list[tuple[int, dict[int, int]]] = []
        for off in offs[k]:
            need = CHECKERS - off - now
            if need == 0:
                options.append((0, {}))
            elif abs(need) <= MAX_REPAIR:
                points = [i for i in eligible if base[i] * sign >= 0]  # type: ignore[operator]
                for change in _spread(need, points, base, sign):
                    options.append((sum(point_cost(i, view, v, ref) for i, v in change.items()), change))
        per_colour.append(options)
    tried = 0
    for (c1, ch1), (c2, ch2) in product(*per_colour):
        if not ch1 and not ch2:
            continue
        if set(ch1) & set(ch2):
            continue
        tried += 1
        if tried > limit:
            return
        points = list(base)
        for i, v in {**ch1, **ch2}.items():
            points[i] = v
        board = whole_board(points, view.bar, offs)  # type: ignore[arg-type]
        if board is not None:
            yield c1 + c2, board


def _spread(need: int, points: list[int], base: list, sign: int) -> Iterator[dict[int, int]]:
    """Every way to add ``need`` checkers of one colour (remove, when negative) over ``points``, each keeping at
    least zero of that colour."""
    step = 1 if need > 0 else -1

    def rec(left: int, idx: int, acc: dict[int, int]) -> Iterator[dict[int, int]]:
        if left == 0:
            yield dict(acc)
            return
        if idx >= len(points):
            return
        i = points[idx]
        have = base[i] * sign
        most = left * step if step > 0 else min(-left, have)
        yield from rec(left, idx + 1, acc)
        for n in range(1, most + 1):
            acc[i] = sign * (have + step * n)
            yield from rec(left - step * n, idx + 1, acc)
        acc.pop(i, None)

    yield from rec(need, 0, {})


@dataclass
class Verdict:
    """What a reading shows among the boards the game allows: ``kind`` is "legal" (``board`` is the legal one),
    "illegal" (``board`` is the whole board the reading shows, no legal board near it), or "doubt" (a legal and an
    illegal board explain it about equally well, or nothing whole does: look again). ``points`` names the points
    where the best legal board and the reading disagree."""

    kind: str
    board: Optional[Board] = None
    legal_cost: int = HARD * 99
    illegal_cost: int = HARD * 99
    points: list[int] = field(default_factory=list)
    # a doubt's other story: the board the reading shows as well, when the two differ only in where checkers the
    # reader missed stand (the tracker keeps it beside a guess, to tell a foul that stands on either board)
    rival: Optional[Board] = None
    # an illegal verdict's other boards, as cheap as ``board``, each a foul too: where the checkers the reading
    # lacks stand is not known (the tracker believes ``board`` as a guess unsure where they differ)
    ties: tuple[Board, ...] = ()


def opponent_arrived(board: Board, ref: Optional[Reference], mover: int) -> bool:
    """Whether ``board`` has the opponent of ``mover`` (+1 light, -1 dark) on a point with more of his checkers
    than at the reference: in the mover's turn his checkers only leave points (hit, to the bar)."""
    if ref is None or mover == 0:
        return False
    return any(-n * mover > max(0, -h * mover) for n, h in zip(board.points, ref.board.points))


def one_off(view: View, board: Board, ref: Optional[Reference]) -> bool:
    """Whether the reading (its steady misreads undone) differs from ``board`` by at most one checker on every
    point: the only misread a soft one stands for when it is the evidence for an illegal call."""
    face = face_value(view, ref)
    return all(n is None or abs(n - v) <= 1 for n, v in zip(face, board.points))


def diff_points(view: View, board: Board, ref: Optional[Reference], short: bool = True) -> list[int]:
    lone = LONE if short else HARD
    return [i + 1 for i in range(24) if point_cost(i, view, board.points[i], ref, lone) > 0]


def _only_removes(view: View, board: Board, ref: Optional[Reference]) -> bool:
    """Whether ``board`` holds, on every point where it departs from the reading (steady misreads undone), fewer
    checkers of the colour read there: it takes checkers the reader saw for phantoms, and adds none."""
    face = face_value(view, ref)
    # (a point the board holds as read, where the reader's steady misread was undone, takes no checker it saw: a
    # lone checker it never saw, gone, as the reading as read says: g1643 frame 810)
    departs = [(n, v) for n, v, r in zip(face, board.points, view.points) if n is not None and n != v and r != v]
    return bool(departs) and all(n * v >= 0 and abs(v) < abs(n) for n, v in departs)


def _one_over(view: View, board: Board, ref: Optional[Reference], short: bool) -> bool:
    """Whether ``board`` differs from the reading (its steady misreads undone, the bar as read) by one confident
    misread only, and that one is a point of a colour read one checker more than the board holds there (a
    phantom on a point that holds that colour; a checker found where none is, the lone-checker rule weighs)."""
    if board.bar != view.bar:
        return False
    lone = LONE if short else HARD
    hard = [i for i in range(24) if point_cost(i, view, board.points[i], ref, lone) >= HARD]
    if len(hard) != 1:
        return False
    seen, value = face_value(view, ref)[hard[0]], board.points[hard[0]]
    return seen is not None and seen * value > 0 and abs(seen) == abs(value) + 1


def _adds_unseen(view: View, board: Board, ref: Optional[Reference]) -> bool:
    """Whether ``board`` holds, on every point where it departs from the reading (steady misreads undone), more
    checkers of the colour read there than were read and than stood there before: it takes the reader to have
    missed a checker that arrived in the play (not one of a stack nobody touched, read one short)."""
    if ref is None:
        return False
    face = face_value(view, ref)
    departs = [(n, v, h) for n, v, h in zip(face, board.points, ref.board.points) if n is not None and n != v]
    return bool(departs) and all(n * v > 0 and abs(v) > abs(n) and v * h >= 0 and abs(v) > abs(h)
                                 for n, v, h in departs)


def _one_lone_missed(view: View, board: Board, ref: Optional[Reference]) -> bool:
    """Whether ``board`` differs from the reading (its steady misreads undone, the bar as read) by one lone checker
    the reader did not find on a point it was sure of, and by soft misreads only elsewhere."""
    if board.bar != view.bar:
        return False
    face = face_value(view, ref)
    hard = [i for i in range(24) if point_cost(i, view, board.points[i], ref) >= LONE]
    return (len(hard) == 1 and face[hard[0]] == 0 and abs(board.points[hard[0]]) == 1
            and point_cost(hard[0], view, board.points[hard[0]], ref) == LONE)


def _missed_only(view: View, board: Board, ref: Optional[Reference]) -> Optional[tuple[list, list[int]]]:
    """When ``board`` holds the reading (steady misreads undone, the bar as read) plus checkers the reader missed
    only (it adds checkers on points read in its colour and takes none away): the reading's face values and the
    points it departs from on which the reader was sure; else None."""
    if board.bar != view.bar:
        return None
    face = face_value(view, ref)
    departs = [i for i in range(24) if face[i] != board.points[i]]
    if not departs or any(face[i] is None for i in departs):
        return None
    if not all(face[i] * board.points[i] > 0 and abs(board.points[i]) > abs(face[i]) for i in departs):
        return None  # (a point read empty is the lone-checker rule's: _one_lone_missed)
    return face, [i for i in departs if i + 1 not in view.unsure and not tall_short(view.points[i], board.points[i])]


def _one_stacked_missed(view: View, board: Board, ref: Optional[Reference]) -> bool:
    """Whether ``board`` holds the reading plus checkers the reader missed only (``_missed_only``): one on a point
    where it read that colour with confidence (a stack of two or more read one short: its checkers overlap), any
    others on points it was unsure of."""
    missed = _missed_only(view, board, ref)
    if missed is None:
        return False
    face, sure = missed
    return len(sure) == 1 and abs(board.points[sure[0]]) == abs(face[sure[0]]) + 1


def _stack_read_short(view: View, board: Board, ref: Optional[Reference]) -> bool:
    """Whether ``board`` holds the reading plus checkers the reader missed only (``_missed_only``), the sure ones
    all on one stack of two or more that ``board`` holds as it stood before the roll (no play touched it): a stack
    read short with confidence, its other misses on unsure points."""
    missed = None if ref is None else _missed_only(view, board, ref)
    if missed is None:
        return False
    _, sure = missed
    return (len(sure) == 1 and board.points[sure[0]] == ref.board.points[sure[0]]  # type: ignore[union-attr]
            and abs(board.points[sure[0]]) >= 2)


def _small_stacks_only(view: View, board: Board, ref: Optional[Reference]) -> bool:
    """Whether ``board`` departs from the reading (steady misreads undone) only on points the reader was unsure of,
    each by one checker more of the colour read there, on a stack under TALL (a checker missed on a small stack
    the reader doubted, not on a tall one)."""
    face = face_value(view, ref)
    departs = [(i, n, v) for i, (n, v) in enumerate(zip(face, board.points)) if n is not None and n != v]
    return bool(departs) and all(n * v > 0 and abs(v) == abs(n) + 1 and abs(v) < TALL and i + 1 in view.doubted
                                 for i, n, v in departs)


def _adds_where_unsure(view: View, board: Board, ref: Optional[Reference]) -> bool:
    """Whether ``board`` departs from the reading (steady misreads undone) only by checkers added on points the
    reader was unsure of (read empty or short there): it takes the reader to have missed them, and takes none."""
    face = face_value(view, ref)
    departs = [(i, n, v) for i, (n, v) in enumerate(zip(face, board.points)) if n is not None and n != v]
    return bool(departs) and all(n * v >= 0 and abs(v) > abs(n) and i + 1 in view.unsure for i, n, v in departs)


def one_lone_unseen(view: View, board: Board, ref: Optional[Reference]) -> bool:
    """Whether the reading (steady misreads undone, the bar as read) shows ``board`` exactly but for one lone
    checker of it read as none (a point read 0, though 0 was the steady misread of what stood there before)."""
    if face_bar(view, ref) != board.bar:
        return False
    face = face_value(view, ref)
    departs = [i for i in range(24) if face[i] != board.points[i]]
    return len(departs) == 1 and view.points[departs[0]] == 0 and abs(board.points[departs[0]]) == 1


def _misplaced(view: View, board: Board, ref: Optional[Reference], far: bool = False) -> bool:
    """Whether the reading (steady misreads undone, the bar as read) departs from ``board`` by one checker read in
    the wrong place only: a lone checker of one colour not found on a point the reader was sure of, and one more
    of that colour than ``board`` holds on a point it was unsure of (low confidence, unseen: not a tall stack read
    tall, which the reader counts short, not over: g1641 frame 327, dark's 5-stack read 5 was the foul's).

    ``far``: the reading's own story lies far from anything the roll could make (see decide). Then a 2-point read
    as a blot with confidence is such a miss too, and a tall stack read one over where the reader itself doubted
    it is the unsure point (render 7001 frame 31: dark's legal 8/5 on 2-1 read with his 2-point read 1 with
    confidence and his 5-stack read 6 at confidence 0.5 made '24/13 8/5'). Not otherwise: a player who plays
    only three of four 5s leaves a reading one checker off a legal board in just this way (the sample game's
    foul at frame 181), and there the near story is the likelier one."""
    if board.bar != view.bar:
        return False
    face = face_value(view, ref)
    departs = [i for i in range(24) if face[i] != board.points[i]]
    if len(departs) != 2 or any(face[i] is None for i in departs):
        return False
    for p, q in (departs, departs[::-1]):
        stood, seen = board.points[p], face[q]
        sign = 1 if stood > 0 else -1
        if (stood and abs(stood) <= (2 if far else 1) and face[p] == stood - sign and p + 1 not in view.unsure
                and q + 1 in view.unsure and (abs(seen) < TALL or (far and q + 1 in view.doubted))
                and seen * sign > 0 and seen - board.points[q] == sign):
            return True
    return False


def decide(view: View, allowed: Iterable[Board], ref: Optional[Reference],
           offs: Optional[tuple[set[int], set[int]]] = None, mover: int = 0,
           far: Optional[Callable[[Board], bool]] = None, either: bool = False) -> Verdict:
    """Weigh the boards the game allows against the whole boards the reading may show (see the module doc).
    ``mover``: the sign (+1 light, -1 dark) of the player whose play is judged: where the reader is blind to one
    of his own stacks (reads it wildly off, every time), a reading that adds up may still hide his play, so no
    illegal call is made on it. ``far``: whether an illegal board lies far from anything the roll could make (many
    more pips moved than the dice hold): a tie with such boards only goes to the legal board. ``either``: a foul
    that each of several equally cheap illegal boards shows is called (the tracker asks for it when it judges a
    play on a board it believes for sure; elsewhere, and on a guess, such a reading stays "doubt" as before)."""
    view = with_face_bar(view, ref)
    legal = list(dict.fromkeys(allowed))
    legal_set = set(legal)
    if offs is None:
        offs = ({b.off[0] for b in legal} or {0}, {b.off[1] for b in legal} or {0})
        if ref is not None:
            offs[0].add(ref.board.off[0])
            offs[1].add(ref.board.off[1])
    face = face_value(view, ref)
    short = None in face or whole_board(list(face), view.bar, offs) is None  # type: ignore[arg-type]
    scored = sorted(((cost(view, b, ref, short), k) for k, b in enumerate(legal)), key=lambda t: t[0])
    legal_cost = scored[0][0] if scored else HARD * 99
    best = [legal[k] for c, k in scored if c == legal_cost]
    illegal_cost, illegal_board = HARD * 99, None
    illegal_odd = False  # every cheapest illegal board has the opponent's checkers where he had none, or is far
    tied: list[tuple[Board, bool]] = []  # the cheapest illegal boards, each with its own oddness
    near_cost = HARD * 99  # the cheapest illegal board whose story lies near the roll (not ``far``)
    for c, board in repairs(view, ref, offs):
        if board in legal_set:
            continue
        is_far = far is not None and far(board)
        if not is_far and c < near_cost:
            near_cost = c
        odd = opponent_arrived(board, ref, mover) or is_far
        if c < illegal_cost:
            illegal_cost, illegal_board = c, board
            illegal_odd = odd
            tied = [(board, odd)]
        elif c == illegal_cost and board != illegal_board:
            illegal_board = None if illegal_cost > 0 else illegal_board  # two equally cheap: keep none unless exact
            illegal_odd = illegal_odd and odd
            if all(board != b for b, _ in tied) and len(tied) <= MAX_TIED:
                tied.append((board, odd))
    if either and illegal_board is None and 1 < len(tied) <= MAX_TIED and 0 < illegal_cost < HARD <= legal_cost:
        # the reading is short and where the checkers it lacks stand is not known, but every legal board needs a
        # confident misread: a foul that each of those boards shows, weighed alone, stands either way (h737 frame
        # 190: light's 1-1 hitting on his 11-point, that checker read as none, tied with it on either 5-stack)
        # (the board believed first: the one that puts the lacking checkers where the reading shows a change, not
        # on points read as they stood: the message then names the likelier foul)
        face = face_value(view, ref)
        tied.sort(key=lambda t: sum(1 for i in range(24) if t[0].points[i] != face[i]
                                    and ref is not None and ref.steady(i, view.points[i])))
        each = [_weigh(view, legal, best, legal_cost, illegal_cost, b, odd, ref, short, mover, far, near_cost)
                for b, odd in tied]
        if all(v.kind == "illegal" for v in each):
            first = each[0]
            return Verdict("illegal", first.board, legal_cost, illegal_cost, first.points,
                           ties=tuple(b for b, _ in tied[1:]))
    return _weigh(view, legal, best, legal_cost, illegal_cost, illegal_board, illegal_odd, ref, short, mover, far,
                  near_cost)


def _weigh(view: View, legal: list[Board], best: list[Board], legal_cost: int, illegal_cost: int,
           illegal_board: Optional[Board], illegal_odd: bool, ref: Optional[Reference], short: bool, mover: int,
           far: Optional[Callable[[Board], bool]], near_cost: int = HARD * 99) -> Verdict:
    """The verdict of ``decide`` once the cheapest legal boards and the cheapest illegal board are known (see the
    module doc and decide)."""
    where = diff_points(view, best[0], ref) if best else []
    # a tie between a legal board and only boards on which the opponent's checkers turned up on new points (he
    # does not move in this turn: a misread of his checkers, not a foul) or far from the roll goes to the legal board
    if len(best) == 1 and legal_cost < HARD and (legal_cost < illegal_cost
                                                 or (legal_cost == illegal_cost and illegal_odd)):
        return Verdict("legal", best[0], legal_cost, illegal_cost, where)
    # a legal board that needs the reader to have erred where it was sure (a lone checker not found, the bar) is
    # no reason to doubt an illegal board that is a cheaper explanation and needs misreads only where it was unsure
    # (one such miss: a reading with more is too poor to weigh one explanation against the other)
    # a point the reading cannot tell changed (``untold``) is no sure miss of a legal board when the reading shows
    # the mover's checkers moved elsewhere; when its face is the board as it stood, the tracker's own rules for
    # "nothing moved yet" weigh it (the last checker, never seen, borne off: the tray tells)
    moved = ref is not None and illegal_board is not None and illegal_board != ref.board
    sure = [sum(abs(view.bar[k] - b.bar[k]) for k in (0, 1))
            + sum(1 for p in diff_points(view, b, ref, short) if p not in view.unsure and not blind(p - 1, view, ref)
                  and not tall_short(view.points[p - 1], b.points[p - 1]) and not lone_unseeable(p - 1, view, b, ref)
                  and not (moved and untold(p - 1, view, b, ref)))
            for b in best]
    # the illegal board's soft misread must be one checker miscounted: a point read two or more checkers off what
    # the illegal board holds there (a 5-stack read 3 exactly as the roll would leave it) is no sure evidence
    # (a legal board needing no sure misread at all, its change only untold, weighs so all the more)
    at_most_one = (bool(sure) and all(n <= 1 for n in sure) and illegal_cost <= SOFT
                   and not any(blind(i, view, ref) for i in range(24))
                   and illegal_board is not None and one_off(view, illegal_board, ref))
    sure_miss = at_most_one and all(n == 1 for n in sure)
    if (at_most_one and len(best) == 1 and legal_cost < HARD and far is not None and illegal_board is not None
            and far(illegal_board)):
        # the cheaper illegal board lies where no play of this roll, miscounted or not, gets (render 1602 at
        # 1280x720, tilt 24: dark's lone checker left on his 24-point read as none made a 5-2 '24/22 24/8 13/8'):
        # one lone checker missed is the likelier story, as in a tie with such a board. Not when an illegal board
        # near the roll is as cheap as the legal one: the far board says nothing against that one (judging game
        # 56535 frame 650: dark's 20/13 7/5 on 6-2, the checker put on his 5-stack read 5 as before, against a
        # legal 20/14 7/5 needing his 14-point's checker missed with confidence, was announced legal): not sure
        if near_cost > legal_cost:
            return Verdict("legal", best[0], legal_cost, illegal_cost, where)
        return Verdict("doubt", best[0], legal_cost, illegal_cost, where)
    # a stack of the mover's the reader is blind to hides a checker leaving it: a reading that adds up may be a
    # legal play with another of his checkers missed (the errors cancel). A rule that let the call through when
    # every legal board still needed a confident misread elsewhere (render 1641 frame 687 called) made a false
    # alarm on race 4242 frame 935 (dark's legal 7/2(2) 6/1(2) on a believed board already off): taken out
    blind_to_mover = mover != 0 and ref is not None and any(
        blind(i, view, ref) and ref.board.points[i] * mover > 0 for i in range(24))
    # the illegal board needs checkers the reader saw where it was unsure to be phantoms, and a legal board needs
    # only one phantom where it was sure, on a point holding that colour (g1645 frame 320: dark's new blot read
    # as two, his last checker on an unsure point taken for a phantom made 'one checker too many moved'): one
    # phantom against another is no evidence
    miscount = (illegal_board is not None and 0 < illegal_cost < HARD and legal_cost < 2 * HARD
                and _only_removes(view, illegal_board, ref) and any(_one_over(view, b, ref, short) for b in best))
    # the mirror of it: a reading short of a checker, the illegal board taking one that arrived in the play missed
    # on a stack the reader saw, a legal board one lone checker missed where it was sure (g1643 frame 627: dark's legal 9/6 8/4, the
    # checker on his 6 unseen, called '9/4 8/4' by a sixth checker put on a 5-stack read 5): one missed checker
    # against another is no evidence
    missed = (illegal_board is not None and short and 0 < illegal_cost < HARD and legal_cost <= LONE
              and _adds_unseen(view, illegal_board, ref) and any(_one_lone_missed(view, b, ref) for b in best))
    # the same with the legal board's confident miss a checker of a stack read one short (J7 game 5959, frame
    # 111: dark's legal 23/13 8/3(2) read with his new 2-point read 1 with confidence and his 6-stack read 5, two
    # checkers short; the illegal board put both on the 5-stack, read as it stood, and made '8/13' backwards):
    # where the checkers the reading lacks are is no evidence, and the legal board is the likelier story
    # (the illegal board's soft misread two checkers or more on one point, as in sure_miss: a tall stack read one
    # short against a small one read one short, each once, is the reader's commonest miscount against a
    # confident miss, and the illegal board stands: the noisy-reader test's 6-stacks read 5)
    # So too, when the illegal board's story lies far from the roll (backwards, or many more pips), a legal board
    # whose confident miss is a stack it holds as it stood before the roll, read two or more short (render 10523
    # frame 544: dark's untouched 3-stack read 1 with confidence at the lift of his legal 3-3; the illegal board put
    # both lacking checkers on his 24-point, read empty but unsure, and made '14/22 8/22' backwards)
    far_story = illegal_board is not None and far is not None and far(illegal_board)
    lacking = illegal_board is not None and short and 0 < illegal_cost < HARD and legal_cost >= HARD and not one_off(
        view, illegal_board, ref)
    stacked = (next((b for b in legal if cost(view, b, ref, short) < 2 * HARD and _one_stacked_missed(view, b, ref)),
                    None) if lacking and _adds_unseen(view, illegal_board, ref) else None)  # type: ignore[arg-type]
    if stacked is None and lacking and far_story and _adds_where_unsure(view, illegal_board, ref):  # type: ignore
        stacked = next((b for b in legal if cost(view, b, ref, short) < 2 * HARD and _stack_read_short(view, b, ref)),
                       None)
    # and when the illegal board puts the lacking checker on a tall stack read one short (one_off: the reader's
    # commonest miscount, which else stands against a small stack read one short) but its story lies far from the
    # roll: a checker moving backwards onto that stack is no likelier than one checker missed on a new point of
    # two (judging game 41535 frame 530 as this machine renders it: dark's legal 8/3* 5/3, his new 3-point read
    # as a blot with confidence, the lacking checker put on his 4-stack read 4 made '8/13 5/3' backwards)
    if (stacked is None and far_story and illegal_board is not None and short and 0 < illegal_cost < HARD
            and legal_cost >= HARD and _adds_unseen(view, illegal_board, ref)):
        stacked = next((b for b in legal if cost(view, b, ref, short) < 2 * HARD
                        and _one_stacked_missed(view, b, ref)), None)
    if (stacked is None and illegal_board is not None and short and 0 < illegal_cost < HARD and legal_cost >= HARD
            and _small_stacks_only(view, illegal_board, ref)):
        # and when the illegal board's own misread is one checker missed on a small stack the reader doubted, and a
        # legal board's is one checker missed on a small stack it was sure of: one stack read one short against
        # another, the reader's doubt the only difference, is no ground for a foul (judging game 99434 frame 741:
        # dark's legal 23/18 13/8(3), the third checker of his new 5-point stack lit grey and missed for sure,
        # the checker lacking put back on his 13-point of two read one at 0.5: 'a checker moved backwards').
        # Not with a tall stack on the illegal board's side: that one read one short is the commonest miscount
        # and stands against a sure miss (the noisy-reader test's 6-stacks read 5, above)
        stacked = next((b for b in legal if cost(view, b, ref, short) < 2 * HARD
                        and _one_stacked_missed(view, b, ref)), None)
    if stacked is not None:
        return Verdict("doubt", stacked, legal_cost, illegal_cost, diff_points(view, stacked, ref, short),
                       rival=illegal_board)
    # a reading that adds up with a lone checker missed where the reader was sure and one of that colour more on a
    # point it was unsure of, against a legal board: one checker read in the wrong place, never the ground for a
    # foul (g1643 frame 629: dark's legal 9/6 8/4, his checker on the 6 unseen and a second read on his 13 at
    # confidence 0.5, made '9/24' backwards)
    misplaced = illegal_board is not None and next((b for b in legal if _misplaced(view, b, ref, far_story)), None)
    if misplaced is not None and misplaced is not False:
        return Verdict("doubt", misplaced, legal_cost, illegal_cost, diff_points(view, misplaced, ref, short))
    if illegal_board is not None and illegal_cost < HARD and not blind_to_mover and not miscount and not missed and (
            legal_cost >= HARD or (sure_miss and illegal_cost < legal_cost)):
        return Verdict("illegal", illegal_board, legal_cost, illegal_cost, where)
    # not sure: go on from the likelier of the two (the next readings re-sync the belief). Players make legal plays
    # far more often than illegal ones, so a legal board needing one soft misread more than the illegal one is
    # still the likelier: the board believed after a play not judged is the legal one (judging game 69434 frame
    # 626: dark's legal 11/6 8/7 with his 7-stack read 6 at every look, against an illegal board one soft misread
    # cheaper; that board believed kept the stack a checker short, and the next five plays were weighed on it)
    likely = (best[0] if len(best) == 1 and (legal_cost <= illegal_cost + LEGAL_MARGIN or illegal_board is None
                                             or missed) else illegal_board)
    return Verdict("doubt", likely, legal_cost, illegal_cost, where)
