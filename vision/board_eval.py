"""How well `find_board` finds boards: corner error in pixels against labelled images, measured, not asserted.

Labels are observation-shaped JSON files next to their images (``board.found``, ``board.corners``). A render's
label may also carry ``camera`` (K, dist): with ``use_intrinsics`` the finder gets them, as a calibrated device
would. Errors are per corner Euclidean distances in image pixels, also as a share of the board's diagonal so that
a 640x360 webcam frame and a 12 MP photo weigh alike.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Iterable, Optional

import cv2
import numpy as np

from calibration.intrinsics import Intrinsics
from vision.board import find_board
from vision.errors import VisionError


def _labelled_images(dirs: Iterable[str | Path]) -> list[tuple[Path, dict[str, Any]]]:
    out = []
    for d in dirs:
        d = Path(d)
        if not d.is_dir():
            raise VisionError(f"{d}: not a folder of labelled images")
        for lab in sorted(d.glob("*.json")):
            try:
                data = json.loads(lab.read_text())
            except (OSError, ValueError):
                continue
            if not isinstance(data, dict) or "board" not in data:
                continue
            name = data.get("image")
            img = (lab.parent / name) if name else None
            if img is None or not img.exists():
                for ext in (".jpg", ".png", ".jpeg"):
                    if lab.with_suffix(ext).exists():
                        img = lab.with_suffix(ext)
                        break
            if img is not None and img.exists():
                out.append((img, data))
    return out


def _intrinsics_of(label: dict[str, Any]) -> Optional[Intrinsics]:
    cam = label.get("camera") or {}
    if "K" not in cam or "width" not in cam:
        return None
    return Intrinsics(np.array(cam["K"], float), np.array(cam.get("dist") or [0] * 5, float),
                      (int(cam["width"]), int(cam["height"])))


def evaluate_corners(dirs: Iterable[str | Path], use_intrinsics: bool = False, limit: Optional[int] = None
                     ) -> dict[str, Any]:
    """Run find_board on every labelled image in `dirs`; corner errors, misses, false finds, timings.

    Returns ``{"images", "found", "missed", "false_found", "rejected", "corner_err_px": {median, mean, p90,
    max}, "corner_err_rel": {...}, "ms_median", "per_image": [...]}``.
    """
    cv2.setNumThreads(1)
    items = _labelled_images(dirs)
    if limit:
        items = items[:limit]
    per = []
    errs, rels, times = [], [], []
    found = missed = false_found = rejected = 0
    for img_path, label in items:
        image = cv2.imread(str(img_path), cv2.IMREAD_COLOR)
        if image is None:
            continue
        truth = label.get("board") or {}
        intr = _intrinsics_of(label) if use_intrinsics else None
        t0 = time.perf_counter()
        try:
            geo = find_board(image, intr)
            err_kind = None
        except VisionError as exc:
            geo, err_kind = None, f"{type(exc).__name__}: {exc}"
        ms = (time.perf_counter() - t0) * 1000
        times.append(ms)
        row: dict[str, Any] = {"image": img_path.name, "ms": round(ms, 1)}
        if truth.get("found") and truth.get("corners"):
            if geo is None:
                missed += 1
                row["error"] = err_kind
            else:
                found += 1
                tc = np.array(truth["corners"], float)
                e = np.linalg.norm(geo.corners - tc, axis=1)
                diag = float(np.linalg.norm(tc[2] - tc[0]))
                errs.extend(e.tolist())
                rels.extend((e / diag).tolist())
                row["corner_err_px"] = [round(float(v), 1) for v in e]
        else:
            if geo is None:
                rejected += 1
            else:
                false_found += 1
                row["false_found"] = True
        per.append(row)

    def stats(v: list[float]) -> dict[str, float]:
        if not v:
            return {}
        a = np.asarray(v)
        return {"median": round(float(np.median(a)), 3), "mean": round(float(a.mean()), 3),
                "p90": round(float(np.percentile(a, 90)), 3), "max": round(float(a.max()), 3)}

    return {
        "images": len(per), "found": found, "missed": missed, "false_found": false_found, "rejected": rejected,
        "corner_err_px": stats(errs), "corner_err_rel": stats(rels),
        "ms_median": round(float(np.median(times)), 1) if times else None,
        "per_image": per,
    }


if __name__ == "__main__":  # python3 -m vision.board_eval DIR... [--intrinsics]
    import sys

    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    res = evaluate_corners(args, use_intrinsics="--intrinsics" in sys.argv)
    print(json.dumps(res, indent=1))


def benchmark(paths: Iterable[str | Path], repeats: int = 5) -> dict[str, Any]:
    """Median single-thread milliseconds per frame: find from scratch, check a saved geometry (full frame and
    a quarter-size grey frame), rectify with cached maps."""
    cv2.setNumThreads(1)
    find_ms, check_ms, check_small_ms, rect_ms = [], [], [], []
    from vision.board import check_geometry, rectify

    for p in paths:
        image = cv2.imread(str(p), cv2.IMREAD_COLOR)
        if image is None:
            continue
        try:
            t0 = time.perf_counter()
            geo = find_board(image)
            find_ms.append((time.perf_counter() - t0) * 1000)
        except VisionError:
            continue
        small = cv2.cvtColor(cv2.resize(image, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA),
                             cv2.COLOR_BGR2GRAY)
        rectify(image, geo)  # builds the cached maps
        for _ in range(repeats):
            t0 = time.perf_counter()
            check_geometry(image, geo)
            check_ms.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            check_geometry(small, geo)
            check_small_ms.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            rectify(image, geo)
            rect_ms.append((time.perf_counter() - t0) * 1000)

    def med(v: list[float]) -> Optional[float]:
        return round(float(np.median(v)), 2) if v else None

    return {"frames": len(find_ms), "find_board_ms": med(find_ms), "check_geometry_ms": med(check_ms),
            "check_geometry_small_gray_ms": med(check_small_ms), "rectify_ms": med(rect_ms)}
