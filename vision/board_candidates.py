"""Candidate outlines for the board: large convex quadrilaterals from several independent cues.

No single cue finds every board (a black frame on a black table has no colour edge, a wooden board on a wooden
table no strong contrast, a paper board no frame), so each cue proposes quadrilaterals and the point pattern
judges them later. Cues: Canny edges closed into regions, Otsu thresholds of lightness and saturation, k-means
colour regions in Lab, and the image border itself (a photo cropped tight to the board).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.board_refine import intersect

MIN_AREA_FRAC = 0.08  # a board smaller than this share of the frame is too small to read anyway


def _quad_from_contour(cnt: np.ndarray) -> np.ndarray | None:
    hull = cv2.convexHull(cnt)
    peri = cv2.arcLength(hull, True)
    for eps in (0.01, 0.02, 0.03, 0.045, 0.06, 0.08):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4:
            return approx.reshape(4, 2).astype(np.float64)
        if len(approx) < 4:
            break
    box = cv2.boxPoints(cv2.minAreaRect(hull))
    # accept the rotated rectangle only when the region fills it (a real quadrilateral)
    if cv2.contourArea(hull) >= 0.85 * cv2.contourArea(box.astype(np.float32)):
        return box.astype(np.float64)
    return None


def _quads_from_mask(mask: np.ndarray, min_area: float, mode: int = cv2.RETR_EXTERNAL) -> list[np.ndarray]:
    contours, _ = cv2.findContours(mask, mode, cv2.CHAIN_APPROX_SIMPLE)
    out = []
    for c in contours:
        if cv2.contourArea(c) < min_area:
            continue
        q = _quad_from_contour(c)
        if q is not None and cv2.contourArea(q.astype(np.float32)) >= min_area:
            out.append(q)
    return out


def candidate_quads(small_bgr: np.ndarray, max_candidates: int = 30) -> list[np.ndarray]:
    """Quadrilaterals (4x2, small-image px) that may be the board's outer frame or playing area."""
    h, w = small_bgr.shape[:2]
    min_area = MIN_AREA_FRAC * h * w
    k3 = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3))
    k9 = cv2.getStructuringElement(cv2.MORPH_RECT, (9, 9))
    blur = cv2.GaussianBlur(small_bgr, (5, 5), 0)
    gray = cv2.cvtColor(blur, cv2.COLOR_BGR2GRAY)
    hsv = cv2.cvtColor(blur, cv2.COLOR_BGR2HSV)
    lab = cv2.cvtColor(blur, cv2.COLOR_BGR2Lab)
    quads: list[np.ndarray] = []

    # 1. edges closed into regions: the frame's outline against the table
    med = float(np.median(gray))
    for lo, hi in ((0.66 * med, 1.33 * med), (20, 60)):
        edges = cv2.Canny(gray, max(5, lo), max(15, hi))
        edges = cv2.dilate(edges, k3, iterations=2)
        quads += _quads_from_mask(edges, min_area)
        # regions enclosed by edges (inner outlines: the playing area inside the frame, each half)
        filled = cv2.bitwise_not(edges)
        quads += _quads_from_mask(cv2.morphologyEx(filled, cv2.MORPH_OPEN, k9), min_area * 0.35, cv2.RETR_LIST)

    # 2. global thresholds of lightness and saturation, both polarities
    for ch in (gray, hsv[:, :, 1], lab[:, :, 1], lab[:, :, 2]):
        _, th = cv2.threshold(ch, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        for m in (th, cv2.bitwise_not(th)):
            m = cv2.morphologyEx(m, cv2.MORPH_CLOSE, k9)
            m = cv2.morphologyEx(m, cv2.MORPH_OPEN, k9)
            quads += _quads_from_mask(m, min_area)

    # 3. k-means colour regions (board vs table vs clutter), at low resolution
    tiny = cv2.resize(lab, (max(8, w // 4), max(8, h // 4)), interpolation=cv2.INTER_AREA)
    data = tiny.reshape(-1, 3).astype(np.float32)
    for k in (2, 3, 4):
        criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 10, 1.0)
        cv2.setRNGSeed(k)
        _, labels, _ = cv2.kmeans(data, k, None, criteria, 1, cv2.KMEANS_PP_CENTERS)
        labels = labels.reshape(tiny.shape[:2])
        for i in range(k):
            m = (labels == i).astype(np.uint8) * 255
            m = cv2.resize(m, (w, h), interpolation=cv2.INTER_NEAREST)
            m = cv2.morphologyEx(m, cv2.MORPH_CLOSE, k9, iterations=2)
            quads += _quads_from_mask(m, min_area)
            # the board as everything that is not the table: fill holes of the complement
            inv = cv2.bitwise_not(m)
            inv = cv2.morphologyEx(inv, cv2.MORPH_OPEN, k9)
            quads += _quads_from_mask(inv, min_area)

    # 4. long straight lines in two families (the frame's sides), paired into quadrilaterals
    quads += _line_quads(gray, min_area)

    # 5. two halves side by side (the bar splits the playing area in two regions): their joint outline
    quads += _paired_halves([q for q in quads if cv2.contourArea(q.astype(np.float32)) < 0.5 * h * w], min_area)

    # 6. the image itself (a photo cropped tight to the board)
    quads.append(np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], dtype=np.float64))
    return [q for q in _dedupe(quads, w, h) if cv2.contourArea(q.astype(np.float32)) >= min_area][:max_candidates]


def _line_quads(gray: np.ndarray, min_area: float, max_quads: int = 8) -> list[np.ndarray]:
    """Quadrilaterals from long straight lines: a hand or clutter merged with the board spoils regions and
    contours, but the frame's sides stay long straight lines. Lines fall in two families about 90 degrees
    apart (less under perspective); the strongest parallel-ish lines of each family are paired."""
    h, w = gray.shape[:2]
    edges = cv2.Canny(gray, 30, 90)
    segs = cv2.HoughLinesP(edges, 1, np.pi / 180, threshold=50, minLineLength=int(0.18 * min(h, w)),
                           maxLineGap=8)
    if segs is None or len(segs) < 4:
        return []
    segs = segs.reshape(-1, 4).astype(np.float64)
    d = segs[:, 2:] - segs[:, :2]
    length = np.hypot(d[:, 0], d[:, 1])
    ang = np.mod(np.degrees(np.arctan2(d[:, 1], d[:, 0])), 180.0)
    hist = np.zeros(180)
    np.add.at(hist, ang.astype(int) % 180, length)
    hist = np.convolve(np.r_[hist[-5:], hist, hist[:5]], np.ones(5), "same")[5:-5]
    a1 = int(np.argmax(hist))
    dist = lambda a, b: np.minimum(np.abs(a - b), 180 - np.abs(a - b))  # noqa: E731
    mask2 = dist(np.arange(180), (a1 + 90) % 180) <= 30
    a2 = int(np.argmax(np.where(mask2, hist, -1)))
    families = []
    for a in (a1, a2):
        sel = dist(ang, a) <= 12
        if sel.sum() < 2:
            return []
        t = np.radians(a)
        nrm = np.array([-np.sin(t), np.cos(t)])
        mid = (segs[sel, :2] + segs[sel, 2:]) / 2
        rho = mid @ nrm
        # merge lines at about the same offset, weight by total length
        order = np.argsort(rho)
        groups: list[list[int]] = []
        for i in order:
            if groups and rho[i] - rho[groups[-1][-1]] < 0.01 * max(h, w):
                groups[-1].append(i)
            else:
                groups.append([i])
        idx = np.nonzero(sel)[0]
        lines = []
        for g in groups:
            L = float(length[sel][g].sum())
            pts = np.vstack([segs[idx[g], :2], segs[idx[g], 2:]]).astype(np.float32)
            vx, vy, x0, y0 = cv2.fitLine(pts, cv2.DIST_L2, 0, 0.01, 0.01).ravel()
            lines.append((L, float(np.mean(rho[g])), np.array([x0, y0], float), np.array([vx, vy], float)))
        lines.sort(key=lambda t: -t[0])
        families.append(lines[:5])

    out = []
    f1, f2 = families
    pairs1 = [(a, b) for i, a in enumerate(f1) for b in f1[i + 1:] if abs(a[1] - b[1]) > 0.15 * min(h, w)]
    pairs2 = [(a, b) for i, a in enumerate(f2) for b in f2[i + 1:] if abs(a[1] - b[1]) > 0.15 * min(h, w)]
    pairs1.sort(key=lambda p: -(p[0][0] + p[1][0]))
    pairs2.sort(key=lambda p: -(p[0][0] + p[1][0]))
    for a, b in pairs1[:4]:
        for c, e in pairs2[:4]:
            pts = [intersect((a[2], a[3]), (c[2], c[3])), intersect((a[2], a[3]), (e[2], e[3])),
                   intersect((b[2], b[3]), (e[2], e[3])), intersect((b[2], b[3]), (c[2], c[3]))]
            if any(p is None for p in pts):
                continue
            q = np.array(pts)
            if (q < -0.05 * w).any() or (q[:, 0] > 1.05 * w).any() or (q[:, 1] > 1.05 * h).any():
                continue
            if cv2.contourArea(q.astype(np.float32)) >= min_area:
                out.append(q)
            if len(out) >= max_quads:
                return out
    return out


def _paired_halves(quads: list[np.ndarray], min_area: float) -> list[np.ndarray]:
    """Outlines of two similar quadrilaterals lying side by side (the board's halves either side of the bar)."""
    out = []
    info = []
    for q in quads:
        a = cv2.contourArea(q.astype(np.float32))
        if a >= min_area * 0.35:
            info.append((q, a, q.mean(axis=0)))
    info.sort(key=lambda t: -t[1])
    info = info[:20]
    for i in range(len(info)):
        for j in range(i + 1, len(info)):
            (qa, aa, ca), (qb, ab, cb) = info[i], info[j]
            if not 0.7 <= aa / ab <= 1.43:
                continue
            d = float(np.linalg.norm(ca - cb))
            if not 0.6 * np.sqrt(aa) <= d <= 1.6 * np.sqrt(aa):
                continue
            hull = cv2.convexHull(np.vstack([qa, qb]).astype(np.float32))
            if cv2.contourArea(hull) > 2.6 * (aa + ab) / 2:
                continue
            q = _quad_from_contour(hull.astype(np.int32))
            if q is not None:
                out.append(q)
    return out


def _dedupe(quads: list[np.ndarray], w: int, h: int) -> list[np.ndarray]:
    """Drop near-duplicates (corners within 2% of the diagonal), largest first, and non-convex shapes."""
    from calibration.geometry import order_corners

    diag = float(np.hypot(w, h))
    keep: list[np.ndarray] = []
    ordered = []
    for q in quads:
        q = order_corners(q)
        if not cv2.isContourConvex(q.astype(np.float32).reshape(-1, 1, 2)):
            continue
        ordered.append(q)
    ordered.sort(key=lambda q: -cv2.contourArea(q.astype(np.float32)))
    for q in ordered:
        if all(np.max(np.linalg.norm(q - k, axis=1)) > 0.02 * diag for k in keep):
            keep.append(q)
    return keep
