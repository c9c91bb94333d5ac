"""Measure the dice reader on a folder of photos with YOLO labels (``images/*.jpg``, ``labels/*.txt``).

YOLO line: ``CLASS XC YC W H`` (fractions of the image), CLASS 0..5 = face value 1..6, the box on the upper face.
A reading matches a label when its centre lies within half the box's larger side (+4 px) of the box centre.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Optional

import cv2
import numpy as np

from vision.dice import find_dice
from vision.errors import VisionError
from vision.observation import DieReading


def read_yolo_labels(path: Path, width: int, height: int) -> list[tuple[int, float, float, float]]:
    """(value, x, y, radius) per labelled die, in pixels."""
    out = []
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) != 5:
            continue
        cls, xc, yc, w, h = int(parts[0]), *map(float, parts[1:])
        out.append((cls + 1, xc * width, yc * height, 0.5 * max(w * width, h * height) + 4.0))
    return out


def match(labels: list[tuple[int, float, float, float]], dice: list[DieReading]) -> list[tuple[int, Optional[int]]]:
    """Greedy nearest matching; returns (label index, die index or None) per label."""
    pairs = []
    for li, (_, x, y, r) in enumerate(labels):
        for di, d in enumerate(dice):
            dist = float(np.hypot(d.center[0] - x, d.center[1] - y))
            if dist <= r:
                pairs.append((dist, li, di))
    pairs.sort()
    used_l, used_d, result = set(), set(), {}
    for _, li, di in pairs:
        if li in used_l or di in used_d:
            continue
        used_l.add(li)
        used_d.add(di)
        result[li] = di
    return [(li, result.get(li)) for li in range(len(labels))]


def evaluate_dice_yolo(folder: str | Path, limit: Optional[int] = None,
                       reader: Callable[[np.ndarray], list[DieReading]] = find_dice) -> dict[str, Any]:
    """Value accuracy, detection recall/precision and median ms per image of ``reader`` on a YOLO-labelled folder.

    ``value_accuracy`` counts only matched dice that were given a value (None = 'unsure' is not wrong);
    ``read_rate`` is the share of labelled dice matched and given the right value.
    """
    folder = Path(folder)
    images = sorted((folder / "images").glob("*.jpg")) + sorted((folder / "images").glob("*.png"))
    if not images:
        raise VisionError(f"no images in {folder / 'images'}")
    if limit:
        images = images[:limit]
    cv2.setNumThreads(1)
    n_labels = n_dets = matched = valued = correct = side_reads = 0
    times, wrong = [], []
    for img_path in images:
        image = cv2.imread(str(img_path))
        if image is None:
            raise VisionError(f"cannot read image {img_path}")
        label_path = folder / "labels" / (img_path.stem + ".txt")
        labels = read_yolo_labels(label_path, image.shape[1], image.shape[0]) if label_path.exists() else []
        t0 = time.perf_counter()
        dice = reader(image)
        times.append((time.perf_counter() - t0) * 1000.0)
        n_labels += len(labels)
        n_dets += len(dice)
        pairs = match(labels, dice)
        side_reads += len(_side_reads(labels, dice, pairs))
        for li, di in pairs:
            if di is None:
                continue
            matched += 1
            if dice[di].value is not None:
                valued += 1
                if dice[di].value == labels[li][0]:
                    correct += 1
                else:
                    wrong.append((img_path.name, labels[li][0], dice[di].value))
    return {
        "images": len(images),
        "dice": n_labels,
        "detections": n_dets,
        "recall": matched / n_labels if n_labels else None,
        "precision": matched / n_dets if n_dets else None,
        "value_accuracy": correct / valued if valued else None,
        "read_rate": correct / n_labels if n_labels else None,
        "wrong": wrong,
        "side_reads": side_reads,
        "value_accuracy_with_side_reads": correct / (valued + side_reads) if valued + side_reads else None,
        "ms_per_image_median": float(np.median(times)),
    }


SIDE_READ_REACH = 2.5  # label radii: a die's side face lies within about one die edge of its top face's centre


def _side_reads(labels: list[tuple[int, float, float, float]], dice: list[DieReading],
                pairs: list[tuple[int, Optional[int]]]) -> list[tuple[int, int]]:
    """(label, die) pairs where a die whose top went unread had a side face read instead, with another value.

    Why: matching goes by the top face's box, so such a reading is neither matched nor wrong; it counts as a
    false detection and the die as missed. Seen from a slant (the photos of ../shared/dice/ are taken at about
    45 degrees) the side faces of a die showing one are read while the lone pip on top is refused: for a referee
    that is a wrong value, so it is counted as one (``value_accuracy_with_side_reads``).
    """
    used = {di for _, di in pairs if di is not None}
    out = []
    for li, di in pairs:
        if di is not None:
            continue
        value, x, y, r = labels[li]
        for k, d in enumerate(dice):
            if k in used or d.value is None or d.value == value:
                continue
            if float(np.hypot(d.center[0] - x, d.center[1] - y)) <= SIDE_READ_REACH * r:
                used.add(k)
                out.append((li, k))
                break
    return out


def _board_homography(label: dict[str, Any]) -> Optional[np.ndarray]:
    """Board plane (cm, outer frame) -> image, from a label's frame corners and size."""
    corners = (label.get("board") or {}).get("corners")
    size = (label.get("scene") or {}).get("size_cm") or (label.get("board") or {}).get("size_cm")
    if not corners or not size:
        return None
    w, h = size
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    return cv2.getPerspectiveTransform(src, np.array(corners, np.float32))


def _board_hints(label: dict[str, Any], shape: tuple[int, ...]) -> tuple[Optional[np.ndarray], Optional[float]]:
    """Playing-area mask and die size as the board reader would pass them, from a rendered scene's label."""
    area = label.get("playing_area")
    scene = label.get("scene") or {}
    corners = (label.get("board") or {}).get("corners")
    if not area or not corners or not scene.get("size_cm") or not scene.get("checker_diameter_cm"):
        return None, None
    mask = np.zeros(shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(np.array(area)).astype(np.int32), 255)
    c = np.array(corners, float)
    w_px = (np.linalg.norm(c[1] - c[0]) + np.linalg.norm(c[2] - c[3])) / 2
    h_px = (np.linalg.norm(c[3] - c[0]) + np.linalg.norm(c[2] - c[1])) / 2
    px_per_cm = (w_px / scene["size_cm"][0] + h_px / scene["size_cm"][1]) / 2
    return mask, 0.45 * scene["checker_diameter_cm"] * px_per_cm


def evaluate_dice_labelled(folder: str | Path, board_hints: bool = True, steady: bool = False) -> dict[str, Any]:
    """Dice reading on observation-labelled images (``NAME.json`` beside ``NAME.jpg``/``.png``: renders, real boards).

    With ``board_hints`` and a rendered label (``playing_area``, ``scene``), the reader gets the playing-area mask
    and die size as `bgref read` would; otherwise the whole image is searched. A die matches a label within 0.8 of
    the expected die size (or 25 px). Reports value accuracy, recall, precision, flat/cocked confusion, ms.
    ``steady``: each image is read once untimed first, so the timed read is a running camera's (die edge learnt,
    one scale; ``vision.dice_scale``); otherwise every image is a first frame (two scales).
    """
    from vision.dice_scale import ScaleMemory

    import json

    folder = Path(folder)
    labels = sorted(folder.glob("*.json"))
    if not labels:
        raise VisionError(f"no label files in {folder}")
    cv2.setNumThreads(1)
    n_labels = n_dets = matched = valued = correct = 0
    cocked_total = cocked_caught = flat_total = flat_called_cocked = 0
    times, wrong = [], []
    for lp in labels:
        img_path = next((p for p in (lp.with_suffix(".jpg"), lp.with_suffix(".png")) if p.exists()), None)
        if img_path is None:
            continue
        label = json.loads(lp.read_text())
        image = cv2.imread(str(img_path))
        if image is None:
            raise VisionError(f"cannot read image {img_path}")
        mask, die_px = _board_hints(label, image.shape) if board_hints else (None, None)
        memory = ScaleMemory()  # every image its own view
        for _ in range(2 if steady else 0):  # a die seen twice agrees with itself: the edge is learnt
            find_dice(image, mask=mask, die_size_px=die_px, memory=memory)
        t0 = time.perf_counter()
        homography = _board_homography(label) if board_hints and mask is not None else None
        dice = find_dice(image, mask=mask, die_size_px=die_px, board_to_image=homography, memory=memory)
        times.append((time.perf_counter() - t0) * 1000.0)
        radius = 0.8 * die_px if die_px else 25.0
        truth = [(int(d["value"]), float(d["center"][0]), float(d["center"][1]), radius, d.get("flat"))
                 for d in label.get("dice") or []]
        n_labels += len(truth)
        n_dets += len(dice)
        for li, di in match([t[:4] for t in truth], dice):
            flat = truth[li][4]
            if flat is False:
                cocked_total += 1
            elif flat is True:
                flat_total += 1
            if di is None:
                continue
            matched += 1
            if flat is False and not dice[di].flat:
                cocked_caught += 1
            if flat is True and not dice[di].flat:
                flat_called_cocked += 1
            if dice[di].value is not None:
                valued += 1
                if dice[di].value == truth[li][0]:
                    correct += 1
                else:
                    wrong.append((img_path.name, truth[li][0], dice[di].value))
    return {
        "images": len(times), "dice": n_labels, "detections": n_dets,
        "recall": matched / n_labels if n_labels else None,
        "precision": matched / n_dets if n_dets else None,
        "value_accuracy": correct / valued if valued else None,
        "read_rate": correct / n_labels if n_labels else None,
        "cocked": cocked_total, "cocked_caught": cocked_caught,
        "flat": flat_total, "flat_called_cocked": flat_called_cocked,
        "wrong": wrong, "ms_per_image_median": float(np.median(times)) if times else None,
    }
