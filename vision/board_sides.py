"""Whether each side of a found outline has the frame just inside its edge and something else just beyond it.

Why: a board's outer edge is where its frame meets the table. The finder takes each side at a colour step, and on
renders the outlines that are 25-40 px off yet raise no doubt took a side at the wrong step (renders 11400-11519,
re-rendered 10842, 10865, 10872, 10875; 19 such boards over 10 px): the edge of the board's shadow on the table or a
grain line in it, past the frame (11437; the sample still sim_02), or the frame's inner edge or a tray's rim
inside the frame (10842, 11514). Such an edge has the wrong things on its two sides, which a right outline never shows:

- the band just inside it is not the frame but looks like what lies beyond it (the table taken in), or has its hue
  (the board's shadow on the table taken in: darker than the table beyond, its hue the same);
- at an end, the frame's colour lies just beyond it while something else lies just inside (the end stopped at a
  tray's or the field's edge, the frame strip still to come).

The frame's colour is measured next to the playing area (a long side's own inner band; for the ends the long sides'
mean, since an end may hold a tray there). These are doubts, not sure ones: a wrong outline is flagged, the reader
warns. An end with the frame's colour beyond it is moved out to where that colour ends (``end_moved_out``, used by
``vision.board._end_out`` only when the moved outline shows no doubt). Measured on renders 11400-11459 (tuned) and
11460-11519, the four re-rendered seeds, the sample stills and the real photos (167 outlines): the traces fire on 14
outlines, every one over 10 px off, and on none within 10 px; the ends moved out went 43 -> 6, 54 -> 17, 30 -> 1,
27 -> 2 and 20 -> 3 px (sample still sim_00).
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from calibration.geometry import BoardGeometry

SIDE_UNLIKE_FRAME = 10.0  # Lab distance over which a band is not the frame's colour (at 8 still no right outline fired)
SIDE_LIKE_SHARE = 0.25  # ... and a band this much nearer (as a share of that distance) is the same surface
BAND = (0.1, 0.35)  # band depth, as shares of the long sides' frame strip, inside and beyond each edge


def _band_colours(geo: BoardGeometry, image: np.ndarray) -> dict[str, tuple]:
    """Per side: (Lab median just inside its edge, the frame's Lab colour, Lab median just beyond its edge)."""
    from vision.board import _lab_median

    W, H = geo.rect_size
    x0, y0, x1, y1 = geo.playing_area
    s = min(y0, H - y1)  # the long sides' frame strip, as in vision.board._foreign_ends
    a, b = BAND

    def grid(ax, bx, ay, by, n=12):
        xs, ys = np.meshgrid(np.linspace(ax, bx, n), np.linspace(ay, by, n))
        return geo.to_image(np.stack([xs.ravel(), ys.ravel()], axis=1))

    spec = {
        "top": (grid(x0, x1, a * s, b * s), grid(x0, x1, y0 - b * s, y0 - a * s), grid(x0, x1, -b * s, -a * s)),
        "bottom": (grid(x0, x1, H - b * s, H - a * s), grid(x0, x1, y1 + a * s, y1 + b * s),
                   grid(x0, x1, H + a * s, H + b * s)),
        "left": (grid(a * s, b * s, y0, y1), None, grid(-b * s, -a * s, y0, y1)),
        "right": (grid(W - b * s, W - a * s, y0, y1), None, grid(W + a * s, W + b * s, y0, y1)),
    }
    long_frames = [c for c in (_lab_median(image, spec[k][1]) for k in ("top", "bottom")) if c is not None]
    out = {}
    for side, (inside, frame, beyond) in spec.items():
        fr = _lab_median(image, frame) if frame is not None else None
        if fr is None and frame is None and long_frames:
            fr = np.mean(long_frames, axis=0)
        out[side] = (_lab_median(image, inside), fr, _lab_median(image, beyond))
    return out


def sides_off_frame(geo: BoardGeometry, image: np.ndarray) -> Optional[str]:
    """Why a side of the outline is not the frame's outer edge (the module's two traces), or None."""
    if image.ndim != 3:
        return None
    W, H = geo.rect_size
    x0, y0, x1, y1 = geo.playing_area
    if min(y0, H - y1) < 2:
        return None
    reasons = []
    for side, (inside, frame, beyond) in _band_colours(geo, image).items():
        if inside is None or frame is None or beyond is None:
            continue
        unlike = float(np.linalg.norm(inside - frame))
        hue = float(np.linalg.norm((inside - frame)[1:]))  # the board's shadow taken in is darker than the table
        if unlike >= SIDE_UNLIKE_FRAME and float(np.linalg.norm(inside - beyond)) <= SIDE_LIKE_SHARE * unlike:
            reasons.append(f"the frame's {side} side shows what lies beyond it, not the frame, just inside its edge")
        elif hue >= SIDE_UNLIKE_FRAME and float(np.linalg.norm((inside - beyond)[1:])) <= SIDE_LIKE_SHARE * hue:
            reasons.append(f"the frame's {side} side shows the hue of what lies beyond it just inside its edge")
        elif side in ("left", "right") and unlike >= SIDE_UNLIKE_FRAME and \
                float(np.linalg.norm(beyond - frame)) <= SIDE_LIKE_SHARE * unlike:
            reasons.append(f"the frame's {side} end shows the frame's colour beyond its edge, not inside it")
    return "; ".join(reasons) or None


END_OUT_REACH = 1.6  # long frame strips: how far beyond an end its frame strip is looked for
END_OUT_STEP = 0.05  # ... in steps of this share of a strip


def end_moved_out(geo: BoardGeometry, image: np.ndarray, end: str) -> Optional[np.ndarray]:
    """The outline's corners with ``end`` moved out to where the frame's colour beyond it ends, or None.

    Why: an end that shows the frame's colour just beyond its edge and something else inside stopped at the frame's
    inner edge or a tray's outer rim, and the frame strip still lies beyond it (renders 10842, 11514: 27 and 30 px
    short, no doubt raised). The frame strip runs out to the table: walking out from the edge across the end, the
    columns keep the frame's colour and then change for good. The new edge is the first column unlike the frame
    that is followed by no frame-coloured column (a tray's rim or a stripe in the frame is followed by more frame)
    within END_OUT_REACH strips; when the frame's colour never ends there, nothing is moved."""
    from vision.board import _lab_median

    W, H = geo.rect_size
    x0, y0, x1, y1 = geo.playing_area
    s = min(y0, H - y1)
    if s < 2:
        return None
    a, b = BAND
    frames = [c for c in (_lab_median(image, _grid(geo, x0, x1, y0 - b * s, y0 - a * s)),
                          _lab_median(image, _grid(geo, x0, x1, y1 + a * s, y1 + b * s))) if c is not None]
    if not frames:
        return None
    frame = np.mean(frames, axis=0)
    sign, x_edge = (-1.0, 0.0) if end == "left" else (1.0, float(W))
    ds = np.arange(a * s, END_OUT_REACH * s, max(1.0, END_OUT_STEP * s))  # from just beyond the edge itself
    unlike = []
    for d in ds:
        c = _lab_median(image, _grid(geo, x_edge + sign * d, x_edge + sign * d, y0, y1, n=(1, 24)))
        if c is None:
            return None  # the image ends first: nothing is known beyond there
        unlike.append(float(np.linalg.norm(c - frame)) >= SIDE_UNLIKE_FRAME)
    unlike = np.array(unlike)
    framed = np.nonzero(~unlike)[0]
    if not len(framed) or ds[framed[0]] > b * s:
        return None  # no frame just beyond the edge (the edge's own dark line may cover its first columns)
    last = int(framed.max())
    if last + 1 >= len(ds) or ds[last] - ds[framed[0]] < a * s:
        return None  # the frame's colour runs on to the search's end, or no strip shows beyond the edge
    d = float(ds[last] + ds[last + 1]) / 2
    rect = np.array([[x_edge + sign * d, 0.0], [x_edge + sign * d, float(H)]])
    c = np.asarray(geo.corners, np.float64).copy()
    moved = geo.to_image(rect)
    if end == "left":
        c[0], c[3] = moved[0], moved[1]
    else:
        c[1], c[2] = moved[0], moved[1]
    return c


def _grid(geo: BoardGeometry, ax, bx, ay, by, n=(12, 12)) -> np.ndarray:
    xs, ys = np.meshgrid(np.linspace(ax, bx, n[0]), np.linspace(ay, by, n[1]))
    return geo.to_image(np.stack([xs.ravel(), ys.ravel()], axis=1))
