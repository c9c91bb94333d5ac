"""`bgref calibrate camera` end to end on chessboard photos taken through a known lens (drawn here exactly: every
pixel's ray through the lens model meets the printed pattern), and the board found through those intrinsics."""

import cv2
import numpy as np

from calibration.intrinsics import load_intrinsics
from device.cli import main

cv2.setNumThreads(1)

SIZE = (640, 480)
K_TRUE = np.array([[496.0, 0.0, 324.0], [0.0, 496.0, 237.0], [0.0, 0.0, 1.0]])
DIST_TRUE = np.array([-0.28, 0.09, 0.0, 0.0, 0.0])  # a wide Pi lens: clear barrel distortion
INNER = (9, 6)
SQUARE_MM = 25.0


def _chessboard_photo(rvec, tvec) -> np.ndarray:
    """What the camera sees of a printed 10x7-square chessboard (z = 0 plane, mm) at pose rvec, tvec."""
    w, h = SIZE
    u, v = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    pix = np.stack([u.ravel(), v.ravel()], axis=1).reshape(-1, 1, 2)
    rays = cv2.undistortPoints(pix, K_TRUE, DIST_TRUE).reshape(-1, 2)  # normalised, lens removed
    R, _ = cv2.Rodrigues(np.asarray(rvec, float))
    t = np.asarray(tvec, float)
    # the ray s*(x, y, 1) meets the board plane n.(X - t) = 0, n = R's third column (camera frame)
    d = np.c_[rays, np.ones(len(rays))]
    n = R[:, 2]
    s = (n @ t) / (d @ n)
    world = (s[:, None] * d - t) @ R  # camera -> board frame (R^T (X - t))
    cols, rows = INNER[0] + 1, INNER[1] + 1
    i = np.floor(world[:, 0] / SQUARE_MM + 1).astype(int)  # the first inner corner at the origin
    j = np.floor(world[:, 1] / SQUARE_MM + 1).astype(int)
    inside = (i >= 0) & (i < cols) & (j >= 0) & (j < rows) & (s > 0)
    white = ((i + j) % 2 == 0)
    grey = np.where(inside, np.where(white, 235, 25), 150).astype(np.uint8).reshape(h, w)
    grey = cv2.GaussianBlur(grey, (3, 3), 0)
    return cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)


def _off_line(points: np.ndarray) -> float:
    """Largest distance of points from their total-least-squares line."""
    c = points - points.mean(axis=0)
    _, _, vt = np.linalg.svd(c)
    return float(np.abs(c @ vt[1]).max())


POSES = [((0.0, 0.0, 0.0), (-110.0, -60.0, 420.0)),
         ((0.35, 0.0, 0.05), (-120.0, -70.0, 460.0)),
         ((0.0, -0.4, -0.05), (-90.0, -55.0, 450.0)),
         ((-0.3, 0.25, 0.1), (-120.0, -50.0, 430.0)),
         ((0.2, 0.35, 0.0), (-30.0, -20.0, 380.0)),
         ((-0.25, -0.3, 0.0), (-200.0, -120.0, 420.0))]


def test_calibrate_camera_recovers_a_known_lens(tmp_path, capsys):
    paths = []
    for k, (rvec, tvec) in enumerate(POSES):
        p = tmp_path / f"chess{k}.png"
        cv2.imwrite(str(p), _chessboard_photo(rvec, tvec))
        paths.append(str(p))
    out = tmp_path / "camera.json"
    assert main(["calibrate", "camera", *paths, "-o", str(out), "--inner", f"{INNER[0]}x{INNER[1]}",
                 "--square-mm", str(SQUARE_MM)]) == 0
    intr = load_intrinsics(out)
    assert intr.rms is not None and intr.rms < 0.5
    assert abs(intr.K[0, 0] / K_TRUE[0, 0] - 1) < 0.03
    # what the intrinsics are for: through them the pattern's rows are straight again (the lens bows them)
    gray = cv2.cvtColor(cv2.imread(paths[5]), cv2.COLOR_BGR2GRAY)
    ok, corners = cv2.findChessboardCornersSB(gray, INNER)
    assert ok
    for K, dist, bowed in ((intr.K, intr.dist, False), (K_TRUE, np.zeros(5), True)):
        flat = cv2.undistortPoints(corners, K, dist, P=K).reshape(INNER[1], INNER[0], 2)
        worst = max(_off_line(row) for row in flat)
        assert (worst > 0.6) if bowed else (worst < 0.3), worst  # measured: 0.85 bowed, 0.15 straightened

    # photos of another camera mode, or too few with the pattern: one clear line, exit code 2
    capsys.readouterr()
    small = tmp_path / "small.png"
    cv2.imwrite(str(small), cv2.resize(cv2.imread(paths[0]), (400, 300)))
    assert main(["calibrate", "camera", paths[0], str(small), paths[1], "-o", str(out)]) == 2
    assert main(["calibrate", "camera", paths[0], "-o", str(out), "--inner", "9x6"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "use one camera mode" in err and "at least 3 photos" in err
