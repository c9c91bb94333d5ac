"""Board calibration from one photo of the starting position: `bgref calibrate board`'s work.

Find the board (or take given corners), count the checkers with the shared counter, check that the starting
position is there (which also says who sits where and which way each colour moves), then learn what later frames
need: checker diameter, colour models of both checker colours and both point colours, the board size when a
printed ArUco marker lies beside the board, and edge samples for drift checks. Lives in vision/ because it uses
the board finder and the checker counter; calibration/ stays free of vision imports.
"""

from __future__ import annotations

import datetime as _dt
import logging
from typing import Optional

import cv2
import numpy as np

from calibration.calibfile import Calibration, ColourModel
from calibration.geometry import BoardGeometry
from calibration.intrinsics import Intrinsics
from calibration.size import (DEFAULT_DICTIONARY, MarkerError, find_markers, is_tournament_size, measure_board,
                              pick_marker)
from calibration.start import match_start
from vision.board import find_board, geometry_from_corners, rectify


def _model(pixels: np.ndarray) -> Optional[ColourModel]:
    if len(pixels) < 10:
        return None
    px = pixels.astype(np.float64)
    return ColourModel(px.mean(axis=0).tolist(), np.cov(px.T).tolist(), int(len(px)))


def _disc_pixels(lab: np.ndarray, discs: list[dict], colour: str) -> np.ndarray:
    mask = np.zeros(lab.shape[:2], np.uint8)
    for d in discs:
        if d.get("colour") == colour and isinstance(d.get("where"), int):
            cv2.circle(mask, (int(round(d["x"])), int(round(d["y"]))), max(1, int(0.55 * d["r"])), 255, -1)
    return lab[mask > 0]


def _point_pixels(lab: np.ndarray, geo: BoardGeometry, points: list[int], discs: list[dict]) -> np.ndarray:
    """Pixels well inside the triangles of the given (empty) points, away from any checker."""
    mask = np.zeros(lab.shape[:2], np.uint8)
    for p in points:
        bx, by = geo.point_base(p)
        tx, ty = geo.point_tip(p)
        hw = geo.point_width(p) / 2
        # the inner part of the triangle: shrink towards its centroid
        tri = np.array([[bx - hw, by], [bx + hw, by], [tx, ty]], float)
        c = tri.mean(axis=0)
        tri = c + 0.6 * (tri - c)
        cv2.fillConvexPoly(mask, np.round(tri).astype(np.int32), 255)
    for d in discs:
        cv2.circle(mask, (int(round(d["x"])), int(round(d["y"]))), int(1.15 * d["r"]) + 1, 0, -1)
    return lab[mask > 0]


def calibrate_board(image: np.ndarray, corners=None, intrinsics: Optional[Intrinsics] = None,
                    marker_cm: Optional[float] = None, marker_dictionary: str = DEFAULT_DICTIONARY,
                    source: Optional[str] = None,
                    frame_height_cm: Optional[float] = None) -> Calibration:
    """Calibration from one frame of the standard starting position (raises NotStartPosition otherwise).
    ``frame_height_cm``: the frame top's height above the table the marker lies on (None: the default, recorded
    as assumed in the file's ``board_size_how``)."""
    from vision.checkers import count_checkers  # the shared counter (imported late: a heavy module)

    if intrinsics is not None:
        intrinsics = intrinsics.scaled_to((image.shape[1], image.shape[0]))
    geo = geometry_from_corners(image, corners, intrinsics) if corners is not None else find_board(image,
                                                                                                    intrinsics)
    if geo.frame_doubt:
        # a calibration locks this frame for every later frame: the user should check it (or give --corners)
        logging.getLogger(__name__).warning("%s: board outline uncertain (%s); check the corners, or give them with "
                                            "--corners", source or "image", geo.frame_doubt)
    rect = rectify(image, geo)
    counts = count_checkers(rect, geo)
    seating = match_start(counts.points, counts.confidence, counts.bar, counts.off, counts.off_confidence)
    if seating.forgiven:
        logging.getLogger(__name__).debug("%s: taken for the start despite: %s", source or "image",
                                         "; ".join(seating.forgiven))

    discs = [d for d in counts.discs if isinstance(d.get("where"), int)]
    if discs:
        diameter = float(np.median([2 * d["r"] for d in discs]))
    else:
        diameter = geo.checker_diameter_px
    geo.checker_diameter = diameter

    lab = cv2.cvtColor(rect, cv2.COLOR_BGR2Lab)
    colours: dict[str, ColourModel] = {}
    for name in ("light", "dark"):
        m = _model(_disc_pixels(lab, discs, name))
        if m is not None:
            colours[name] = m
    empty = [p for p in range(1, 25) if not counts.points[p - 1]]
    for name, parity in (("point_odd", 1), ("point_even", 0)):
        m = _model(_point_pixels(lab, geo, [p for p in empty if p % 2 == parity], discs))
        if m is not None:
            colours[name] = m

    size_cm = tournament = size_doubt = size_how = None
    if marker_cm is not None and not marker_cm > 0:
        raise MarkerError(f"--marker-cm must be the marker's printed side length in cm (got {marker_cm})")
    markers = find_markers(image, marker_dictionary) if marker_cm else []
    if marker_cm and not markers:
        # the seats and colours learnt stand without a size: keep them, and say why the size is missing
        size_doubt = (f"not measured: no ArUco marker ({marker_dictionary}) found; lay the printed marker flat "
                      "beside the board, fully in view")
    elif marker_cm:
        pick = pick_marker(markers, geo.corners)
        # without intrinsics, the lens the finder fitted to the frame's bowed edges straightens the points
        lens = geo.intrinsics if intrinsics is None else None
        long_cm, short_cm, view = measure_board(geo.corners, pick, marker_cm, intrinsics, frame_height_cm,
                                                image_size=(image.shape[1], image.shape[0]), lens=lens)
        size_cm = [round(long_cm, 1), round(short_cm, 1)]
        size_how = view.to_dict()
        tournament = is_tournament_size(long_cm, short_cm)
        # a doubted outline is where the size goes wrong (renders 2500-2699: median error 2.5 cm, against 0.65 cm
        # on clear outlines): say so rather than let a tournament director trust it
        size_doubt = (f"the board's outline is uncertain ({geo.frame_doubt})" if geo.frame_doubt else
                      view.marker_doubt or None)

    return Calibration(
        geometry=geo,
        light_seat=seating.light_seat,
        light_direction=seating.light_direction,
        home=seating.home,
        dice_half=seating.dice_half,
        checker_diameter_px=diameter,
        colours=colours,
        intrinsics=intrinsics,
        board_size_cm=size_cm,
        tournament_size=tournament,
        size_doubt=size_doubt,
        size_how=size_how,
        start_slips=list(seating.forgiven),
        source=source,
        created=_dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    )
