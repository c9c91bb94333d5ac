"""Measure the reader against labelled images: the numbers behind the README's accuracy table.

A label is ``NAME.json`` next to its image, in the observation shape (``vision.observation``) plus label-only
fields: ``occluded_points`` (1-based points whose counts are not scored), ``bar_scored`` (false where the bar is
hidden), ``off`` values of null where the borne-off area cannot be seen. Our renders and the real photos in
``../shared/real`` use the same shape, so one scorer judges both. Scores are reported, never asserted here: the
caller decides what is good enough.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

from vision.observation import Observation

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff")
DIE_MATCH_FRACTION = 0.06  # a read die matches a labelled one within this fraction of the image diagonal
# a point read with less confidence than this is flagged "may be misread" (device.matching.LOW_CONFIDENCE: the
# referee trusts a point at or above it as proof of an illegal play, so a confident wrong count is a false alarm)
FLAG_BELOW = 0.6


@dataclass
class LabelledImage:
    """One label file and the image it describes."""

    label_path: Path
    image_path: Path
    label: dict[str, Any]


def find_labelled_images(dirs: Iterable[str | Path]) -> list[LabelledImage]:
    """Every ``*.json`` in the folders that names (or sits next to) an existing image, sorted by path."""
    from vision.errors import VisionError

    found: list[LabelledImage] = []
    for d in dirs:
        folder = Path(d)
        if not folder.is_dir():
            raise VisionError(f"{folder}: not a folder of labelled images")
        before = len(found)
        for label_path in sorted(folder.glob("*.json")):
            try:
                label = json.loads(label_path.read_text())
            except (OSError, ValueError):
                continue
            if not isinstance(label, dict) or "board" not in label:
                continue
            image_path = _image_for(label_path, label)
            if image_path is not None:
                found.append(LabelledImage(label_path, image_path, label))
        if len(found) == before:
            # A mistyped folder would otherwise score as "0 images, n/a": a silent non-answer.
            raise VisionError(f"{folder}: no labelled images (NAME.json with a \"board\" entry next to its image)")
    return found


def _image_for(label_path: Path, label: dict[str, Any]) -> Optional[Path]:
    name = label.get("image")
    if isinstance(name, str):
        candidate = label_path.parent / Path(name).name
        if candidate.is_file():
            return candidate
    for suffix in IMAGE_SUFFIXES:
        candidate = label_path.with_suffix(suffix)
        if candidate.is_file():
            return candidate
    return None


@dataclass
class ImageScore:
    """How one image was read, compared with its label."""

    image: str
    found_right: bool
    points_scored: int = 0
    points_right: int = 0
    points_unsure: int = 0  # read as None (not sure) on a scored point
    wrong_points: list[int] = field(default_factory=list)
    points_confident_wrong: int = 0  # wrong though read with confidence >= FLAG_BELOW: what makes false alarms
    points_wrong_flagged: int = 0  # wrong (or None) and flagged below FLAG_BELOW: the referee knows to doubt them
    points_right_flagged: int = 0  # right but flagged: the referee cannot judge them
    confident_wrong_points: list[int] = field(default_factory=list)
    bar_scored: bool = False
    bar_right: bool = False
    off_scored: int = 0
    off_right: int = 0
    dice_labelled: int = 0
    dice_right: int = 0
    cocked_labelled: int = 0
    cocked_caught: int = 0
    cocked_called: int = 0
    cocked_called_right: int = 0
    cube_labelled: int = 0
    cube_right: int = 0
    cube_wrong: int = 0  # a value read that is not the labelled cube's, or a cube read where none lies
    corner_error_px: Optional[float] = None
    seconds: float = 0.0
    error: Optional[str] = None

    @property
    def board_exact(self) -> bool:
        return (self.found_right and self.points_right == self.points_scored
                and (self.bar_right or not self.bar_scored) and self.off_right == self.off_scored)

    @property
    def mistakes(self) -> int:
        return ((0 if self.found_right else 24) + (self.points_scored - self.points_right)
                + (1 if self.bar_scored and not self.bar_right else 0) + (self.off_scored - self.off_right)
                + (self.dice_labelled - self.dice_right) + (self.cocked_labelled - self.cocked_caught))


def corner_error(read_corners: Any, label_corners: Any) -> Optional[float]:
    """Mean distance in pixels between read and labelled outer corners (same TL, TR, BR, BL order)."""
    if not read_corners or not label_corners or len(read_corners) != 4 or len(label_corners) != 4:
        return None
    return sum(math.dist(a, b) for a, b in zip(read_corners, label_corners)) / 4.0


def score_image(read: Observation, label: dict[str, Any], image_size: tuple[int, int]) -> ImageScore:
    """Compare one reading with its label. ``image_size`` is (width, height), to scale the dice matching."""
    label_found = bool((label.get("board") or {}).get("found"))
    score = ImageScore(image=read.image or "", found_right=read.board.found == label_found)
    if not label_found:
        return score
    if read.board.found:
        score.corner_error_px = corner_error(read.board.corners, (label.get("board") or {}).get("corners"))
    truth_points = label.get("points")
    occluded = set(int(p) for p in label.get("occluded_points") or [])
    confidence = point_confidence(read)
    if truth_points:
        for i, truth in enumerate(truth_points):
            if (i + 1) in occluded or truth is None:
                continue
            score.points_scored += 1
            got = read.points[i] if read.board.found else None
            flagged = got is None or confidence[i] < FLAG_BELOW
            if got is None:
                score.points_unsure += 1
                score.wrong_points.append(i + 1)
            elif int(got) == int(truth):
                score.points_right += 1
                score.points_right_flagged += int(flagged)
                continue
            else:
                score.wrong_points.append(i + 1)
            if flagged:
                score.points_wrong_flagged += 1
            else:
                score.points_confident_wrong += 1
                score.confident_wrong_points.append(i + 1)
    truth_bar = label.get("bar")
    if truth_bar is not None and label.get("bar_scored", True) is not False:
        score.bar_scored = True
        score.bar_right = read.board.found and all(
            int(read.bar.get(c) or 0) == int(truth_bar.get(c) or 0) for c in ("light", "dark"))
    truth_off = label.get("off") or {}
    for colour in ("light", "dark"):
        if truth_off.get(colour) is not None:
            score.off_scored += 1
            got = read.off.get(colour) if read.board.found else None
            score.off_right += int(got is not None and int(got) == int(truth_off[colour]))
    _score_dice(score, read, label, image_size)
    _score_cube(score, read, label, image_size)
    return score


def _score_cube(score: ImageScore, read: Observation, label: dict[str, Any], image_size: tuple[int, int]) -> None:
    """The cube: read right (its value, near the labelled cube), missed, or read wrong. Why count wrong apart: the
    referee turns a new cube value into a 'double' event, so a wrong cube is a false alarm where a missed one is a
    cube action not said."""
    truth = label.get("cube") if isinstance(label.get("cube"), dict) else None
    got = read.cube
    near = (truth is not None and got is not None and truth.get("center") is not None
            and math.dist(truth["center"], got.center) <= DIE_MATCH_FRACTION * math.hypot(*image_size))
    if truth is not None and truth.get("value") is not None:
        score.cube_labelled += 1
        score.cube_right += int(near and got is not None and int(got.value) == int(truth["value"]))
    if got is not None and not (near and truth is not None and int(got.value) == int(truth.get("value") or 0)):
        score.cube_wrong += 1


def point_confidence(read: Observation) -> list[float]:
    """The reader's per-point confidence (``extra["point_confidence"]``); 1.0 for every point when it gives none
    (a reading that does not say it may be wrong is taken at its word, as the referee does)."""
    conf = read.extra.get("point_confidence") if isinstance(read.extra, dict) else None
    if not isinstance(conf, (list, tuple)) or len(conf) != len(read.points):
        return [1.0] * len(read.points)
    return [1.0 if c is None else float(c) for c in conf]


def _score_dice(score: ImageScore, read: Observation, label: dict[str, Any], image_size: tuple[int, int]) -> None:
    """Greedy nearest matching of read dice to labelled dice, then values and cocked calls."""
    limit = DIE_MATCH_FRACTION * math.hypot(*image_size)
    truths = [d for d in label.get("dice") or [] if d.get("center")]
    pairs = sorted(
        ((math.dist(t["center"], r.center), ti, ri) for ti, t in enumerate(truths) for ri, r in enumerate(read.dice)),
        key=lambda x: x[0],
    )
    used_t: dict[int, int] = {}
    used_r: set[int] = set()
    for dist, ti, ri in pairs:
        if dist > limit or ti in used_t or ri in used_r:
            continue
        used_t[ti] = ri
        used_r.add(ri)
    for ti, truth in enumerate(truths):
        flat = truth.get("flat")
        got = read.dice[used_t[ti]] if ti in used_t else None
        if flat is True and truth.get("value") is not None:
            score.dice_labelled += 1
            score.dice_right += int(got is not None and got.value == truth["value"])
        if flat is False:
            score.cocked_labelled += 1
            score.cocked_caught += int(got is not None and not got.flat)
    for ri, die in enumerate(read.dice):
        if not die.flat:
            score.cocked_called += 1
            truth_index = next((t for t, r in used_t.items() if r == ri), None)
            score.cocked_called_right += int(truth_index is not None and truths[truth_index].get("flat") is False)


def _ratio(num: int, den: int) -> Optional[float]:
    return None if den == 0 else num / den


def _median(values: list[float]) -> Optional[float]:
    if not values:
        return None
    s = sorted(values)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def summarise(scores: list[ImageScore], worst: int = 5) -> dict[str, Any]:
    """The metrics table from per-image scores."""
    ok = [s for s in scores if s.error is None]
    boards = [s for s in ok if s.points_scored]
    corner = [s.corner_error_px for s in ok if s.corner_error_px is not None]
    times = [s.seconds for s in ok]
    worst_list = sorted(ok, key=lambda s: -s.mistakes)[:worst]
    return {
        "images": len(scores),
        "errors": [{"image": s.image, "error": s.error} for s in scores if s.error is not None],
        "board_found_accuracy": _ratio(sum(s.found_right for s in ok), len(ok)),
        "point_accuracy": _ratio(sum(s.points_right for s in ok), sum(s.points_scored for s in ok)),
        "points_scored": sum(s.points_scored for s in ok),
        "points_unsure": sum(s.points_unsure for s in ok),
        **_flag_summary(ok),
        "boards_exact": _ratio(sum(s.board_exact for s in boards), len(boards)),
        "boards_scored": len(boards),
        "bar_accuracy": _ratio(sum(s.bar_right for s in ok), sum(s.bar_scored for s in ok)),
        "off_accuracy": _ratio(sum(s.off_right for s in ok), sum(s.off_scored for s in ok)),
        "dice_value_accuracy": _ratio(sum(s.dice_right for s in ok), sum(s.dice_labelled for s in ok)),
        "dice_labelled": sum(s.dice_labelled for s in ok),
        "cocked_recall": _ratio(sum(s.cocked_caught for s in ok), sum(s.cocked_labelled for s in ok)),
        "cocked_precision": _ratio(sum(s.cocked_called_right for s in ok), sum(s.cocked_called for s in ok)),
        "cube_accuracy": _ratio(sum(s.cube_right for s in ok), sum(s.cube_labelled for s in ok)),
        "cubes_labelled": sum(s.cube_labelled for s in ok),
        "cubes_read_wrong": sum(s.cube_wrong for s in ok),
        "corner_error_px_mean": None if not corner else sum(corner) / len(corner),
        "corner_error_px_max": None if not corner else max(corner),
        "seconds_per_image_median": _median(times),
        "seconds_per_image_mean": None if not times else sum(times) / len(times),
        "worst": [
            {"image": s.image, "mistakes": s.mistakes, "wrong_points": s.wrong_points,
             "confident_wrong_points": s.confident_wrong_points,
             "bar_right": s.bar_right if s.bar_scored else None, "found_right": s.found_right}
            for s in worst_list if s.mistakes > 0
        ],
    }


def _flag_summary(ok: list[ImageScore]) -> dict[str, Any]:
    """How honest the per-point confidence is: confident wrong points (count and share of the scored points), the
    share of wrong points that were flagged, and the share of right points flagged (the referee judges those
    points not at all)."""
    scored = sum(s.points_scored for s in ok)
    right = sum(s.points_right for s in ok)
    wrong = scored - right
    confident_wrong = sum(s.points_confident_wrong for s in ok)
    flagged = sum(s.points_wrong_flagged for s in ok)
    right_flagged = sum(s.points_right_flagged for s in ok)
    return {
        "points_wrong": wrong,
        "confident_wrong": confident_wrong,
        "confident_wrong_share": _ratio(confident_wrong, scored),
        "errors_flagged": flagged,
        "errors_flagged_share": _ratio(flagged, wrong),
        "right_flagged": right_flagged,
        "right_flagged_share": _ratio(right_flagged, right),
    }


def label_lens(label: dict[str, Any]) -> Any:
    """The camera lens a rendered label states (``camera``: K, dist, width, height), as ``Intrinsics``, or None.

    Why: a Pi that ran `bgref calibrate camera` reads every frame through its lens (undistorted, and the dice cues
    told the camera's angle), while a still read alone has none; `eval --lens` measures the reader as the daemon
    runs it. A label whose camera cannot be used is read without a lens (None), never guessed."""
    from calibration.intrinsics import Intrinsics, IntrinsicsError

    if "camera" not in label:
        return None
    try:
        return Intrinsics.from_camera(label["camera"])
    except IntrinsicsError:
        return None


def evaluate(dirs: Iterable[str | Path], reader_factory: Optional[Callable[..., Any]] = None,
             worst: int = 5, lens: bool = False) -> dict[str, Any]:
    """Read every labelled image in ``dirs`` with a fresh reader each (no fast path between images); score it.

    ``reader_factory`` builds an object with ``read(image_bgr) -> Observation`` (default: ``vision.reader.Reader``).
    ``lens``: each image is read through the lens its label states (``label_lens``), passed to the factory as
    ``intrinsics=``; images with none are read as without. Returns ``summarise``'s table plus ``"per_image"`` rows
    (and ``"lens_images"``, how many were read through a lens).
    """
    import cv2

    if reader_factory is None:
        from vision.reader import Reader

        reader_factory = Reader
    scores: list[ImageScore] = []
    with_lens = 0
    for item in find_labelled_images(dirs):
        image = cv2.imread(str(item.image_path), cv2.IMREAD_COLOR)
        if image is None or image.size == 0:
            scores.append(ImageScore(image=str(item.image_path), found_right=False,
                                     error=f"{item.image_path}: cannot be read as an image"))
            continue
        intrinsics = label_lens(item.label) if lens else None
        with_lens += intrinsics is not None
        reader = reader_factory(intrinsics=intrinsics) if intrinsics is not None else reader_factory()
        start = time.perf_counter()
        read = reader.read(image)
        seconds = time.perf_counter() - start
        read.image = str(item.image_path)
        s = score_image(read, item.label, (image.shape[1], image.shape[0]))
        s.seconds = seconds
        scores.append(s)
    table = summarise(scores, worst=worst)
    if lens:
        table["lens_images"] = with_lens
    table["per_image"] = [
        {"image": s.image, "points_right": s.points_right, "points_scored": s.points_scored,
         "wrong_points": s.wrong_points, "confident_wrong_points": s.confident_wrong_points,
         "right_flagged": s.points_right_flagged, "board_exact": s.board_exact, "found_right": s.found_right,
         "bar_right": s.bar_right if s.bar_scored else None, "dice_right": s.dice_right,
         "dice_labelled": s.dice_labelled, "cube_labelled": s.cube_labelled, "cube_right": s.cube_right,
         "cube_wrong": s.cube_wrong, "corner_error_px": s.corner_error_px, "seconds": round(s.seconds, 4)}
        for s in scores if s.error is None
    ]
    return table


def format_table(table: dict[str, Any]) -> str:
    """A readable report of ``evaluate``'s table."""

    def pct(v: Optional[float]) -> str:
        return "n/a" if v is None else f"{100 * v:.1f}%"

    lines = [
        f"images                  {table['images']}"
        + (f" ({table['lens_images']} read through their label's lens)" if "lens_images" in table else ""),
        f"board found right       {pct(table['board_found_accuracy'])}",
        f"points right            {pct(table['point_accuracy'])} of {table['points_scored']}"
        f" (not sure: {table['points_unsure']})",
        f"confident wrong points  {table['confident_wrong']} ({pct(table['confident_wrong_share'])} of points;"
        f" confidence >= {FLAG_BELOW})",
        f"errors flagged          {table['errors_flagged']} of {table['points_wrong']}"
        f" ({pct(table['errors_flagged_share'])})",
        f"right points flagged    {table['right_flagged']} ({pct(table['right_flagged_share'])} of right points)",
        f"boards exactly right    {pct(table['boards_exact'])} of {table['boards_scored']}",
        f"bar right               {pct(table['bar_accuracy'])}",
        f"off right               {pct(table['off_accuracy'])}",
        f"dice values right       {pct(table['dice_value_accuracy'])} of {table['dice_labelled']}",
        f"cocked dice recall      {pct(table['cocked_recall'])}",
        f"cocked dice precision   {pct(table['cocked_precision'])}",
        f"cubes read right        {pct(table.get('cube_accuracy'))} of {table.get('cubes_labelled', 0)}"
        f" (read wrong: {table.get('cubes_read_wrong', 0)})",
        "corner error (px)       "
        + ("n/a" if table["corner_error_px_mean"] is None
           else f"mean {table['corner_error_px_mean']:.1f}, max {table['corner_error_px_max']:.1f}"),
        "time per image          "
        + ("n/a" if table["seconds_per_image_median"] is None
           else f"median {1000 * table['seconds_per_image_median']:.1f} ms"),
    ]
    for err in table["errors"]:
        lines.append(f"error: {err['error']}")
    if table["worst"]:
        lines.append("worst images:")
        for w in table["worst"]:
            lines.append(f"  {w['image']}: {w['mistakes']} mistakes, wrong points {w['wrong_points']}"
                         + (f" (confident: {w['confident_wrong_points']})" if w.get("confident_wrong_points") else "")
                         + ("" if w["found_right"] else ", board found wrong"))
    return "\n".join(lines)
