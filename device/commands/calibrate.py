"""`bgref calibrate board|camera|find|check`: calibrate the board and the camera.

- ``board IMAGE -o FILE``: from a photo of the standard starting position, learn the board geometry, who sits
  where and which way each colour moves, each player's right-hand half, checker size and colour models (and
  the board's size in cm with ``--marker-cm`` and a printed ArUco marker beside the board).
- ``camera IMAGES... -o FILE``: camera intrinsics from chessboard or ChArUco photos (OpenCV's calibration).
- ``find IMAGE``: just find the board and print its corners, areas and size.
- ``check IMAGE --calibration FILE``: does a saved calibration still fit this frame (drift)?
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Optional

import numpy as np

from calibration.errors import CalibrationError
from calibration.size import DEFAULT_FRAME_HEIGHT_CM
from device.errors import DeviceError


def _read_image(path: str) -> np.ndarray:
    import cv2

    p = Path(path)
    if not p.is_file():
        raise DeviceError(f"{path}: no such image file")
    img = cv2.imread(str(p), cv2.IMREAD_COLOR)
    if img is None:
        raise DeviceError(f"{path}: not an image OpenCV can read")
    return img


def _pair(text: str, what: str) -> tuple[int, int]:
    try:
        a, b = text.lower().split("x")
        return int(a), int(b)
    except ValueError:
        raise DeviceError(f"{what} must look like 9x6, got {text!r}") from None


def _corners(text: Optional[str]) -> Optional[np.ndarray]:
    if not text:
        return None
    try:
        v = [float(x) for x in text.replace(";", ",").split(",")]
    except ValueError:
        v = []
    if len(v) != 8:
        raise DeviceError(f"--corners must be 8 numbers x,y of TL,TR,BR,BL, got {text!r}")
    return np.array(v, float).reshape(4, 2)


def _intrinsics(path: Optional[str]):
    if not path:
        return None
    from calibration.intrinsics import load_intrinsics

    return load_intrinsics(path)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("calibrate", help="calibrate the board (starting position) and the camera",
                                   description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", metavar="WHAT")

    b = sub.add_parser("board", help="calibrate from a photo of the starting position")
    b.add_argument("image", metavar="IMAGE")
    b.add_argument("-o", "--output", required=True, metavar="FILE", help="calibration file to write (JSON)")
    b.add_argument("--intrinsics", metavar="FILE", help="camera intrinsics from `bgref calibrate camera`")
    b.add_argument("--marker-cm", type=float, metavar="CM", help="side of a printed ArUco marker beside the board")
    b.add_argument("--marker-dict", default="DICT_4X4_50", metavar="NAME", help="ArUco dictionary (DICT_4X4_50)")
    b.add_argument("--frame-height-cm", type=float, default=None, metavar="CM",
                   help="height of the frame's top above the table the marker lies on "
                        f"(default: taken as {DEFAULT_FRAME_HEIGHT_CM}; each cm off is ~1%% of the size at 1 m)")
    b.add_argument("--corners", metavar="X,Y,...", help="outer frame corners TL,TR,BR,BL instead of searching")
    b.add_argument("--json", action="store_true", help="print the calibration as JSON")

    c = sub.add_parser("camera", help="camera intrinsics from chessboard or ChArUco photos")
    c.add_argument("images", nargs="+", metavar="IMAGE")
    c.add_argument("-o", "--output", required=True, metavar="FILE", help="intrinsics file to write (JSON)")
    c.add_argument("--pattern", choices=("chessboard", "charuco"), default="chessboard")
    c.add_argument("--inner", default="9x6", metavar="CxR", help="chessboard inner corners (default 9x6)")
    c.add_argument("--squares", default="5x7", metavar="CxR", help="ChArUco squares (default 5x7)")
    c.add_argument("--square-mm", type=float, default=25.0, help="square side in mm (default 25)")
    c.add_argument("--marker-mm", type=float, default=18.0, help="ChArUco marker side in mm (default 18)")
    c.add_argument("--dict", default="DICT_4X4_50", metavar="NAME", help="ChArUco dictionary (DICT_4X4_50)")

    f = sub.add_parser("find", help="find the board in an image and print where it is")
    f.add_argument("image", metavar="IMAGE")
    f.add_argument("--intrinsics", metavar="FILE")
    f.add_argument("--marker-cm", type=float, metavar="CM")
    f.add_argument("--marker-dict", default="DICT_4X4_50", metavar="NAME")
    f.add_argument("--frame-height-cm", type=float, default=None, metavar="CM")
    f.add_argument("--json", action="store_true")

    k = sub.add_parser("check", help="does a saved calibration still fit this frame (board or camera moved)?")
    k.add_argument("image", metavar="IMAGE")
    k.add_argument("--calibration", required=True, metavar="FILE")

    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    what = getattr(args, "what", None)
    if what == "board":
        return _board(args)
    if what == "camera":
        return _camera(args)
    if what == "find":
        return _find(args)
    if what == "check":
        return _check(args)
    print("bgref calibrate: say what to calibrate: board, camera, find or check (see --help)", file=sys.stderr)
    return 2


def _board(args: argparse.Namespace) -> int:
    from vision.calibrate_board import calibrate_board

    img = _read_image(args.image)
    try:
        cal = calibrate_board(img, corners=_corners(args.corners), intrinsics=_intrinsics(args.intrinsics),
                              marker_cm=args.marker_cm, marker_dictionary=args.marker_dict, source=args.image,
                              frame_height_cm=args.frame_height_cm)
    except CalibrationError as exc:
        raise CalibrationError(f"{args.image}: {exc}") from None
    cal.save(args.output)
    if args.json:
        print(json.dumps(cal.to_dict(), indent=1))
        return 0
    g = cal.geometry
    print(f"board found: corners {np.round(g.corners, 1).tolist()}")
    print(f"light sits at the {cal.light_seat}, home points {cal.home['light'][0]}-{cal.home['light'][-1]}, "
          f"moves {cal.light_direction}; dark sits at the {cal.dark_seat}, home points "
          f"{cal.home['dark'][0]}-{cal.home['dark'][-1]}")
    print(f"dice halves (right hand): light {cal.dice_half['light']}, dark {cal.dice_half['dark']}")
    print(f"checker diameter {cal.checker_diameter_px:.1f} px (rectified), colour models: "
          f"{', '.join(sorted(cal.colours))}")
    print(_die_size_line(g))
    if cal.start_slips:
        print(f"taken for the starting position despite: {'; '.join(cal.start_slips)}")
    if cal.board_size_cm is None and cal.size_doubt:
        print(f"board size {cal.size_doubt}")
    if cal.board_size_cm:
        kind = "tournament size" if cal.tournament_size else "not tournament size"
        within = _within(cal.size_how, cal.board_size_cm)
        print(f"board {cal.board_size_cm[0]:.1f} x {cal.board_size_cm[1]:.1f} cm{within} ({kind})")
        for caveat in _size_caveats(cal.size_how):
            print(f"to make the size surer: {caveat}")
        if cal.size_doubt:
            print(f"the size may be off: {cal.size_doubt}; give the corners with --corners, or clear the marker, "
                  "to measure it")
        if (cal.size_how or {}).get("marker_note"):
            print(cal.size_how["marker_note"])
    print(f"wrote {args.output}")
    return 0


def _die_size_line(geometry: Any) -> str:
    """How large a die will show in this view, and what to do when it is under the dice reader's MIN_DIE_PX: told
    at set-up, when moving the camera is still easy (the daemon says it again at the start: ``dice_small``)."""
    from vision.dice import MIN_DIE_PX
    from vision.reader import die_edge_px

    die = die_edge_px(geometry)
    if die < MIN_DIE_PX:
        return (f"a die will be about {die:.1f} px across, under the {MIN_DIE_PX:g} px the dice reader needs: move the "
                "camera closer, raise its resolution or use larger dice")
    return f"a die will be about {die:.1f} px across (the dice reader needs {MIN_DIE_PX:g} px or more)"


def _size_caveats(how: Optional[dict]) -> list[str]:
    """What the measured size rested on that the user can remove (see calibration.size.SizeView.caveats)."""
    if not how:
        return []
    from calibration.size import SizeView

    return SizeView(float(how.get("focal_px") or 0.0), str(how.get("focal_from")), 0.0, 0.0, how.get("lens_from"),
                    float(how.get("frame_height_cm") or 0.0), bool(how.get("frame_height_assumed"))).caveats()


def _within(how: Optional[dict], size_cm: list[float]) -> str:
    """' +- 0.9 cm': the long side's error bound at ~90 % from what the size rests on (SizeView.within_cm)."""
    spread = float((how or {}).get("spread") or 0.0)
    return f" +- {1.64 * spread * max(size_cm):.1f} cm" if spread > 0 else ""


def _camera(args: argparse.Namespace) -> int:
    from calibration.intrinsics import calibrate, find_charuco_views, find_chessboard_views, save_intrinsics

    images = [(p, _read_image(p)) for p in args.images]
    if args.pattern == "chessboard":
        views = find_chessboard_views(images, _pair(args.inner, "--inner"), args.square_mm)
    else:
        views = find_charuco_views(images, _pair(args.squares, "--squares"), args.square_mm, args.marker_mm,
                                   args.dict)
    intr = calibrate(views)
    save_intrinsics(intr, args.output, {"pattern": args.pattern, "photos": views.used, "skipped": views.skipped})
    print(f"camera calibrated from {len(views.used)} of {len(images)} photos, RMS reprojection error "
          f"{intr.rms:.3f} px; fx={intr.K[0, 0]:.1f} fy={intr.K[1, 1]:.1f}; wrote {args.output}")
    if views.skipped:
        print(f"pattern not found in: {', '.join(views.skipped)}", file=sys.stderr)
    return 0


def _find(args: argparse.Namespace) -> int:
    import cv2

    from vision.board import find_board

    img = _read_image(args.image)
    intr = _intrinsics(args.intrinsics)
    cv2.setNumThreads(1)
    t0 = time.perf_counter()
    try:
        geo = find_board(img, intr.scaled_to((img.shape[1], img.shape[0])) if intr else None)
    except CalibrationError as exc:
        raise CalibrationError(f"{args.image}: {exc}") from None
    ms = (time.perf_counter() - t0) * 1000
    out: dict[str, Any] = {"image": args.image, "corners": np.round(geo.corners, 1).tolist(),
                           "fit": None if geo.score is None else round(float(geo.score), 3),
                           "rect_size": list(geo.rect_size), "ms": round(ms, 1)}
    if args.marker_cm:
        from calibration.size import find_markers, is_tournament_size, measure_board, pick_marker

        markers = find_markers(img, args.marker_dict)
        if not markers:
            raise CalibrationError(f"{args.image}: no ArUco marker ({args.marker_dict}) found")
        try:
            long_cm, short_cm, view = measure_board(geo.corners, pick_marker(markers, geo.corners), args.marker_cm,
                                                    intr.scaled_to((img.shape[1], img.shape[0])) if intr else None,
                                                    args.frame_height_cm, image_size=(img.shape[1], img.shape[0]),
                                                    lens=None if intr else geo.intrinsics)
        except CalibrationError as exc:
            raise CalibrationError(f"{args.image}: {exc}") from None
        out["size_cm"] = [round(long_cm, 1), round(short_cm, 1)]
        out["tournament_size"] = is_tournament_size(long_cm, short_cm)
        out["size_how"] = view.to_dict()
        out["size_doubt"] = (f"the board's outline is uncertain ({geo.frame_doubt})" if geo.frame_doubt else
                             view.marker_doubt or None)
    if args.json:
        out["geometry"] = geo.to_dict()
        print(json.dumps(out, indent=1))
    else:
        print(f"{args.image}: board at {out['corners']} (pattern fit {out['fit']}, {ms:.0f} ms)")
        if "size_cm" in out:
            print(f"size {out['size_cm'][0]} x {out['size_cm'][1]} cm{_within(out['size_how'], out['size_cm'])}, "
                  f"{'tournament size' if out['tournament_size'] else 'not tournament size'}")
            if out["size_doubt"]:
                print(f"the size may be off: {out['size_doubt']}")
            if view.marker_note:
                print(view.marker_note)
            for caveat in _size_caveats(out["size_how"]):
                print(f"to make the size surer: {caveat}")
    return 0


def _check(args: argparse.Namespace) -> int:
    from calibration.calibfile import Calibration
    from vision.board import check_geometry

    cal = Calibration.load(args.calibration)
    img = _read_image(args.image)
    score = check_geometry(img, cal.geometry)
    fits = score >= 0.5
    print(f"{args.image}: fit {score:.2f}: " + ("the calibration still fits" if fits else
                                                 "the board or the camera has moved: calibrate again"))
    return 0 if fits else 1
