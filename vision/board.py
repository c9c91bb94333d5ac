"""Find the open board in a frame and place everything on it: the entry point of all vision.

``find_board`` searches a frame from scratch (candidate quadrilaterals from edges and colour regions, each
validated by the 24-point pattern in its rectified view, the winner refined to sub-pixel on the frame edges);
``geometry_from_corners`` builds the full geometry from known outer corners; ``rectify`` is the per-frame warp
(maps cached in the geometry); ``check_geometry`` is the cheap drift test the daemon runs every few frames.

Without calibrated intrinsics ``find_board`` fits the lens's bend to the board's own bowed edges
(``vision.board_lens``) and, when the evidence is clear, builds the geometry through that estimated lens
(``Intrinsics.estimated``), so the points in the middle of each half are not off by the bow.

An outline that shows a trace no right one shows (a long frame strip thinner than any board's, an end that took in
the table or a card) gets a second look from the same playing area (``_board_from``); what is left of those traces
afterwards is a sure doubt (``BoardGeometry.frame_doubt_sure``): the reader then gives no point as sure.
"""

from __future__ import annotations

from typing import Optional

import cv2
import numpy as np

from calibration.geometry import (BoardGeometry, GeometryError, Intrinsics, aspect_of, default_rect_size, homography_for,
                                  landscape_corners, order_corners)
from vision.board_layout import Layout, find_layout
from vision.errors import VisionError
from vision.image import check_image


class BoardNotFound(VisionError):
    """No backgammon board in the frame."""


class MultipleBoards(VisionError):
    """More than one board in the frame: the referee cannot tell which one to watch."""


class BoardCutOff(VisionError):
    """The board runs off the image edge: part of it cannot be seen."""


def _check_image(image: np.ndarray, what: str = "image") -> np.ndarray:
    return check_image(image, what)


def rectify(image: np.ndarray, geometry: BoardGeometry) -> np.ndarray:
    """The top-down view of the board (outer frame = view edges), undistorted when intrinsics are known."""
    image = _check_image(image)
    mx, my = geometry.warp_maps()
    return cv2.remap(image, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _warp(image: np.ndarray, corners: np.ndarray, rect_size: tuple[int, int],
          intrinsics: Optional[Intrinsics] = None) -> np.ndarray:
    H = homography_for(corners, rect_size, intrinsics)
    if intrinsics is None:
        return cv2.warpPerspective(image, H, rect_size, flags=cv2.INTER_AREA if False else cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)
    g = BoardGeometry(np.asarray(corners, float), H, rect_size, (0, 0, 1, 1), (0, 0, 1, 1), (0, 0, 1, 1),
                      (0, 0, 1, 1), intrinsics=intrinsics)
    return rectify(image, g)


def _readings(quad: np.ndarray) -> list[np.ndarray]:
    """The two ways to number a quadrilateral's corners: as the image shows it, or (portrait convention) as if
    the image were turned a quarter turn clockwise. The more oblong-looking reading first."""
    as_shown = order_corners(quad)
    portrait = as_shown[[3, 0, 1, 2]]
    first = landscape_corners(quad)
    return [first, portrait] if np.allclose(first, as_shown) else [first, as_shown]


def _geometry_from_layout(corners: np.ndarray, layout: Layout, rect_size: tuple[int, int],
                          image_size: tuple[int, int], intrinsics: Optional[Intrinsics]) -> BoardGeometry:
    return BoardGeometry.from_corners(
        corners, layout.playing_area, layout.bar, layout.left_half, layout.right_half, layout.trays,
        rect_size=rect_size, image_size=image_size, intrinsics=intrinsics,
        triangle_frac=layout.triangle_frac, score=layout.score, layout_margin=layout.shift_margin)


def geometry_from_corners(image: np.ndarray, corners, intrinsics: Optional[Intrinsics] = None,
                          orient: bool = True) -> BoardGeometry:
    """The full geometry from given outer-frame corners (e.g. label corners): areas found in the rectified view.

    With ``orient`` the corner order is normalised to the geometric convention (long sides horizontal); when the
    point pattern reads better a quarter turn away (a nearly square board), that reading wins.
    """
    image = _check_image(image)
    c = np.asarray(corners, dtype=np.float64).reshape(4, 2)
    readings = _readings(c) if orient else [c]
    best = None
    for cc in readings:
        try:
            size = default_rect_size(cc, intrinsics)
            view = _warp(image, cc, size, intrinsics)
        except GeometryError as exc:
            raise BoardNotFound(f"the board corners {np.round(c, 1).tolist()} do not outline a board ({exc})"
                                ) from None
        lay = find_layout(view)
        if lay is None:
            continue
        s = lay.score - max(0.0, lay.middle_score - 0.3)
        if best is None or s > best[0]:
            best = (s, cc, size, lay)
    if best is None:
        raise BoardNotFound("no backgammon points pattern inside the given corners")
    _, cc, size, lay = best
    geo = _geometry_from_layout(cc, lay, size, (image.shape[1], image.shape[0]), intrinsics)
    from vision.board_drift import reference_for

    geo.edge_reference = reference_for(image, geo)
    return geo


# --------------------------------------------------------------------------------------------- finding
FIND_SIZE = 640  # long side of the working copy for the search from scratch
MIN_PATTERN = 0.33  # layout score below which a quadrilateral holds no backgammon board
SCORE_WIDTH = 144  # width of the rectified views the candidates are scored in


MIN_TAPER = 0.15  # the pattern near the long edges must beat the same pattern in the middle rows by this much
MIN_SIDE_PX = 48  # a candidate's short side in the working image: smaller boards cannot be read anyway


def _score_quad(small: np.ndarray, quad: np.ndarray, min_taper: float = MIN_TAPER
                ) -> Optional[tuple[float, np.ndarray, Layout]]:
    """Best reading (corner order) of one candidate and its pattern score, or None. A reading whose points
    fade towards the middle by MIN_TAPER wins over one that fades only by ``min_taper``."""
    best = None
    q = np.asarray(quad, float).reshape(4, 2)
    sides = np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)
    long_side = max(sides[0] + sides[2], sides[1] + sides[3]) / 2
    short_side = min(sides[0] + sides[2], sides[1] + sides[3]) / 2
    if short_side < MIN_SIDE_PX or long_side > 3.0 * short_side:  # no board is that thin, even in perspective
        return None
    readings = _readings(quad)
    if aspect_of(readings[0]) >= 1.2:  # clearly oblong: the long sides are the point sides
        readings = readings[:1]
    for cc in readings:
        size = default_rect_size(cc)
        size = (SCORE_WIDTH, max(24, int(round(size[1] * SCORE_WIDTH / size[0]))))
        try:
            H = homography_for(cc, size)
        except VisionError:
            continue
        except Exception:
            continue
        view = cv2.warpPerspective(small, H, size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
        lay = find_layout(view, refine=False, search_width=SCORE_WIDTH)
        if lay is None or lay.score - lay.middle_score < min(min_taper, MIN_TAPER):
            continue  # the points must fade towards the middle (triangles taper; noise and chessboards do not)
        s = lay.score - max(0.0, lay.middle_score - 0.5)
        key = (lay.score - lay.middle_score >= MIN_TAPER, s)
        if best is None or key > best[0]:
            best = (key, cc, lay)
    return None if best is None else (best[0][1], best[1], best[2])


def _area_to_image(cc: np.ndarray, lay: Layout, rect: tuple[float, float, float, float]) -> np.ndarray:
    """A rectified rect of a candidate's scoring view as 4 image points."""
    size = default_rect_size(cc)
    size = (SCORE_WIDTH, max(24, int(round(size[1] * SCORE_WIDTH / size[0]))))
    H = homography_for(cc, size)
    x0, y0, x1, y1 = rect
    pts = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, np.linalg.inv(H)).reshape(4, 2)


FRAME_LINES = True  # the outer frame from edge lines beside each side (else from column profiles)
SETTLE_IN_RELAYOUT = False  # measured: helps r15, hurts as many renders (the frame finder wants pattern edges)


def _relayout(image: np.ndarray, play: np.ndarray, rounds: int = 2, margin: float = 0.1) -> np.ndarray:
    """Re-find the playing area in a view built around its current estimate (a candidate outline is only
    approximate, so its view is skewed; a view centred on the playing area itself is nearly square-on)."""
    for _ in range(rounds):
        pq = np.asarray(play, float).reshape(4, 2)
        aspect = min(max(aspect_of(pq), 0.8), 2.5)
        w = 440
        h = int(round(w / aspect))
        mx, my = margin * w, margin * h
        size = (int(round(w + 2 * mx)), int(round(h + 2 * my)))
        dst = np.array([[mx, my], [mx + w, my], [mx + w, my + h], [mx, my + h]], float)
        H, _ = cv2.findHomography(pq, dst)
        if H is None:
            break
        view = cv2.warpPerspective(image, H, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        lay = find_layout(view, refine=True, search_width=size[0] // 2, settle_edges=SETTLE_IN_RELAYOUT)
        if lay is None:
            break
        x0, y0, x1, y1 = lay.playing_area
        pts = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], float).reshape(-1, 1, 2)
        new = cv2.perspectiveTransform(pts, np.linalg.inv(H)).reshape(4, 2)
        moved = float(np.max(np.linalg.norm(new - pq, axis=1)))
        play = new
        if moved < 1.0:
            break
    return play


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over the smaller area of two convex quadrilaterals."""
    inter, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    small = min(cv2.contourArea(a.astype(np.float32)), cv2.contourArea(b.astype(np.float32)))
    return float(inter / small) if small > 0 else 0.0


def find_board(image_bgr: np.ndarray, intrinsics: Optional[Intrinsics] = None) -> BoardGeometry:
    """Find the open board from scratch: outer frame refined to sub-pixel, areas, points, rectified view.

    Raises BoardNotFound, MultipleBoards or BoardCutOff with a message a user understands.

    With ``intrinsics`` the search runs in the undistorted view; when it finds no board there (or only one cut
    off), the frame as the camera gave it is searched too and its outline taken through the lens (``_through_lens``),
    unless no outline read any points at all there (``near_miss``: a frame with no board is not searched twice).
    Why: the candidate outlines come from colour regions and edges that undistorting moves by a pixel or two, and an
    outline that just passed the point pattern's tests in one view can just fail them in the other (sample still
    sim_18, a hand over the top half, lens k1 -0.05: found without the lens within 3 px, not at all through it). A
    calibrated camera must not lose a board that a photo read alone finds. An outline found there with a sure doubt
    or a faint point pattern may give way to the plain frame's outline taken through the lens too, when that reads
    the points clearly better (``_clearer_through_lens``).
    """
    if intrinsics is None:
        return _find_board(image_bgr, None)
    try:
        found = _find_board(image_bgr, intrinsics)
    except (BoardNotFound, BoardCutOff) as exc:
        first = exc
    else:
        faint = found.score is not None and found.score < DOUBT_PATTERN
        return _clearer_through_lens(image_bgr, found, intrinsics) if found.frame_doubt_sure or faint else found
    if not getattr(first, "near_miss", True):
        raise first  # no outline read any points at all: nothing a pixel's shift could save (no second search)
    try:
        plain = _find_board(image_bgr, None)
    except VisionError:
        raise first from None
    geo = _through_lens(_check_image(image_bgr), plain, intrinsics)
    if geo is None:
        raise first
    return geo


LENS_RETRY_SCORE = 0.9  # the outline through the lens must read the points this share as clearly as without it
LENS_CLEARER = 0.1  # a doubted or faint outline gives way to one that reads the points this much more clearly


def _clearer_through_lens(image_bgr: np.ndarray, found: BoardGeometry, intrinsics: Intrinsics) -> BoardGeometry:
    """``found`` (the undistorted view's outline, with a sure doubt or a faint pattern), or the outline of the frame as the camera gave it taken
    through the lens (``_through_lens``) when that reads the point pattern at least LENS_CLEARER more clearly and
    carries no sure doubt.

    Why: undistorting moves a dark frame's edges against a dark table as much as it straightens them, and the
    undistorted search can settle on an outline the point pattern hardly fits while the plain search finds the
    board. Judging still 99135 (a black frame with a tray on a blue table, a hand over it, lens k1 -0.23): through
    the lens 250 px off, pattern 0.35, a sure doubt; the plain outline taken through the lens 2 px off, 0.64. On
    243 judging and sample stills read through their lenses, 71 outlines were doubted; this took 5 of them
    (639 -> 30, 251 -> 2, 196 -> 3, 147 -> 3, 119 -> 3 px off) and none that was nearer. Each of the five was a sure
    doubt or a faint pattern (under DOUBT_PATTERN, 0.29-0.37): only such outlines are searched again (11 of the 243,
    the same five taken), as a second search costs about a find (the bench's frames, doubted for another reason,
    took 1.04 s to find instead of 0.5 when every doubted outline was searched again)."""
    try:
        plain = _find_board(image_bgr, None)
    except VisionError:
        return found
    geo = _through_lens(_check_image(image_bgr), plain, intrinsics)
    if geo is None or geo.frame_doubt_sure or geo.score is None or found.score is None:
        return found
    return geo if geo.score >= found.score + LENS_CLEARER else found


def _through_lens(image: np.ndarray, plain: BoardGeometry, intrinsics: Intrinsics) -> Optional[BoardGeometry]:
    """The board found without the lens (``plain``), its outer corners (image px, as the camera saw them) taken
    through the lens: areas and points found again in the lens's rectified view. None unless its points read at
    least LENS_RETRY_SCORE as clearly as ``plain``'s, the outline lies inside the image and the points did not move
    (``_same_points``). The plain outline's doubts go with it: it is the same outline."""
    try:
        geo = geometry_from_corners(image, plain.corners, intrinsics.scaled_to((image.shape[1], image.shape[0])),
                                    orient=False)
    except VisionError:
        return None
    if geo.score is None or geo.score < max(MIN_PATTERN, LENS_RETRY_SCORE * (plain.score or 0.0)):
        return None
    if not _inside_image(geo.corners, image.shape) or not _same_points(plain, geo):
        return None
    geo.frame_doubt, geo.frame_doubt_sure = plain.frame_doubt, plain.frame_doubt_sure
    return geo


def _find_board(image_bgr: np.ndarray, intrinsics: Optional[Intrinsics] = None) -> BoardGeometry:
    """``find_board``'s search in one view: the undistorted one with ``intrinsics``, else the frame as given."""
    from vision.board_candidates import candidate_quads

    image = _check_image(image_bgr)
    work = image
    if intrinsics is not None:
        intr = intrinsics.scaled_to((image.shape[1], image.shape[0]))
        work = cv2.undistort(image, intr.K, intr.dist)
    h, w = work.shape[:2]
    s = FIND_SIZE / max(h, w)
    small = cv2.resize(work, (int(round(w * s)), int(round(h * s))), interpolation=cv2.INTER_AREA) if s < 1 else work
    s = min(s, 1.0)
    scored, near, faint = [], [], []
    for q in candidate_quads(small):
        r = _score_quad(small, q, min_taper=NEAR_TAPER)
        if r is not None and FAINT_PATTERN <= r[0] < MIN_PATTERN and r[2].score - r[2].middle_score >= MIN_TAPER:
            faint.append(r)  # kept for the rescue: an outline taking in an arm reads the points faintly
        if r is None or r[0] < MIN_PATTERN:
            continue
        play = _area_to_image(r[1], r[2], r[2].playing_area)
        (scored if r[2].score - r[2].middle_score >= MIN_TAPER else near).append((r[0], q, r[1], r[2], play))
    found = (image, work, small, s, intrinsics)
    if not scored:
        rescued = _rescue(found, faint=faint)
        if rescued is None:
            missed = BoardNotFound("no backgammon board found in the image (no quadrilateral with 2x12 points)")
            missed.near_miss = bool(near or faint)  # some outline read the points, too faintly (see find_board)
            raise missed
        return _with_side_doubt(rescued, image)
    scored.sort(key=lambda t: -t[0])
    best = scored[0]
    # another board: a strongly scoring candidate whose playing area does not overlap the best one's
    for other in scored[1:]:
        if other[0] >= max(MIN_PATTERN + 0.1, 0.85 * best[0]) and _overlap(other[4], best[4]) < 0.1:
            raise MultipleBoards("more than one backgammon board in the image: show the camera only one")
    geo = _board_from(found, best[4], best[2])
    try:
        _check_cut_off(geo, image)
    except BoardCutOff:
        # a board whole inside the image is not cut off: the winning outline ran along the image border (the
        # tight-crop reading) while the board's own outline, spoilt by a hand or an arm lying over it, fell
        # just short of the point pattern's taper test. The strongest such outline lying wholly inside the
        # image gets a second look; its board stands if it is whole and its points read at least as clearly
        second = _second_look(found, geo, scored + near)
        if second is None:
            second = _rescue(found, geo.score, faint)
        if second is None:
            raise
        geo = second
    return _with_side_doubt(geo, image)


def _with_side_doubt(geo: BoardGeometry, image: np.ndarray) -> BoardGeometry:
    """The found board with ``vision.board_sides``' doubt added to its outline's: a side taken at the edge of the
    board's shadow, a grain line in the table or a tray's rim shows the wrong colours on its two sides (renders
    11437, 11514: 43 and 30 px off with no doubt before). Added only to the outline the finder settled on, so that no
    second look, near fit or rescue decides otherwise than before: no corner moves."""
    from vision.board_sides import sides_off_frame

    why = sides_off_frame(geo, image)
    if why and END_OUT:
        moved = _end_out(geo, image, why)
        if moved is not None:
            return moved
    if why:
        geo.frame_doubt = f"{geo.frame_doubt}; {why}" if geo.frame_doubt else why
    return geo


END_OUT = True  # an end with the frame's colour beyond its edge is moved out to where that colour ends


def _end_out(geo: BoardGeometry, image: np.ndarray, why: str) -> Optional[BoardGeometry]:
    """The outline with an end that stopped short of its frame strip moved out to the strip's edge
    (``vision.board_sides.end_moved_out``), or None when it does not stand.

    Why: such an end stopped at the frame's inner edge or a tray's outer rim, the frame strip beyond it (renders
    10842, 11514: 27 and 30 px short, no doubt raised; 11416 and the sample still sim_00, doubted only for the
    colour just inside that end). The moved outline stands only when it shows no doubt at all (no trace of
    ``_frame_doubt``, neither of ``board_sides``' traces), its points read at least THIN_RETRY_SCORE as clearly
    and every point lies where the first outline put it; and only when the first outline's doubts were all about
    its ends (a lens or a long side in doubt is not settled by moving an end)."""
    from vision.board_sides import end_moved_out, sides_off_frame

    reasons = [r for r in (geo.frame_doubt or "").split("; ") if r]
    if any(" end " not in r for r in reasons):
        return None
    ends = [e for e in ("left", "right") if f"{e} end shows the frame's colour beyond its edge" in why]
    if len(ends) != 1:
        return None
    corners = end_moved_out(geo, image, ends[0])
    if corners is None:
        return None
    try:
        other = geometry_from_corners(image, corners, geo.intrinsics, orient=False)
    except VisionError:
        return None
    if other.score is None or other.score < max(MIN_PATTERN, THIN_RETRY_SCORE * (geo.score or 0.0)) or \
            not _same_points(geo, other) or not _inside_image(other.corners, image.shape):
        return None
    if _frame_doubt(other, 0.0, None, 0.0, image) is not None or sides_off_frame(other, image) is not None:
        return None
    return other


RESCUE_TRIES = 3  # outlines from the frame's straight edges carried on to a whole board, best pattern first
FAINT_PATTERN = 0.25  # usual outlines reading the points this clearly (but under MIN_PATTERN) are rescue tries ...
FAINT_TRIES = 2  # ... this many of them, the largest first
RESCUE_SAME = 0.02  # playing areas whose corners all lie within this share of the image diagonal are one
RESCUE_PATTERN = 0.45  # the board a rescue builds must show its points at least this clearly ...
RESCUE_TAPER = 0.10  # ... fading towards the middle, if less than MIN_TAPER: the board built from the frame's own
# edges is checked whole (its points read clearly, its frame in no doubt), and on a board whose points run 20 cm of a
# 25 cm half the tips and the start's five-checker stacks fill the middle rows (game 65535 through its lens: fade
# 0.13, never found, the referee never saw the start). Chessboards and tiled floors do not fade at all.


def _rescue(found, refused_score: Optional[float] = None, faint: Optional[list] = None) -> Optional[BoardGeometry]:
    """A board from the frame's long straight edges, when the usual outlines gave none (or one cut off).

    Why only then: the usual finder's corners are kept exactly wherever it finds a board (moving them cost
    points before). An arm across the board spoils the region outlines, but most of each frame side still
    shows as a straight edge (``vision.board_rescue``); such an outline stands when its points read as a
    board, the board built from it (``_board_from``, as for any outline) reads so again, and it is whole in
    the image. With ``refused_score`` (a board refused as cut off) the rescued board must read at least as
    clearly as the refused one, and its outline raise no doubt (``_frame_doubt``). ``faint``: the usual
    outlines that read the points too faintly to stand (an outline taking in an arm lying beside the board, as
    in sample still sim_11); the board built from one, re-found round its playing area, may read clearly."""
    from vision.board_rescue import frame_line_quads

    small = found[2]
    built: list[np.ndarray] = []
    # the faint outlines largest first: one that takes in an arm holds the whole board, whose playing area
    # _board_from re-finds inside it; a smaller one may hold only part of the points (sample still sim_11: the
    # faint outlines' scores tie within 0.003, the largest is the board and the arm)
    faint = sorted(faint or [], key=lambda r: -cv2.contourArea(r[1].astype(np.float32)))[:FAINT_TRIES]
    for colour in (False, True):  # the colour edges only when the grey ones gave nothing (they cost as much)
        tried = []
        for q in frame_line_quads(small, colour=colour):
            r = _score_quad(small, q)
            if r is not None and r[0] >= MIN_PATTERN:
                tried.append(r)
        tried.sort(key=lambda r: -r[0])
        geo = _first_board(found, tried[:RESCUE_TRIES] + ([] if colour else faint), built, refused_score)
        if geo is not None:
            return geo
    return None


def _first_board(found, tried: list, built: list[np.ndarray], refused_score: Optional[float]
                 ) -> Optional[BoardGeometry]:
    """The first of the scored outlines whose board stands (see ``_rescue``); ``built`` collects the playing
    areas built, so that the same one is not built twice."""
    image, small, s = found[0], found[2], found[3]
    diag = float(np.hypot(*small.shape[:2]))
    for r in tried:
        play = _area_to_image(r[1], r[2], r[2].playing_area)
        if any(np.max(np.linalg.norm(play - other, axis=1)) < RESCUE_SAME * diag for other in built):
            continue  # the same playing area as an outline built already: its board would be the same
        built.append(play)
        try:
            geo = _board_from(found, play, r[1])
            _check_cut_off(geo, image)
        except VisionError:
            continue
        corners = geo.corners
        if found[4] is not None:  # the working image is the undistorted frame: judge the corners there
            corners = found[4].scaled_to((image.shape[1], image.shape[0])).undistort_points(corners)
        check = _score_quad(small, corners * s, min_taper=RESCUE_TAPER)
        if check is None or check[0] < RESCUE_PATTERN or check[2].score - check[2].middle_score < RESCUE_TAPER:
            continue
        if geo.score is not None and geo.score < DOUBT_PATTERN:
            continue  # the board built reads its points faintly: a rescue needs a clear one (a held-out render: a
            # quad spanning the image's height past a board under an arm read every point 0, fit 0.31)
        if refused_score is not None and (geo.score is None or geo.score < refused_score or geo.frame_doubt):
            continue  # overruling a board refused as cut off takes a clean outline (renders 16300-16359: one
            # such rescue with a doubted end was 43 px off and read 2 points wrong with confidence)
        return geo  # the first that stands: later tries built the same board (renders 17000-17099, sim_11/23)
    return None


NEAR_TAPER = 0.08  # a taper this clear still earns an outline a second look when the winner is refused as cut off
SECOND_LOOKS = 2  # outlines given a second look


def _inside_image(q: np.ndarray, shape: tuple[int, ...], margin: float = 2.0) -> bool:
    h, w = shape[:2]
    q = np.asarray(q, float).reshape(4, 2)
    return bool((q[:, 0] > margin).all() and (q[:, 1] > margin).all() and (q[:, 0] < w - 1 - margin).all()
                and (q[:, 1] < h - 1 - margin).all())


def _second_look(found, refused: BoardGeometry, candidates) -> Optional[BoardGeometry]:
    """A board found from an outline lying wholly inside the image, when the winner was refused as cut off."""
    image, small = found[0], found[2]
    inside = sorted((c for c in candidates if _inside_image(c[1], small.shape)), key=lambda c: -c[0])
    for cand in inside[:SECOND_LOOKS]:
        try:
            geo = _board_from(found, cand[4], cand[2])
            _check_cut_off(geo, image)
        except VisionError:
            continue
        if geo.score is not None and (refused.score is None or geo.score >= refused.score):
            return geo
    return None


THIN_RETRY = True  # an outline with a long frame strip thinner than any board's gets a second look
THIN_RETRY_LEAST = 0.4  # point widths: in that look the long sides' edges lie at least this far out
THIN_RETRY_SCORE = 0.85  # the second look's points may read a little less clearly (smaller in the wider view:
# renders 3018, still sim_08 right at 0.93 and 0.87 of the thin outline's fit)


def _long_strips(geo: BoardGeometry) -> tuple[float, float]:
    """The frame strips above and below the points, in point widths."""
    x0, y0, x1, y1 = geo.playing_area
    pw = (x1 - x0) / 13
    return y0 / pw, (geo.rect_size[1] - y1) / pw


def _board_from(found, play: np.ndarray, outline: Optional[np.ndarray] = None) -> BoardGeometry:
    """The board's geometry from a candidate's playing area (working-image px): the playing area re-found in
    a view centred on it, the outer frame out from it, refined at full resolution, the lens if one shows.

    A long frame strip under DOUBT_THIN_STRIP point widths is no board's (right outlines show 0.4 and more): the
    points' base or a dark frame's inner edge was taken for the outer frame, the frame beyond being about as dark
    as the table. Then the outline is found again with the long sides' edges at least THIN_RETRY_LEAST point
    widths out (and from the playing area the outline's own layout found), and the first such outline stands whose
    long strips are both that wide and alike (a board's two long frame strips are equal) and whose points read
    nearly as clearly (render 19012, a black frame on a dark table: the second look's strips of 0.35 and 0.66
    point widths were still one inner edge, 50 px off). Outlines without a thin strip are not touched.
    ``outline``: the search's candidate outline the playing area came from (working-image px), for the sides the
    frame lines take at the image's end (``vision.board_frame._off_border``)."""
    from vision.board_refine import refine_corners

    play = _relayout(found[2], play)
    play = refine_corners(found[2], play, reach_frac=0.01)
    geo = _thin_retried(found, play, _outline(found, play, outline=outline), outline)
    geo = _strips_retried(found, play, geo, outline)
    return _end_retried(found, play, geo, outline)


def _ends(geo: BoardGeometry) -> tuple[float, float]:
    """How far the frame reaches beyond the points at the left and right ends, in point widths."""
    x0, y0, x1, y1 = geo.playing_area
    pw = (x1 - x0) / 13
    return x0 / pw, (geo.rect_size[0] - x1) / pw


END_RETRY = True  # an end reaching far beyond the other with a foreign colour inside its edge gets a second look
END_RETRY_STEP = 0.25  # point widths: each look takes the next edge at least this much further in
END_TRAY = 2.4  # point widths: a tray and its frame strip reach this far beyond a plain end (1.3-2.3 on renders)


def _end_retried(found, play: np.ndarray, geo: BoardGeometry, outline: Optional[np.ndarray] = None
                 ) -> BoardGeometry:
    """An end reaching more than DOUBT_ENDS point widths further beyond the points than the other, whose band just
    inside its outer edge is not of the frame's colour (``_foreign_ends``), took in the table or a card beside the
    board (renders 3032, 3058, 3109: 63-125 px off; a board with one tray shows the frame's colour there). That
    end is found again at the next edge further in, else within a tray's reach of the other end, else within the
    other end's reach, until its band inside is the frame's; that outline stands when its points read nearly as
    clearly and its long strips are not thin. Other outlines are untouched."""
    if not END_RETRY:
        return geo
    left, right = _ends(geo)
    if abs(left - right) <= DOUBT_ENDS:
        return geo
    wide = "left" if left > right else "right"
    if wide not in _foreign_ends(geo, found[0]):
        return geo
    reach, narrow = max(left, right), min(left, right)
    first = reach  # how far in is told from the end's first edge
    # the next edge in; the edge a tray's width beyond the other end's (a board with one tray); the other end's
    for cap in (reach - END_RETRY_STEP, narrow + END_TRAY, narrow + END_RETRY_STEP):
        if cap >= reach - 0.5 * END_RETRY_STEP:
            continue
        try:
            other = _outline(found, play, end_in=(wide, first - cap), outline=outline)
        except VisionError:
            return geo
        reach = _ends(other)[0 if wide == "left" else 1]
        if min(_long_strips(other)) < DOUBT_THIN_STRIP or other.score is None or \
                other.score < max(MIN_PATTERN, THIN_RETRY_SCORE * (geo.score or 0.0)):
            continue
        if wide not in _foreign_ends(other, found[0]):
            return other
    return geo


def _thin_retried(found, play: np.ndarray, geo: BoardGeometry, outline: Optional[np.ndarray] = None
                  ) -> BoardGeometry:
    """``_board_from``'s second look at an outline with a thin long strip."""
    if not THIN_RETRY or min(_long_strips(geo)) >= DOUBT_THIN_STRIP:
        return geo
    # the second look: the same playing area without the near edges, and the playing area the outline's own
    # layout found (the first may sit a point width off under an arm, the frame's edges measured from it)
    x0, y0, x1, y1 = geo.playing_area
    own = geo.to_image(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64))
    if found[4] is not None:  # the working image is the undistorted frame
        own = found[4].scaled_to((found[0].shape[1], found[0].shape[0])).undistort_points(own)
    for base, least in ((play, THIN_RETRY_LEAST), (own * found[3], 0.0), (own * found[3], THIN_RETRY_LEAST)):
        try:
            other = _outline(found, base, least, outline=outline)
        except VisionError:
            continue
        top, bottom = _long_strips(other)
        if min(top, bottom) >= THIN_RETRY_LEAST and abs(top - bottom) <= DOUBT_STRIPS and other.score is not None \
                and other.score >= max(MIN_PATTERN, THIN_RETRY_SCORE * (geo.score or 0.0)) \
                and _same_points(geo, other):
            return other
    return geo


STRIP_RETRY = True  # an outline whose long frame strips differ gets a second look with the wider one matched
STRIP_RETRY_LEAST = 0.4  # point widths: ... when the narrower strip is as wide as right outlines' (r03's 0.27 is
# itself short of its frame edge)
STRIP_RETRY_AGREE = 0.25  # point widths: the second look's strips must agree this closely


def _strips_retried(found, play: np.ndarray, geo: BoardGeometry, outline: Optional[np.ndarray] = None
                    ) -> BoardGeometry:
    """An outline whose long frame strips differ by more than DOUBT_STRIPS point widths, the narrower at least
    STRIP_RETRY_LEAST wide and not on the image's border, is found again with the wider side at its edge as far out
    as the narrower (``vision.board_frame._matched_long``: a board's long strips are equal, and what lies beyond the
    wider one's true edge, the board's side face or its shadow under a tilted camera, a cloth's fold, was taken for
    frame). That outline stands when its strips agree within STRIP_RETRY_AGREE, its points read nearly as clearly
    and every point stays where it was (``_same_points``). Other outlines are untouched.

    When the look out from the search's playing area finds no such outline, the outline is found again out from the
    playing area its own layout found (each side at its edge as usual): the search's may sit off across the points
    (start-of-game render 7013: its bottom ran 20 px into the frame strip, so the shadow's edge beside the board lay
    as far out below it as the frame's edge above, and nothing was left to match; out from its own playing area the
    frame's bottom edge is the one that pairs with the top)."""
    if not STRIP_RETRY:
        return geo
    top, bottom = _long_strips(geo)
    if abs(top - bottom) <= DOUBT_STRIPS or min(top, bottom) < STRIP_RETRY_LEAST:
        return geo
    if _end_on_border(geo, "top" if top < bottom else "bottom", found[0].shape):
        return geo  # the narrower strip runs off the image (r10): its width says nothing of the other's
    looks = [(play, True)]
    if STRIP_RETRY_OWN:  # the playing area the outline's own layout found (working-image px), the sides as found
        x0, y0, x1, y1 = geo.playing_area
        own = geo.to_image(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64))
        if found[4] is not None:  # the working image is the undistorted frame
            own = found[4].scaled_to((found[0].shape[1], found[0].shape[0])).undistort_points(own)
        looks.append((own * found[3], False))  # (matched too, it took sample still sim_20's right end 9 px out)
    for base, matched in looks:
        try:
            other = _outline(found, base, long_match=matched, outline=outline)
        except VisionError:
            continue
        t2, b2 = _long_strips(other)
        if abs(t2 - b2) <= STRIP_RETRY_AGREE and min(t2, b2) >= STRIP_RETRY_LEAST and other.score is not None \
                and other.score >= max(MIN_PATTERN, THIN_RETRY_SCORE * (geo.score or 0.0)) and \
                _same_points(geo, other):
            return other
    return geo


STRIP_RETRY_OWN = True  # the strips' second look is also taken from the playing area the outline's layout found


def _same_points(first: BoardGeometry, second: BoardGeometry) -> bool:
    """Whether every point of ``second`` lies at the same point of ``first`` in the image (nearest base).

    Why: the thin-strip second look moves a long side of the frame outward; the points stay where they are. A
    second look whose layout lands a point along (judging game 3434's start frame: every stack read one point
    over, with confidence) is a different reading of the board, not a better frame, and nothing here says which
    is right: the first outline stands, as it did before the second look existed."""
    a = first.to_image(np.array([first.point_base(p) for p in range(1, 25)], dtype=np.float64))
    b = second.to_image(np.array([second.point_base(p) for p in range(1, 25)], dtype=np.float64))
    nearest = np.argmin(np.linalg.norm(b[:, None, :] - a[None, :, :], axis=2), axis=1)
    return bool(np.array_equal(nearest, np.arange(24)))


def _outline(found, play: np.ndarray, min_long: float = 0.0, end_in: Optional[tuple[str, float]] = None,
             long_match: bool = False, outline: Optional[np.ndarray] = None) -> BoardGeometry:
    """The geometry out from a re-found playing area (working-image px); ``min_long``, ``end_in`` and ``outline``
    as in ``vision.board_frame.outer_frame_lines``.

    The outline from the working image is fitted at full resolution to each side's best-supported edge within
    reach. When that outline shows a trace (``_frame_doubt``) other than the fit's own move (a fit kept near
    never shows that one: render 6215's fit moved a side 48 px, rightly), the fit kept within NEAR_REACH of the
    working image's outline is tried too, and stands when it shows none and its long strips agree within
    STRIP_RETRY_AGREE (sample still sim_35's near fit, 0.37 apart, was 34 px off at a corner): the usual reach (26 px at 1080p) takes in a tray's
    or the frame's inner edge, often stronger than the outer one, while the working image's outline was within a
    few px (renders 6280, 6284, 6311: ends 25-38 px in after the fit, 1-3 px before it)."""
    from vision.board_frame import outer_frame, outer_frame_lines

    small, s = found[2], found[3]
    # the outer frame: out from the playing area to the edges that are equally far out on opposite sides
    outline = outer_frame_lines(small, play, min_long, end_in, long_match, outline) if FRAME_LINES else \
        outer_frame(small, play)
    coarse = _onto_image_border(outline, small.shape, s, found[1].shape)
    # a long side matched to the other's width keeps to its edge: within the usual reach the stronger edge it was
    # moved off may lie (render 6244: 22 px out), so each side goes to its fit nearest the outline found
    geo, traces, _ = _fitted(found, play, coarse, long_match)
    top, bottom = _long_strips(geo)
    strips_look = STRIP_RETRY and abs(top - bottom) > DOUBT_STRIPS and min(top, bottom) >= STRIP_RETRY_LEAST
    # (an outline whose long strips differ gets _strips_retried's look instead: two looks cost 0.5 s more)
    if NEAR_FIT and traces is not None and not long_match and not strips_look and \
            _inside_image(geo.corners, found[0].shape):
        # (an outline on the image's border is judged as cut off or not on the usual fit: a near fit there hid a
        # board running off the image's right edge, tests/test_board.py)
        near, _, near_bow = _fitted(found, play, coarse, False, NEAR_REACH)
        top, bottom = _long_strips(near)
        if (near.frame_doubt is None or _near_keeps_strips(geo, near, near_bow, found[0])) and \
                abs(top - bottom) <= STRIP_RETRY_AGREE and near.score is not None and \
                _inside_image(near.corners, found[0].shape) and \
                near.score >= max(MIN_PATTERN, THIN_RETRY_SCORE * (geo.score or 0.0)):
            return near
    return geo


NEAR_FIT = True  # a doubted outline's full-resolution fit is tried again kept near the working image's outline ...
NEAR_REACH = 0.006  # ... within this share of the image's diagonal (the usual: 0.012)
NEAR_BOW_ONLY = True  # ... and stands with a bow no lens fits, when the usual fit made the long strips unequal ...
NEAR_BOW_SHARE = 0.3  # ... by more than the bow over this share (the straight-line corners sit about the bow off)


def _near_keeps_strips(usual: BoardGeometry, near: BoardGeometry, bow: float, image: np.ndarray) -> bool:
    """Whether the near fit keeps the frame's symmetry that the usual fit broke, its only trace a bend no lens fits.

    Why: a board's two long frame strips are equally wide. The usual full-resolution fit takes each side's
    best-supported grey edge within its reach; on a dark frame against a dark cloth of another hue (real photo r03)
    that is a bevel inside the frame on one long side (no grey step at the outer edge) and the cloth's far edge
    outside it on the other, so its strips differ by 0.8 point widths while the working image's outline (Lab edges,
    the pair most alike) had them equal. The near fit keeps to that outline and shows only an unexplained bow of a
    few pixels: its straight-line corners may sit that far off, less than the usual fit's sides are. Only when the
    bow is well under the strips' difference (render 7653: a 13 px bow against strips 0.4 point widths, 19 px, apart;
    its near fit was 11 px further off than the usual one)."""
    if not NEAR_BOW_ONLY or near.frame_doubt_sure:
        return False
    top, bottom = _long_strips(usual)
    if abs(top - bottom) <= DOUBT_STRIPS:
        return False
    x0, y0, x1, y1 = usual.playing_area
    ends = usual.to_image(np.array([[x0, (y0 + y1) / 2], [x1, (y0 + y1) / 2]], dtype=np.float64))
    point_px = float(np.linalg.norm(ends[1] - ends[0])) / 13
    if bow > NEAR_BOW_SHARE * abs(top - bottom) * point_px:
        return False
    return _frame_doubt(near, 0.0, None, 0.0, image) is None


def _fitted(found, play: np.ndarray, coarse: np.ndarray, nearest: bool, reach: Optional[float] = None
            ) -> tuple[BoardGeometry, Optional[str], float]:
    """The geometry from an outline (full-resolution px) fitted to the frame's edges at full resolution, through
    the lens (known, or estimated from the bowed edges), with its doubt; the doubt's traces other than how far
    the fit moved the outline; and how far (px) the edges bow where no lens was fitted to them (0 otherwise)."""
    from vision.board_refine import refine_corners

    image, work, small, s, intrinsics = found
    corners = refine_corners(work, coarse, outer=True, nearest=nearest,
                             **({} if reach is None else {"reach_frac": reach}))
    refined_by = float(np.max(np.linalg.norm(corners - coarse, axis=1))) * s  # working px
    est = None
    if intrinsics is not None:
        intr = intrinsics.scaled_to((image.shape[1], image.shape[0]))
        corners = intr.distort_points(corners)
    elif ESTIMATE_LENS:
        straight = corners
        intrinsics, corners, est = _lens_from_edges(image, corners, play / s)
        lens_moved = float(np.max(np.linalg.norm(corners - straight, axis=1)))
    geo = geometry_from_corners(image, corners, intrinsics, orient=False)
    ends = _end_colours(geo, image)
    geo.frame_doubt = _frame_doubt(geo, refined_by, est, lens_moved if est is not None else 0.0, image, ends)
    geo.frame_doubt_sure = geo.frame_doubt is not None and _sure_doubt(geo, image, ends)
    bow = float(est.bow_px) if est is not None and geo.intrinsics is None else 0.0
    return geo, _frame_doubt(geo, 0.0, est, lens_moved if est is not None else 0.0, image, ends), bow


def _onto_image_border(corners: np.ndarray, small_shape: tuple[int, ...], s: float,
                       shape: tuple[int, ...]) -> np.ndarray:
    """Working-image corners in full-resolution px; a corner clipped to the working image's border stays on the
    full image's border (its last pixel lies (1/s - 1) px short of the full image's last: 3 px at 1/4 size)."""
    out = np.asarray(corners, dtype=np.float64) / s
    hs, ws = small_shape[:2]
    h, w = shape[:2]
    for axis, last_small, last in ((0, ws - 1, w - 1), (1, hs - 1, h - 1)):
        v = np.asarray(corners, dtype=np.float64)[:, axis]
        out[v <= 0.05, axis] = 0.0
        out[v >= last_small - 0.05, axis] = float(last)
    return out


DOUBT_STRIPS = 0.4  # point widths: frame strips above and below the playing area differing more than this
DOUBT_REFINED = 10.0  # working px: full-resolution edges this far from the frame the working image gave
DOUBT_LENS_MOVE = 2.75  # times the bow: corners on the lens's curves move 1-2.5x the bow on renders, not more
DOUBT_PATTERN = 0.42  # layout score below which the point pattern is too faint to anchor the frame
DOUBT_THIN_STRIP = 0.2  # point widths: a long frame strip narrower than this is the points' base, not the frame
DOUBT_SHORT_END = 0.1  # point widths: an end reaching less far beyond the points stopped at them (renders 3000-3119:
# five such ends, 22-562 px off, at 0.00-0.09; sample still sim_15's end at 0.19 is 13 px short)
DOUBT_ENDS = 2.7  # point widths: ends beyond the points differing by more than a tray's width and then some


def _frame_doubt(geo: BoardGeometry, refined_by: float, est, lens_moved: float = 0.0,
                 image: Optional[np.ndarray] = None,
                 ends: Optional[tuple[list[str], list[str]]] = None) -> Optional[str]:
    """Why the outer frame found may be more than a few pixels off, or None when its evidence agrees.

    The finder cannot measure its own error, but a wrong frame leaves traces that a right one does not: the
    long frame strips of a board are equally wide, so a strip much wider or narrower than its opposite one is a
    hand or an arm taken for the frame, or a frame edge missed; a full-resolution fit far from the working
    image's frame, with no lens bend to explain it, means the two disagreed on which edge is the frame; edges
    that bow clearly while no lens could be fitted leave the straight-line corners off by about the bow, and a
    lens whose curves moved the corners much more than its bow took some side's curve from another edge; and a
    faint point pattern anchors nothing well. A long frame strip next to nothing (under DOUBT_THIN_STRIP point
    widths: right boards show 0.4 and more) is the points' base or a dark frame's inner edge taken for the outer
    one; and an end reaching much further beyond the points than the other (more than a bear-off tray explains:
    trayed ends lie 1.3-2.3 point widths beyond a plain end on renders) took in a card or the table beside it.
    Thresholds are round numbers with a margin, measured on renders (seeds 1501-1540, 1601-1640; the last two
    on 19000-19059): each trace alone flags few frames found right."""
    x0, y0, x1, y1 = geo.playing_area
    pw = (x1 - x0) / 13
    top, bottom = y0 / pw, (geo.rect_size[1] - y1) / pw
    reasons = []
    if abs(top - bottom) > DOUBT_STRIPS:
        reasons.append(f"frame strips above and below the points differ by {abs(top - bottom):.1f} point widths")
    if min(top, bottom) < DOUBT_THIN_STRIP:
        reasons.append(f"the frame strip {'above' if top < bottom else 'below'} the points is only "
                       f"{min(top, bottom):.2f} point widths wide")
    left, right = x0 / pw, (geo.rect_size[0] - x1) / pw
    if abs(left - right) > DOUBT_ENDS:
        reasons.append(f"the frame's {'left' if left > right else 'right'} end reaches {abs(left - right):.1f} "
                       "point widths further beyond the points than the other")
    short = "left" if left < right else "right"
    if min(left, right) < DOUBT_SHORT_END and image is not None and not _end_on_border(geo, short, image.shape):
        reasons.append(f"the frame's {short} end reaches only {min(left, right):.2f} point widths beyond the points")
    lens_used = geo.intrinsics is not None and getattr(geo.intrinsics, "estimated", False)
    if refined_by >= DOUBT_REFINED and not lens_used:
        reasons.append(f"the frame's edges at full resolution lie {refined_by:.0f} px (working image) from where "
                       "the search found them")
    if est is not None and not lens_used:
        from vision.board_lens import MIN_BOW_PX, MIN_GAIN

        if est.gain >= MIN_GAIN and est.bow_px >= MIN_BOW_PX:
            reasons.append(f"the frame's edges bow by about {est.bow_px:.0f} px but no lens fits them")
    if lens_used and est is not None and lens_moved > DOUBT_LENS_MOVE * max(est.bow_px, 1e-6):
        reasons.append(f"the estimated lens moved the corners {lens_moved:.0f} px, more than its bend explains")
    if geo.score is not None and geo.score < DOUBT_PATTERN:
        reasons.append(f"the point pattern is faint (fit {geo.score:.2f})")
    if image is not None:
        foreign, inside = ends or _end_colours(geo, image)
        reasons += [f"the frame's {end} end shows another colour than its long sides just inside its outer edge"
                    for end in foreign]
        reasons += [f"the frame's {end} end lies inside the points (the points' colours just inside its edge, the "
                    "board, not the table, beyond it)" for end in inside]
    return "; ".join(reasons) or None


def _end_colours(geo: BoardGeometry, image: np.ndarray) -> tuple[list[str], list[str]]:
    """The ends of another colour than the long sides just inside their edge (``_foreign_ends``), and of those the
    ends taken inside the points (``_ends_in_points``): measured once per outline for its doubt and its sure doubt."""
    foreign = _foreign_ends(geo, image)
    return foreign, _ends_in_points(geo, image, foreign)


def _end_on_border(geo: BoardGeometry, end: str, shape: tuple[int, ...]) -> bool:
    """Whether a side's outer corners ("left", "right" ends, "top", "bottom" long sides) lie on the image's border
    (a tight crop: that side shows what the photo kept)."""
    h, w = shape[:2]
    edge = geo.corners[{"left": [0, 3], "right": [1, 2], "top": [0, 1], "bottom": [3, 2]}[end]]
    return bool(np.any((edge[:, 0] <= 1.5) | (edge[:, 0] >= w - 2.5) | (edge[:, 1] <= 1.5) | (edge[:, 1] >= h - 2.5)))


def _sure_doubt(geo: BoardGeometry, image: np.ndarray, ends: Optional[tuple[list[str], list[str]]] = None) -> bool:
    """Whether the outline shows a trace that on renders only outlines far off show, so that every point read on
    it may sit a point width off: a long frame strip under DOUBT_THIN_STRIP point widths or an end under
    DOUBT_SHORT_END (neither on the image's border), or an end reaching more than DOUBT_ENDS further than the other with a foreign colour inside
    its edge, or more than DOUBT_ENDS_SURE further whatever its colour (a board with one tray reaches 1.3-2.3 point
    widths further at that end on renders; the two outlines found so in renders 7600-7699, the sample stills and the
    real photos, sim_27 and render 7628, were 76 and 187 px off, their points 2.4 and 2.3 point widths along).
    Measured after the second looks (renders 3000-3119, sample stills, real photos): one of the
    outlines within 10 px of the label showed one (render 3125); the other doubts each flag several such outlines
    (a bow no lens fits, a faint pattern on a real photo, frame strips differing in perspective). Not proof: the
    right board of judging game 3434, seen through its lens, shows a short end (0.02 point widths), which is why
    the daemon, which waits for the start to read on the points, does not apply it (Reader.cap_doubted_outline)."""
    top, bottom = _long_strips(geo)
    left, right = _ends(geo)
    if min(top, bottom) < DOUBT_THIN_STRIP and not _end_on_border(geo, "top" if top < bottom else "bottom",
                                                                   image.shape):
        return True
    short = "left" if left < right else "right"
    if min(left, right) < DOUBT_SHORT_END and not _end_on_border(geo, short, image.shape):
        return True
    if abs(left - right) > DOUBT_ENDS_SURE:
        return True  # more than two trays' reach: no board's ends differ so (sample still sim_27: 76 px off)
    wide = "left" if left > right else "right"
    foreign, inside = ends or _end_colours(geo, image)
    if abs(left - right) > DOUBT_ENDS and wide in foreign:
        return True
    return bool(inside)


DOUBT_ENDS_SURE = 2 * END_TRAY  # point widths: ends differing by more are sure to be wrong, whatever their colour


DOUBT_END_HUE = 8.0  # Lab hue distance between an end's outer band and the long sides' frame strips ...
DOUBT_END_SHADE = 15.0  # ... or lightness distance, beyond which that band is not the frame


def _lab_median(image: np.ndarray, pts: np.ndarray) -> Optional[np.ndarray]:
    """Median Lab colour of the image at sub-pixel points (those inside it), or None when fewer than half are."""
    h, w = image.shape[:2]
    pts = np.asarray(pts, np.float64).reshape(-1, 2)
    inside = (pts[:, 0] >= 0) & (pts[:, 1] >= 0) & (pts[:, 0] <= w - 1) & (pts[:, 1] <= h - 1)
    if inside.sum() < 0.5 * len(pts):
        return None
    pts = pts[inside].astype(np.float32)
    px = cv2.remap(image, pts[:, :1], pts[:, 1:], cv2.INTER_LINEAR).astype(np.float32) / 255.0
    return np.median(cv2.cvtColor(px.reshape(-1, 1, 3), cv2.COLOR_BGR2Lab).reshape(-1, 3), axis=0)


def _foreign_ends(geo: BoardGeometry, image: np.ndarray) -> list[str]:
    """The ends whose band just inside the outer edge is not of the long sides' frame colour.

    A frame is one material all round, so the band just inside each end's outer edge (as deep as the long sides'
    frame strip) has the colour of the long sides' strips; when an end was taken too far out onto a table that
    looks like the frame, or a card or marker beside the board was taken for part of it, that band shows the
    table or the card instead (renders seed 1802: 6 of 7 such frames flagged no other way; no frame found right
    in the sample stills or renders 1702-1781 newly flagged). Ends on the image border (a tight crop) show
    whatever the photo kept of them and are not judged; neither is anything without colour (grey photos)."""
    if image.ndim != 3:
        return []
    W, H = geo.rect_size
    x0, y0, x1, y1 = geo.playing_area
    s = min(y0, H - y1)  # the long sides' frame strip
    if s < 2:
        return []

    def grid(ax, bx, ay, by, n=12):
        xs, ys = np.meshgrid(np.linspace(ax, bx, n), np.linspace(ay, by, n))
        return geo.to_image(np.stack([xs.ravel(), ys.ravel()], axis=1))

    frame = _lab_median(image, np.vstack([grid(x0, x1, 0.3 * y0, 0.7 * y0),
                                          grid(x0, x1, y1 + 0.3 * (H - y1), y1 + 0.7 * (H - y1))]))
    if frame is None:
        return []
    out = []
    for end, band in (("left", (0.2 * s, 0.6 * s)), ("right", (W - 0.6 * s, W - 0.2 * s))):
        if _end_on_border(geo, end, image.shape):
            continue  # on the image's border
        colour = _lab_median(image, grid(band[0], band[1], y0, y1))
        if colour is None:
            continue
        if float(np.linalg.norm((colour - frame)[1:])) > DOUBT_END_HUE or abs(float(colour[0] - frame[0])) > \
                DOUBT_END_SHADE:
            out.append(end)
    return out


DOUBT_END_FIELD = 8.0  # Lab distance under which an end's inner band has the colour of the points beside it ...
DOUBT_END_BEYOND = 15.0  # ... and over which what lies beyond that end is not the table beyond the long sides


def _ends_in_points(geo: BoardGeometry, image: np.ndarray, foreign: list[str]) -> list[str]:
    """The ends (of ``foreign``: not of the frame's colour just inside their edge) that were taken inside the points.

    Why: a hand or an arm lying over one end of the board hides its frame, and the outline's end may then stop on
    the points themselves (render 10814: the right end one point column in, 105 px off, the right half read one point
    along with 5 points wrong and sure). Such an end shows three traces together: the band just inside its edge is
    not the frame's colour (``_foreign_ends``) but the colour of the point column beside it (the same field), and
    what lies just beyond it is not the table seen beyond the long sides but more of the board (its last points,
    its frame, the hand). A true end has the frame inside its edge; a paper board's white margin looks like its
    field, but the table lies beyond it (real photo r22: 3 against 15 here); an end taken out onto the table has
    the table inside its edge. Measured on renders 10800-10859, H2's 10100-10179 and the sample stills: the two ends
    read so (10814; 10854, already doubted surely) were over 100 px off, and no outline within 25 px showed one."""
    if not foreign or image.ndim != 3:
        return []
    W, H = geo.rect_size
    x0, y0, x1, y1 = geo.playing_area
    pw = (x1 - x0) / 13
    s = min(y0, H - y1)  # the long sides' frame strip, as in _foreign_ends
    if s < 2 or pw <= 0:
        return []

    def grid(ax, bx, ay, by, n=12):
        xs, ys = np.meshgrid(np.linspace(ax, bx, n), np.linspace(ay, by, n))
        return geo.to_image(np.stack([xs.ravel(), ys.ravel()], axis=1))

    table = _lab_median(image, np.vstack([grid(x0, x1, -0.6 * s, -0.2 * s), grid(x0, x1, H + 0.2 * s, H + 0.6 * s)]))
    if table is None:
        return []
    out = []
    for end in foreign:
        band, column, beyond = ((0.2 * s, 0.6 * s), (x0 + 0.1 * pw, x0 + 0.6 * pw), (-0.6 * s, -0.2 * s)) \
            if end == "left" else ((W - 0.6 * s, W - 0.2 * s), (x1 - 0.6 * pw, x1 - 0.1 * pw), (W + 0.2 * s, W + 0.6 * s))
        inside = _lab_median(image, grid(band[0], band[1], y0, y1))
        points = _lab_median(image, grid(column[0], column[1], y0, y1))
        past = _lab_median(image, grid(beyond[0], beyond[1], y0, y1))
        if inside is None or points is None or past is None:
            continue
        if float(np.linalg.norm(inside - points)) < DOUBT_END_FIELD and \
                float(np.linalg.norm(past - table)) > DOUBT_END_BEYOND:
            out.append(end)
    return out


LENS_MOVE_BOW = 3.0  # the estimated lens may move a corner this many times its largest bow ...
LENS_MOVE_PX = 4.0  # ... plus this many px
LENS_RETRY = True  # a frame that bows clearly while no lens fitted gets a second fit with its corners freer ...
LENS_RETRY_REACH = 0.05  # ... to shift this share of each side's length
ESTIMATE_LENS = True  # without a calibration, fit the lens's bend to the board's straight edges (board_lens)


def _lens_from_edges(image: np.ndarray, corners: np.ndarray, playing_quad: np.ndarray):
    """An uncalibrated camera's lens from the board's bowed edges, the outer corners on the fitted curves
    (corners found by straight-line fits to bowed edges sit off the true ones) and the estimate itself.
    (None, corners, estimate) when the edges show no clear bend."""
    from vision.board_lens import MIN_BOW_PX, MIN_GAIN, estimate_lens

    est = first = estimate_lens(image, corners, playing_quad)
    lens = est.intrinsics()
    if lens is None and LENS_RETRY and est.gain >= MIN_GAIN and est.bow_px >= MIN_BOW_PX:
        # the edges bow clearly but no lens fitted: the straight-line corners may sit further off the bowed frame
        # than a fit's ends may shift (renders 3149, 3153: 45-51 px off under a strong barrel lens); the fit is
        # tried again with the ends free to shift LENS_RETRY_REACH of each side's length
        wide = estimate_lens(image, corners, playing_quad, reach=LENS_RETRY_REACH)
        if wide.intrinsics() is not None:
            est, lens = wide, wide.intrinsics()
    # the lens only with the corners on its fitted curves: corners from straight-line fits sit off a bowed
    # frame, and through a lens model they would skew the view (a side cut by the image border gives no curve)
    if lens is None or est.corners is None or not np.all(np.isfinite(est.corners)):
        return None, corners, est
    # the curves move the corners a few times the bend (measured on renders: 1.5-3x), not more: a corner moved
    # ten times the bow means a side's curve slid onto another edge (a tray's rim inside a frame the table's hue)
    moved = float(np.max(np.linalg.norm(est.corners - corners, axis=1)))
    # (a second fit moves them further, as its bend is larger: there the bend alone bounds the move)
    far = moved >= 0.03 * float(np.hypot(*image.shape[:2])) and est is first
    if far or moved > LENS_MOVE_BOW * est.bow_px + LENS_MOVE_PX:
        return None, corners, est
    return lens, est.corners, est


def _check_cut_off(geo: BoardGeometry, image: np.ndarray) -> None:
    """A board whose playing area runs off the image cannot be refereed; a frame cropped tight is fine.

    Where the outer frame lies on the image border the board may go on beyond it. Then the half at that end
    must still show all its 6 points about as clearly as the other half; a half cut by the border does not.
    """
    h, w = image.shape[:2]
    c = geo.corners
    on_border = {
        "left": bool(np.all(c[[0, 3], 0] <= 1.5)), "right": bool(np.all(c[[1, 2], 0] >= w - 2.5)),
        "top": bool(np.all(c[[0, 1], 1] <= 1.5)), "bottom": bool(np.all(c[[2, 3], 1] >= h - 2.5)),
    }
    x0, y0, x1, y1 = geo.playing_area
    pa = geo.to_image(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64))
    tol = 0.01 * max(h, w)
    if (pa[:, 0] < -tol).any() or (pa[:, 1] < -tol).any() or (pa[:, 0] > w - 1 + tol).any() or (
            pa[:, 1] > h - 1 + tol).any():
        raise BoardCutOff("the board is cut off by the image edge: move the camera so the whole board shows")
    touches = {  # any outer corner clipped to the image border: the frame may run on beyond it
        "left": bool(np.any(c[:, 0] <= 1.5)), "right": bool(np.any(c[:, 0] >= w - 2.5)),
        "top": bool(np.any(c[:, 1] <= 1.5)), "bottom": bool(np.any(c[:, 1] >= h - 2.5)),
    }
    if not any(touches.values()):
        return
    _check_cut_halves(geo, image, touches, on_border)
    if not any(on_border.values()):
        return
    # one end of the playing area on the image border while the other end shows its frame or tray: the
    # board goes on beyond the border (a photo cropped tight to the board crops both ends alike)
    pw = geo.point_width(1)
    rw = geo.rect_size[0]
    margins = {"left": geo.playing_area[0], "right": rw - geo.playing_area[2]}
    for end, other in (("left", "right"), ("right", "left")):
        x = 0.0 if end == "left" else float(rw)
        px, py = geo.to_image(np.array([[x, geo.rect_size[1] / 2]]))[0]
        side = min((("left", px), ("right", w - 1 - px), ("top", py), ("bottom", h - 1 - py)), key=lambda t: t[1])[0]
        if on_border[side] and margins[end] < 0.2 * pw and margins[other] > 0.8 * pw:
            raise BoardCutOff(f"the board is cut off at the {side} image edge: move the camera so the whole "
                              "board shows")


CUT_HALF_RATIO = 0.75  # a half on a clipped side showing its points this much less clearly than the other is cut
CUT_EDGE_PW = 0.05  # a playing area this close (in point widths) to a clipped image border runs past it
CUT_WIDTH_RATIO = 0.12  # halves differing in width by more than this share, on a clipped board: one is cut


def _check_cut_halves(geo: BoardGeometry, image: np.ndarray, on_border: dict[str, bool],
                      whole_side: dict[str, bool]) -> None:
    """Where the outer frame was clipped by the image border, the part of the board beyond is unseen: then the
    halves must still look whole. A cut half shows fewer than 6 points, so the layout fitted to what is left
    has halves of unequal width or a half whose point pattern is much weaker than the other's; the long side
    along a clipped border must keep its checkers' room (the triangle bases) inside the image."""
    from vision.board_layout import half_scores

    h, w = image.shape[:2]
    lw = geo.left_half[2] - geo.left_half[0]
    rw = geo.right_half[2] - geo.right_half[0]
    pw = (lw + rw) / 12
    x0, y0, x1, y1 = geo.playing_area
    pa = geo.to_image(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64))
    pw_img = float(np.linalg.norm(pa[1] - pa[0])) / 13
    dist = {"left": float(pa[:, 0].min()), "right": float(w - 1 - pa[:, 0].max()),
            "top": float(pa[:, 1].min()), "bottom": float(h - 1 - pa[:, 1].max())}
    for side, clipped in on_border.items():
        if clipped and dist[side] < CUT_EDGE_PW * pw_img:
            raise BoardCutOff(f"the board is cut off at the {side} image edge: move the camera so the whole "
                              "board shows")
    if abs(lw - rw) > CUT_WIDTH_RATIO * max(lw, rw):
        raise BoardCutOff("the board is cut off by the image edge (its halves are not alike): move the camera "
                          "so the whole board shows")
    if not any(whole_side.values()):
        return  # only a corner clipped: too little of the board may be beyond to tell from a hand over a half
    view = rectify(image, geo)
    sl, sr = half_scores(view, (geo.left_half[0], geo.left_half[2]), (geo.right_half[0], geo.right_half[2]))
    if min(sl, sr) < CUT_HALF_RATIO * max(sl, sr):
        raise BoardCutOff("the board is cut off by the image edge (one half shows fewer points): move the "
                          "camera so the whole board shows")
    del pw


# ---------------------------------------------------------------------------------------------- drift
def check_geometry(image_or_gray_small: np.ndarray, geometry: BoardGeometry) -> float:
    """Cheap fit score 0..1 of a saved geometry on a frame (any resolution of the same view): low = moved."""
    from vision.board_drift import fit_score

    if image_or_gray_small is None or image_or_gray_small.size == 0:
        raise VisionError("check_geometry: empty image")
    return fit_score(image_or_gray_small, geometry)


DRIFT_THRESHOLD = 0.5  # check_geometry score below which the saved geometry no longer fits


def track_board(image: np.ndarray, geometry: BoardGeometry, threshold: float = DRIFT_THRESHOLD
                ) -> tuple[BoardGeometry, float, bool]:
    """Keep a geometry while it fits; when the board or camera moved, find the board again by itself.

    Returns (geometry, fit score of the old geometry, refound?). What calibration measured that does not move
    with the board (checker size relative to the points, lens) carries over to the new geometry.
    """
    score = check_geometry(image, geometry)
    if score >= threshold:
        return geometry, score, False
    new = find_board(image, geometry.intrinsics)
    if geometry.checker_diameter:
        new.checker_diameter = geometry.checker_diameter * new.point_width(1) / geometry.point_width(1)
    return new, score, True
