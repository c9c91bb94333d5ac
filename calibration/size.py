"""The board's physical size: from a printed ArUco marker lying flat beside it, or its shape from the lens.

A marker of known side length lying on the table fixes the scale: the board's own rectangle gives the table's
tilt, the marker's area in that plane the camera's distance, and the frame's top stands ``frame_height_cm`` nearer
(measure_board). Without intrinsics the lens comes from the finder (the frame's bow) or from the marker's own shape
(marker_lens: the radial bend that makes it square), a corner a hand covers is put back from the other three
(settle_marker), and the size says what it rests on and how sure it is (SizeView: sources, caveats, spread).
Without a marker, known intrinsics still give the board's true aspect ratio (a rectangle seen through a known
pinhole), but not its scale.

What is left (renders 6600-6699): with intrinsics and the true outline the error is the frame height the user did
not give (2.5 cm assumed: within 1 cm 88-90% of sides; with the true height 95-98%); without intrinsics a wide
lens's focal length, which the prior misses by up to 2x, sets how much that height matters (+2 to +5 cm on f = 0.4
image widths seen straight down).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import cv2
import numpy as np

from calibration.errors import CalibrationError
from calibration.intrinsics import Intrinsics

DEFAULT_DICTIONARY = "DICT_4X4_50"
TOURNAMENT_SHORT_CM = (44.0, 66.0)  # open size of a tournament board, short side ...
TOURNAMENT_LONG_CM = (55.0, 88.0)  # ... and long side
SIZE_TOLERANCE_CM = 1.0


class MarkerError(CalibrationError):
    """No usable ArUco marker, or an unknown dictionary name."""


@dataclass
class Marker:
    id: int
    corners: np.ndarray  # 4x2 image px, ArUco order (TL, TR, BR, BL of the printed marker)


def _dictionary(name: str):
    if not hasattr(cv2.aruco, name) or not name.startswith("DICT_"):
        raise MarkerError(f"unknown ArUco dictionary {name!r} (e.g. DICT_4X4_50, DICT_5X5_100)")
    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, name))


REFINEMENTS = ("CORNER_REFINE_APRILTAG", "CORNER_REFINE_SUBPIX")  # first the one whose scale is unbiased


def find_markers(image: np.ndarray, dictionary: str = DEFAULT_DICTIONARY) -> list[Marker]:
    """All markers of one dictionary in an image, corners refined to sub-pixel.

    Why AprilTag refinement first: the marker's side sets the board's scale, so a bias in its corners is a bias
    in centimetres. On renders 2500-2699 (95 markers of 40-120 px) corner-subpixel refinement read the marker
    0.6% small (spread 1.6%), the AprilTag edge fit 0.07% large (spread 0.6%). A marker only the plainer
    refinement finds is kept from it."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    found: list[Marker] = []
    for refinement in REFINEMENTS:
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = getattr(cv2.aruco, refinement)
        corners, ids, _ = cv2.aruco.ArucoDetector(_dictionary(dictionary), params).detectMarkers(gray)
        for c, i in zip(corners, ids.ravel() if ids is not None else []):
            m = Marker(int(i), np.asarray(c, float).reshape(4, 2))
            centre = m.corners.mean(axis=0)
            if not any(m.id == o.id and np.linalg.norm(o.corners.mean(axis=0) - centre) < 0.5 * _side(o)
                       for o in found):  # not the same marker found already with the better refinement
                found.append(m)
    return found


def _side(m: Marker) -> float:
    return float(np.sqrt(max(cv2.contourArea(m.corners.astype(np.float32)), 1.0)))


def pick_marker(markers: list[Marker], board_corners: np.ndarray) -> Marker:
    """The printed marker among the detections: outside the board's frame, and the largest in the image (a
    detection in the table's grain or a card's print is small; the marker is printed to be seen)."""
    if not markers:
        raise MarkerError("no ArUco marker found")
    poly = np.asarray(board_corners, np.float32).reshape(-1, 1, 2)
    outside = [m for m in markers
               if cv2.pointPolygonTest(poly, tuple(float(v) for v in m.corners.mean(axis=0)), False) < 0]
    return max(outside or markers, key=lambda m: float(cv2.contourArea(m.corners.astype(np.float32))))


DEFAULT_FRAME_HEIGHT_CM = 2.5  # the frame's top above the table the marker lies on (folding boards 1.5-2, tournament
# boards 3-4 cm)
FOCAL_PRIOR = 0.85  # focal length / image width of a Pi camera at its full field of view (v2 0.83, v3 0.77, HQ with
# the 6 mm lens 0.82, v1 0.99): used when neither intrinsics nor the board's perspective tell it
MIN_TILT_DEG = 8.0  # below this view tilt a rectangle's right angles say too little about the focal length
UNIT_SQUARE = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)


def focal_from_rectangles(quads: list[np.ndarray], centre: np.ndarray) -> Optional[float]:
    """Focal length (px) from the right angles of rectangles seen in perspective, the principal point at
    ``centre`` and pixels square: with H mapping the unit square to the image (centred), H = K [r1 r2 t] diag,
    and r1 . r2 = 0 gives (h11 h12 + h21 h22) / f^2 + h31 h32 = 0. None when no perspective shows."""
    a, b = [], []
    for q in quads:
        H = cv2.getPerspectiveTransform(UNIT_SQUARE, (np.asarray(q, float) - centre).astype(np.float32))
        H = H / np.linalg.norm(H)
        a.append(H[0, 0] * H[0, 1] + H[1, 0] * H[1, 1])
        b.append(H[2, 0] * H[2, 1])
    a, b = np.array(a), np.array(b)
    inv = -float(a @ b) / float(a @ a) if float(a @ a) > 0 else 0.0  # least squares for 1 / f^2
    if inv <= 0:
        return None
    return float(1.0 / np.sqrt(inv))


def _rays(pts: np.ndarray, K: np.ndarray) -> np.ndarray:
    p = np.asarray(pts, float).reshape(-1, 2)
    return np.c_[p, np.ones(len(p))] @ np.linalg.inv(K).T


def plane_normal(quad: np.ndarray, K: np.ndarray) -> np.ndarray:
    """Unit normal (camera coordinates, towards the plane from the camera) of the plane a rectangle lies in."""
    H = cv2.getPerspectiveTransform(UNIT_SQUARE, np.asarray(quad, np.float32).reshape(4, 2))
    M = np.linalg.inv(K) @ H
    r1, r2 = M[:, 0] / np.linalg.norm(M[:, 0]), M[:, 1] / np.linalg.norm(M[:, 1])
    n = np.cross(r1, r2)
    n = n / np.linalg.norm(n)
    return n if float(_rays(quad, K).mean(axis=0) @ n) > 0 else -n


def on_plane(pts: np.ndarray, K: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Camera-frame points where the pixels' rays meet the plane n . X = 1 (distances there scale with the
    plane's true distance from the camera)."""
    r = _rays(pts, K)
    return r / (r @ n)[:, None]


@dataclass
class SizeView:
    """How a size was measured: the focal length used and where it came from, the view's tilt, the camera's
    distance from the table (cm, along the table's normal), what straightened the lens's bend and the frame
    height assumed. Why keep it: the two guesses a size can rest on (the focal length without intrinsics, the
    frame's height above the table) are each worth up to 2 cm on a tournament board, and the user can remove
    both (``--intrinsics``, ``--frame-height-cm``)."""

    focal_px: float
    focal_from: str  # "intrinsics" | "perspective" | "prior"
    tilt_deg: float
    camera_cm: float
    lens_from: Optional[str] = None  # "intrinsics" | "finder" (the frame's bow) | "marker" (its shape) | None
    frame_height_cm: float = DEFAULT_FRAME_HEIGHT_CM
    frame_height_assumed: bool = True  # the default, not a height the user gave
    spread: float = 0.0  # relative 1-sigma of the sides from what the measurement rests on (see size_spread)
    marker_note: Optional[str] = None  # a covered corner of the marker put back (mend_marker)
    marker_doubt: Optional[str] = None  # the marker's corners make no square: the size is not to be trusted

    def to_dict(self) -> dict:
        return {"focal_from": self.focal_from, "focal_px": round(self.focal_px, 1), "tilt_deg": round(self.tilt_deg, 1),
                "camera_cm": round(self.camera_cm, 1), "lens_from": self.lens_from,
                "frame_height_cm": round(self.frame_height_cm, 2), "frame_height_assumed": self.frame_height_assumed,
                "spread": round(self.spread, 4),
                **({"marker_note": self.marker_note} if self.marker_note else {}),
                **({"marker_doubt": self.marker_doubt} if self.marker_doubt else {})}

    def within_cm(self, side_cm: float) -> float:
        """The side's error bound (cm) at ~90 % (1.64 sigma): what "80.3 +- 0.9 cm" says."""
        return 1.64 * self.spread * side_cm

    def caveats(self) -> list[str]:
        """What the user can give to make the size surer, in words."""
        out = []
        if self.focal_from == "prior":
            out.append("the camera's focal length was guessed (no intrinsics, too little perspective): give "
                       "--intrinsics from `bgref calibrate camera`")
        if self.frame_height_assumed:
            out.append(f"the frame's top was taken {self.frame_height_cm:g} cm above the table: measure it and "
                       "give --frame-height-cm")
        return out


def _side_units(q: np.ndarray) -> tuple[float, float]:
    w = (np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    h = (np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    return float(w), float(h)


def _camera(b: np.ndarray, quads: list[np.ndarray], centre: np.ndarray, w_img: float) -> tuple[np.ndarray, str]:
    """Camera matrix when no intrinsics are known: the focal length from the rectangles' right angles when the
    view is tilted enough to tell, else FOCAL_PRIOR; the principal point at ``centre``."""
    f = focal_from_rectangles([b] + quads, centre)
    if f is not None and 0.2 * w_img <= f <= 5 * w_img:
        K = np.array([[f, 0, centre[0]], [0, f, centre[1]], [0, 0, 1.0]])
        if float(np.degrees(np.arccos(min(1.0, abs(plane_normal(b, K)[2]))))) >= MIN_TILT_DEG:
            return K, "perspective"
    f = FOCAL_PRIOR * w_img
    return np.array([[f, 0, centre[0]], [0, f, centre[1]], [0, 0, 1.0]]), "prior"


def marker_squareness(board_corners: np.ndarray, marker_corners: np.ndarray, K: np.ndarray,
                      whole: bool = False) -> float:
    """How far the marker, mapped into the board's plane, is from a square: the relative differences of its
    opposite side pairs and of its diagonals, combined (0 for a square). Undistorted points expected."""
    return _square_defect(on_plane(np.asarray(marker_corners, float).reshape(4, 2), K, plane_normal(board_corners, K)),
                          whole)


def _square_defect(q: np.ndarray, whole: bool = False) -> float:
    """How far four points (in order round a quadrilateral) are from a square: relative differences of the
    opposite side pairs and of the diagonals, combined; ``whole``: and the distance from a parallelogram (an
    isosceles trapezoid has equal diagonals: what one corner moved along a side makes)."""
    s = [float(np.linalg.norm(q[(i + 1) % 4] - q[i])) for i in range(4)]
    sides = (s[0] + s[2]) / (s[1] + s[3]) - 1.0
    diagonals = float(np.linalg.norm(q[2] - q[0]) / np.linalg.norm(q[3] - q[1])) - 1.0
    return float(np.sqrt(sides ** 2 + diagonals ** 2 + (_parallelogram_defect(q) ** 2 if whole else 0.0)))


def _parallelogram_defect(q: np.ndarray) -> float:
    """How far four points are from a parallelogram (the two diagonals' midpoints apart), relative to the size."""
    size = np.sqrt(max(0.5 * float(np.linalg.norm(np.cross(q[2] - q[0], q[3] - q[1]))), 1e-12))
    return float(np.linalg.norm(q[0] + q[2] - q[1] - q[3])) / size


def _marker_noise(marker: Marker) -> float:
    """Relative error of the marker's shape from its corners' sub-pixel noise."""
    return max(0.01, MARKER_NOISE_PX / _side(marker))


# one-term radial lens k1 on a camera of focal length = image width (the shape of the bend depends only on
# k1 / f^2): barrel -1.6 (a wide lens, bent hard) to pincushion +0.8
MARKER_K1_RANGE = (-1.6, 0.8)
MARKER_NOISE_PX = 1.0  # what a corner's sub-pixel error (~0.3-0.5 px each) does to a marker side's length, in px
MARKER_BENT = 4.0  # the marker must be this many noise levels from square without a lens ...
MARKER_STRAIGHTENED = 1.5  # ... and within this many with the fitted one


MARKER_OFF = 3.0  # a marker whose corners in the board's plane miss a parallelogram by this many noise levels has a
# corner off: through the true lens, the 41 markers seen whole in renders 6600-6699 stay under 1.5, the one with a
# hand's edge over a corner (6699) is at 4.2; through the finder's or the marker's own lens no whole one was mended


@dataclass
class MarkerMend:
    """The marker's corners after the check for one covered corner, the lens to measure through, and what the
    check found."""

    corners: np.ndarray  # image px (as found: distorted)
    lens: Optional[Intrinsics] = None
    lens_from: Optional[str] = None  # "intrinsics" | "finder" | "marker" | None
    note: Optional[str] = None  # a corner put back, said in words
    doubt: Optional[str] = None  # the corners make no square even so: the scale is not to be trusted


def _lens_for(b: np.ndarray, m: np.ndarray, marker_id: int, image_size: tuple[int, int],
              lens: Optional[Intrinsics], lens_from_marker: bool
              ) -> tuple[Optional[Intrinsics], Optional[str], np.ndarray, np.ndarray]:
    """The lens to measure through (the finder's, or the marker's own when it squares the marker and the
    finder's does not), and the marker's corners in the board's plane through it (and the camera matrix)."""
    w, h = image_size
    lens_from = "finder" if lens is not None else None
    own = marker_lens(b, Marker(marker_id, m), image_size, lens) if lens_from_marker else None
    if own is not None:
        lens, lens_from = own, "marker"
    bu, mu = (b, m) if lens is None else (lens.undistort_points(b), lens.undistort_points(m))
    centre = np.asarray(lens.K, float)[:2, 2] if lens is not None else np.array([w / 2.0, h / 2.0])
    K = _camera(bu, [], centre, float(w))[0]
    return lens, lens_from, on_plane(mu, K, plane_normal(bu, K)), K


def _fourth_corner(m: np.ndarray, i: int, b: np.ndarray, K: np.ndarray, lens: Optional[Intrinsics]) -> np.ndarray:
    """The marker's corners with corner i put where the other three put it: the parallelogram's fourth corner in
    the board's plane (through ``lens`` and ``K``), back in the image's (distorted) pixels."""
    mu, bu = (m, b) if lens is None else (lens.undistort_points(m), lens.undistort_points(b))
    q = on_plane(mu, K, plane_normal(bu, K))
    p = K @ (q[(i + 1) % 4] + q[(i + 3) % 4] - q[(i + 2) % 4])
    out = m.copy()
    out[i] = lens.distort_points((p[:2] / p[2])[None])[0] if lens is not None else p[:2] / p[2]
    return out


def settle_marker(board_corners: np.ndarray, marker: Marker, image_size: tuple[int, int],
                  intrinsics: Optional[Intrinsics] = None, lens: Optional[Intrinsics] = None,
                  lens_from_marker: bool = True) -> MarkerMend:
    """The marker's corners to measure with, a covered corner put back, and the lens to measure through.

    Why: the marker's area sets the scale; ArUco still reads a marker with one corner hidden by a hand's edge, but
    that corner then lies on the hand (render 6699: 5 px off on a 62 px marker, the board +2.5 cm with the true
    lens and frame height). Seen whole and through the right lens, the marker is a square in the board's plane to
    within its corners' noise (perspective is undone by the plane); one corner off makes it no parallelogram,
    which no lens's bend does to so small a square. Then each corner in turn is put where the other three say, the
    lens found again, and the one that leaves a square is kept. When none does, the size is doubted."""
    m = np.asarray(marker.corners, float).reshape(4, 2)
    b = np.asarray(board_corners, float).reshape(4, 2)
    noise = _marker_noise(marker)

    def judged(mi: np.ndarray, refit: bool = True) -> tuple[np.ndarray, Optional[Intrinsics], Optional[str],
                                                            np.ndarray]:
        if intrinsics is not None:
            K = np.asarray(intrinsics.K, float)
            bu = intrinsics.undistort_points(b)
            q = on_plane(intrinsics.undistort_points(mi), K, plane_normal(bu, K))
            return q, intrinsics, "intrinsics", K
        got, got_from, q, K = _lens_for(b, mi, marker.id, image_size, lens, lens_from_marker and refit)
        return q, got, got_from, K

    q, got, got_from, K = judged(m)
    if _parallelogram_defect(q) <= MARKER_OFF * noise:
        return MarkerMend(m, got, got_from)
    trials = []
    for refit in (False, True):  # first through the lens given (or none): a corner and a lens both moved to fit
        # the other three can square a marker with the wrong corner put back (render 6699)
        _, through, _, K_through = judged(m, refit)  # the lens and camera the other three corners are read by
        if through is not None:
            through = through.scaled_to(image_size)
        for i in range(4):
            mi = _fourth_corner(m, i, b, K_through, through)
            qi, got_i, from_i, _ = judged(mi, refit)
            trials.append((_square_defect(qi, whole=True), got_i, from_i, i, mi))
        if min(t[0] for t in trials) <= MARKER_OFF * noise or intrinsics is not None:
            break
    best = min(trials, key=lambda t: t[0])
    if best[0] > MARKER_OFF * noise:
        return MarkerMend(m, got, got_from, doubt="the marker's corners make no square: something may cover part of "
                                                  "it; clear it and calibrate again")
    _, got, got_from, i, mi = best
    moved = float(np.linalg.norm(mi[i] - m[i]))
    return MarkerMend(mi, got, got_from, note=f"the marker's corner {i + 1} lay {moved:.0f} px from where the other "
                                              "three put it (covered?) and was put back")


def _undistort_k1(pts: np.ndarray, k1: float, K: np.ndarray) -> np.ndarray:
    p = np.asarray(pts, np.float64).reshape(-1, 1, 2)
    return cv2.undistortPoints(p, K, np.array([k1, 0.0, 0.0, 0.0, 0.0]), None, None, K,
                               (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 40, 1e-10)).reshape(-1, 2)


def marker_lens(board_corners: np.ndarray, marker: Marker, image_size: tuple[int, int],
                lens: Optional[Intrinsics] = None) -> Optional[Intrinsics]:
    """The lens's bend read from the marker's shape, when the board finder fitted none (or one it contradicts).

    Why: the marker lies beside the board, near the image's edge, where a wide lens's barrel distortion squeezes
    it radially by up to a third and tangentially by a tenth; without correction its area, which sets the scale,
    is off by as much and the board comes out up to a fifth too big (renders 6600-6659 with k1/f^2 ~ -0.7 and no
    lens fitted: +5 to +17 cm). The board's frame may bow too little for the finder's test, but a square that
    comes out as a rectangle in the board's plane says how much the lens bends: the one-term radial k1 (OpenCV's
    model, principal point at the image centre) that makes it square again is the lens. Taken only when the
    marker is clearly not square without it and square with it, both judged against its corners' noise (a
    tilted view's wrong focal length also skews it, but not in a way one k1 undoes).

    ``lens``: the finder's lens, fitted to the frame's bow. It stands unless it leaves the marker as clearly bent
    (then the marker's k1 replaces it): the frame's sides lie nearer the image's centre than the marker, and a
    lens with a second radial term bends the edge of the image more than one k1 fitted to the frame says (render
    6699: k1/f^2 -0.08 and k2/f^4 -0.06 image widths, the finder's k1 right for the frame and the board +3.5 cm
    through it; +0.8 through the marker's)."""
    w, h = image_size
    centre = np.array([w / 2.0, h / 2.0])
    Kn = np.array([[float(w), 0, centre[0]], [0, float(w), centre[1]], [0, 0, 1.0]])
    m = np.asarray(marker.corners, float).reshape(4, 2)
    b = np.asarray(board_corners, float).reshape(4, 2)

    def squareness(bu: np.ndarray, mu: np.ndarray) -> float:
        return marker_squareness(bu, mu, _camera(bu, [], centre, float(w))[0])

    def residual(k1: float) -> float:
        return squareness(_undistort_k1(b, k1, Kn), _undistort_k1(m, k1, Kn))

    coarse = np.arange(MARKER_K1_RANGE[0], MARKER_K1_RANGE[1] + 1e-9, 0.02)
    res = [residual(float(k)) for k in coarse]
    best = float(coarse[int(np.argmin(res))])
    fine = np.arange(best - 0.02, best + 0.02 + 1e-9, 0.002)
    res_fine = [residual(float(k)) for k in fine]
    k1 = float(fine[int(np.argmin(res_fine))])
    noise = _marker_noise(marker)
    if lens is None:
        before = residual(0.0)
    else:
        lens = lens.scaled_to((w, h))
        before = squareness(lens.undistort_points(b), lens.undistort_points(m))
    if before < MARKER_BENT * noise or min(res_fine) > MARKER_STRAIGHTENED * noise:
        return None
    return Intrinsics(Kn, np.array([k1, 0.0, 0.0, 0.0, 0.0]), (int(w), int(h)), estimated=True)


MARKER_SPREAD_PX = 0.5  # 1-sigma error of the marker's side from its refined corners (AprilTag: 0.5% at ~80 px)
OUTLINE_SPREAD_PX = 1.5  # of a side of the board's outline between two corners found to a pixel or two
HEIGHT_SPREAD_CM = (0.6, 0.2)  # of the frame's height above the table: assumed (boards 1.5-4 cm), measured
FOCAL_SPREAD = (0.4, 0.15)  # share of the height correction a guessed / perspective focal length may be off
LENS_SPREAD = 0.005  # of a lens read from the frame's bow or the marker's shape (one radial term of several)


def size_spread(marker_px: float, board_px: float, top_cm: float, frame_height_cm: float, assumed: bool,
                focal_from: str, lens_from: Optional[str]) -> float:
    """Relative 1-sigma of the measured sides: the independent error sources, added in quadrature.

    Why: a board 1 cm from a tournament bound is a call a tournament director must not take from a flag alone;
    the size says how sure it is from what it rests on: the marker's corners (the scale), the outline's corners,
    the frame's height (the board's top stands nearer the camera than the marker), the focal length (it sets the
    camera's distance, so how much that height matters) and the lens model. A doubted outline is not covered
    (its error is of another kind: the size's doubt says so)."""
    height = HEIGHT_SPREAD_CM[0 if assumed else 1] / top_cm
    focal = 0.0 if focal_from == "intrinsics" else FOCAL_SPREAD[0 if focal_from == "prior" else 1] * \
        frame_height_cm / top_cm
    lens = 0.0 if lens_from == "intrinsics" else LENS_SPREAD
    parts = [MARKER_SPREAD_PX / max(marker_px, 1.0), OUTLINE_SPREAD_PX / max(board_px, 1.0), height, focal, lens]
    return float(np.sqrt(sum(p * p for p in parts)))


def measure_board(board_corners: np.ndarray, marker: Marker, marker_cm: float,
                  intrinsics: Optional[Intrinsics] = None, frame_height_cm: Optional[float] = None,
                  image_size: Optional[tuple[int, int]] = None,
                  rectangles: tuple[np.ndarray, ...] = (), lens: Optional[Intrinsics] = None,
                  lens_from_marker: bool = True) -> tuple[float, float, SizeView]:
    """(long, short) side of the board's outer frame in cm, and how it was measured.

    Why not the marker's own homography: the marker is a few cm across, and its perspective, extrapolated over a
    board ten times its size, turns a pixel of corner error into centimetres. The board's own rectangle fixes the
    plane's tilt (the table and the frame's top are parallel); the marker gives only the scale, from its area in
    that plane: its side in plane units is marker_cm over the camera's distance from the table. The frame's top
    stands ``frame_height_cm`` nearer the camera, so the board's sides scale by (distance - height). The focal
    length comes from the intrinsics, else from the right angles of the board (and ``rectangles``, e.g. the
    playing area) when the view is tilted enough to tell, else from FOCAL_PRIOR (then the height correction is
    as good as that guess: a few millimetres on a tournament board). ``lens``: a lens the board finder estimated
    from the frame's bowed edges, used only to straighten the points: the marker lies near the image's edge, where
    barrel distortion shrinks it by a few percent and so makes the board look as much bigger. Without intrinsics
    the marker's own shape gives the lens when it clearly shows one that ``lens`` (or no lens) does not
    (``marker_lens``; ``lens_from_marker``). ``frame_height_cm`` None: DEFAULT_FRAME_HEIGHT_CM, marked assumed."""
    assumed = frame_height_cm is None
    if assumed:
        frame_height_cm = DEFAULT_FRAME_HEIGHT_CM
    elif not frame_height_cm >= 0:  # also NaN
        raise MarkerError(f"--frame-height-cm must be the frame top's height above the table, 0 or more (got "
                          f"{frame_height_cm})")
    if not marker_cm or marker_cm <= 0:
        raise MarkerError(f"--marker-cm must be the marker's printed side length in cm (got {marker_cm})")
    m = np.asarray(marker.corners, float).reshape(4, 2)
    b = np.asarray(board_corners, float).reshape(4, 2)
    quads = [np.asarray(r, float).reshape(4, 2) for r in rectangles]
    if intrinsics is not None:
        mend = settle_marker(b, marker, intrinsics.image_size, intrinsics)
        m, b = intrinsics.undistort_points(mend.corners), intrinsics.undistort_points(b)
        quads = [intrinsics.undistort_points(q) for q in quads]
        K, source, lens_from = np.asarray(intrinsics.K, float), "intrinsics", "intrinsics"
    else:
        if image_size is None:
            raise MarkerError("the image size is needed to measure the board without intrinsics")
        w_img, h_img = image_size
        centre = np.array([w_img / 2.0, h_img / 2.0])
        mend = settle_marker(b, marker, (w_img, h_img), None,
                             lens.scaled_to((w_img, h_img)) if lens is not None else None, lens_from_marker)
        m, lens, lens_from = mend.corners, mend.lens, mend.lens_from
        if lens is not None:
            lens = lens.scaled_to((w_img, h_img))
            m, b = lens.undistort_points(m), lens.undistort_points(b)
            quads = [lens.undistort_points(q) for q in quads]
            centre = np.asarray(lens.K, float)[:2, 2]
        K, source = _camera(b, quads, centre, float(w_img))
    n = plane_normal(b, K)
    mq = on_plane(m, K, n)
    area = 0.5 * np.linalg.norm(np.cross(mq[2] - mq[0], mq[3] - mq[1]))
    if not area > 0:
        raise MarkerError("the ArUco marker's corners are degenerate")
    camera_cm = marker_cm / float(np.sqrt(area))
    top_cm = camera_cm - (frame_height_cm or 0.0)
    if top_cm <= 0:
        raise MarkerError(f"the frame height {frame_height_cm} cm is more than the camera's height above the table")
    w, h = _side_units(on_plane(b, K, n))
    tilt = float(np.degrees(np.arccos(min(1.0, abs(float(n[2]))))))
    spread = size_spread(_side(Marker(marker.id, m)), min(_side_units(b)), top_cm, float(frame_height_cm or 0.0),
                         assumed, source, lens_from)
    return max(w, h) * top_cm, min(w, h) * top_cm, SizeView(float(K[0, 0]), source, tilt, camera_cm, lens_from,
                                                            float(frame_height_cm or 0.0), assumed, spread,
                                                            mend.note, mend.doubt)


def size_from_marker(board_corners: np.ndarray, marker: Marker, marker_cm: float,
                     intrinsics: Optional[Intrinsics] = None,
                     frame_height_cm: Optional[float] = None,
                     image_size: Optional[tuple[int, int]] = None,
                     rectangles: tuple[np.ndarray, ...] = (), lens: Optional[Intrinsics] = None
                     ) -> tuple[float, float]:
    """(long, short) side of the board's outer frame in cm (see measure_board)."""
    long_cm, short_cm, _ = measure_board(board_corners, marker, marker_cm, intrinsics, frame_height_cm,
                                         image_size, rectangles, lens)
    return long_cm, short_cm


def true_aspect(board_corners: np.ndarray, intrinsics: Intrinsics) -> float:
    """Width/height (corner order TL,TR,BR,BL) of the rectangle the corners show, through a known lens.

    With H mapping the unit square to the image, H = K [r1 r2 t] diag(w, h, 1) up to scale, so
    |K^-1 h1| / |K^-1 h2| = w / h.
    """
    b = intrinsics.undistort_points(np.asarray(board_corners, float).reshape(4, 2))
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], float)
    H, _ = cv2.findHomography(unit, b)
    Kinv = np.linalg.inv(intrinsics.K)
    a = np.linalg.norm(Kinv @ H[:, 0])
    c = np.linalg.norm(Kinv @ H[:, 1])
    return float(a / c)


def is_tournament_size(long_cm: float, short_cm: float) -> bool:
    """Open size within the tournament range (44x55 cm to 66x88 cm), to the measuring tolerance."""
    t = SIZE_TOLERANCE_CM
    return (TOURNAMENT_LONG_CM[0] - t <= long_cm <= TOURNAMENT_LONG_CM[1] + t
            and TOURNAMENT_SHORT_CM[0] - t <= short_cm <= TOURNAMENT_SHORT_CM[1] + t)
