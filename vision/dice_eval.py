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
    n_labels = n_dets = matched = valued = correct = 0
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
        for li, di in match(labels, dice):
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
        "ms_per_image_median": float(np.median(times)),
    }
