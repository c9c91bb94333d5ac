"""The die size learnt from the frames themselves, so a calibrated camera reads dice at the edge it really has.

Why: the calibration only guesses a die's edge (0.45 checker diameters), and real dice are 0.27-0.5 of a checker,
so reading at the guess alone misses many dice. The dice of one set do not change size during a session: once
confident faces (several pips, a good fit) have shown the edge, reading at that edge finds what two scales around
the guess find (renders, one scale: recall 0.77 vs 0.78, fewer false dice). It is read at two scales a step
apart (0.85 and 1.0 of it): how the fitted pip grid relates to the die's edge depends on the dice (real dice: the
grid overstates it; small dice with close pips: understates), and on dice of ~15 px the scales that read a face
come in patches, so one scale alone missed one of two dice on most rolls of the sample
game (single scale: 54% of its dice found; two: 64%, all values right); the second scale reads only windows round
the first's pips (``dice_windows``), so it costs about half a whole read. The learnt edge is kept per view (image
size, playing-area box, guess), so another board or camera starts afresh; while a view shows no confident die,
every few reads look at the guess's scales again, so a wrong edge heals.

Not done, measured: reading a frame only round what changed since the last read, keeping the faces read elsewhere
(rendered game seed 1404 at 960x540 read in sequence: dice right on still frames 225 -> 200 of 290, wrong values
0 -> 5). A die at the edge of being read is read on some frames and not on others under sensor noise alone (a 5
read on one frame and not the next with no grey level near it moving more than 9, below any change threshold
that noise does not trip): keeping a face, or its absence, froze whichever read happened last, wrong values too.
Nor does skipping the second scale when the first finds no face at all (the same game: 58 of 142 such reads found
a die at the second scale only).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from statistics import median
from typing import Hashable, Optional

import numpy as np

LEARN_CONFIDENCE = 0.8  # a face this sure (2+ pips, good layout fit) shows the die's edge
KEEP = 9  # recent edges whose median is the learnt edge
AGREE = 0.2  # the first two edges must agree this closely (relative) before the edge is trusted
RECHECK_EVERY = 8  # of the reads without a confident die, every this many reads at both scales again
READ_AT = (0.85, 1.0)  # read at these shares of the learnt edge (the fitted grid over- or understates it)
# the learnt edge is kept within what a die can be on this board, as shares of the guess (0.45 checker diameters):
# no die is under 0.3 checker diameters (15 mm dice on 50 mm checkers), and the guess's own search ends at 1.45
# (0.65 checker diameters: standard dice on a small board's checkers)
EDGE_SHARE = (0.3 / 0.45, 1.45)


@dataclass
class DieScale:
    """Learnt die edge (pixels) of one camera view."""

    sizes: deque = field(default_factory=lambda: deque(maxlen=KEEP))
    idle: int = 0  # reads since the last confident die
    roll: Optional[np.ndarray] = None  # centres of the last read's whole roll (frame pixels), read round first
    # next time (vision.dice._reread_roll); None when the last read was no whole roll
    learnt_read: bool = False  # whether the last read read at the learnt edge (False: at the guess's scales)

    def edge(self) -> Optional[float]:
        """The learnt edge, once two confident faces agreed on it."""
        if len(self.sizes) < 2:
            return None
        m = median(self.sizes)
        if len(self.sizes) == 2 and abs(self.sizes[0] - self.sizes[1]) > AGREE * m:
            return None
        return float(m)

    def scales(self, guess_scales: list[float], guess: Optional[float] = None) -> list[float]:
        """Scales to read this frame at: those at the learnt edge, or the guess's when unsure (or due a recheck).

        ``guess``: the board's guessed die edge; the learnt edge is held within EDGE_SHARE of it. Why: on dice of
        a few pixels the fitted pip grid understates the edge (rendered games at 960x540: learnt 0.83-0.86 of the
        true edge, read at 0.7-0.85 of it, and most dice went unread), and no die is smaller than 0.3 checkers.
        """
        e = self.edge()
        if e is None or (self.idle and self.idle % RECHECK_EVERY == 0):
            return guess_scales  # every RECHECK_EVERY-th quiet read looks at the guess's scales again
        if guess:
            e = min(max(e, EDGE_SHARE[0] * guess), EDGE_SHARE[1] * guess)
        return [share * e for share in READ_AT]

    def learn(self, confident_sizes: list[float]) -> None:
        """Record the edges of this frame's confident faces (none: the view is idle, or the edge is wrong)."""
        if not confident_sizes:
            self.idle += 1
            return
        self.idle = 0
        e = self.edge()
        for s in confident_sizes:
            if e is not None and not (1 - 2 * AGREE) * e <= s <= (1 + 2 * AGREE) * e:
                continue  # one odd face (a misfit, a far-off texture) does not move a settled edge
            self.sizes.append(float(s))
        if len(self.sizes) == 2 and e is None and abs(self.sizes[0] - self.sizes[1]) > AGREE * median(self.sizes):
            self.sizes.popleft()  # the first two disagree: keep the newer and wait for a partner


class ScaleMemory:
    """Learnt die edges per view, owned by one reader (``vision.reader.Reader.dice_memory``): what one reader learnt
    never changes what another reads (a module-wide memory did: a test's reads, or a second camera's, changed the
    scales the first read at)."""

    def __init__(self, max_views: int = 16) -> None:
        self._views: dict[Hashable, DieScale] = {}
        self._max = max_views

    def view(self, key: Hashable) -> DieScale:
        hit = self._views.get(key)
        if hit is None:
            if len(self._views) >= self._max:
                self._views.pop(next(iter(self._views)))
            hit = self._views[key] = DieScale()
        return hit

    def clear(self) -> None:
        self._views.clear()

    def edges(self) -> list[Optional[float]]:
        """The learnt edge of every view seen (None where none is learnt yet), oldest view first."""
        return [v.edge() for v in self._views.values()]


class OneScale:
    """A die-scale memory that reads at one given edge and learns nothing: a caller's own look at one scale.

    Why: a reader looking again for a die the learnt edge and the guess's scales missed (vision.reader.Reader.
    _second_look) reads at a scale of its choosing, without teaching the view's learnt edge a die read there."""

    roll = None  # no last roll to read round (vision.dice._reread_roll)
    learnt_read = True

    def __init__(self, edge: float) -> None:
        self.edge_px = float(edge)

    def view(self, key: Hashable) -> "OneScale":
        return self

    def scales(self, guess_scales: list[float], guess: Optional[float] = None) -> list[float]:
        return [self.edge_px]

    def learn(self, confident_sizes: list[float]) -> None:
        """Nothing: a look at a chosen scale teaches no edge."""
