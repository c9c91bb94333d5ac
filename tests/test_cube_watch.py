"""The cube watched over frames (vision.cube_watch): searched again only where the frame changed, and every reading
the same as a whole search of that frame: a cube turned, a change elsewhere, the cube taken off and put down again."""

from __future__ import annotations

import cv2
import numpy as np

from vision.change_map import frame_grids
from vision.cube import CubeSizes, read_cube
from vision.cube_watch import CubeWatch

SHAPE = (720, 1280)
REGION = (60, 60, 1220, 660)
SIZES = CubeSizes(np.array([0.0, 1280.0]), np.array([0.0, 720.0]), np.full((2, 2), 30.0), np.full((2, 2), 75.0))


def table(noise_seed: int) -> np.ndarray:
    """A felt-like table (a fixed texture) under fresh sensor noise."""
    texture = np.random.default_rng(7).normal(0, 12, SHAPE).astype(np.float32)
    texture = cv2.GaussianBlur(texture, (0, 0), 3)
    img = np.empty(SHAPE + (3,), np.float32)
    img[:] = (40, 90, 40)
    img += texture[..., None]
    img += np.random.default_rng(noise_seed).normal(0, 1.5, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def with_cube(img: np.ndarray, value: int, at: tuple[int, int], edge: int = 52) -> np.ndarray:
    """A cube face of ``value`` (Hershey Duplex, bold) with its top-left corner at ``at``."""
    out = img.copy()
    x, y = at
    out[y:y + edge, x:x + edge] = (230, 230, 225)
    scale = 1.2 if value < 10 else 0.9
    (w, h), _ = cv2.getTextSize(str(value), cv2.FONT_HERSHEY_DUPLEX, scale, 3)
    cv2.putText(out, str(value), (x + (edge - w) // 2, y + (edge + h) // 2), cv2.FONT_HERSHEY_DUPLEX, scale,
                (30, 30, 30), 3, cv2.LINE_AA)
    return out


def with_checker(img: np.ndarray, at: tuple[int, int]) -> np.ndarray:
    out = img.copy()
    cv2.circle(out, at, 30, (200, 200, 190), -1, cv2.LINE_AA)
    cv2.circle(out, at, 30, (90, 90, 90), 2, cv2.LINE_AA)
    return out


def test_the_watch_reads_as_a_whole_search_and_searches_only_where_the_frame_changed():
    whole_px = (REGION[2] - REGION[0]) * (REGION[3] - REGION[1])
    frames = [
        ("first", with_cube(table(1), 2, (700, 400))),
        ("noise only", with_cube(table(2), 2, (700, 400))),
        ("doubled", with_cube(table(3), 4, (700, 400))),
        ("checker moved far off", with_checker(with_cube(table(4), 4, (700, 400)), (250, 200))),
        ("cube taken off", with_checker(table(5), (250, 200))),
        ("cube put down elsewhere", with_checker(with_cube(table(6), 8, (300, 500)), (250, 200))),
    ]
    watch = CubeWatch(REGION, SIZES, SHAPE)
    seen = []
    for name, img in frames:
        look = watch.look(img, frame_grids(img).grid)
        whole = read_cube(img, region=REGION, side_range=SIZES)
        assert (look.cube is None) == (whole is None), name
        if whole is not None:
            assert look.cube.value == whole.value, name
            assert np.hypot(look.cube.center[0] - whole.center[0], look.cube.center[1] - whole.center[1]) < 2, name
        seen.append((look.cube.value if look.cube else None, look.carried, look.searched_px))
    assert [v for v, _, _ in seen] == [2, 2, 4, 4, None, 8]
    assert seen[1][1] and seen[1][2] == 0  # noise only: carried, nothing searched
    assert seen[0][2] >= whole_px  # the first frame: the whole region
    for value, carried, px in seen[2:]:
        assert not carried and 0 < px < 0.3 * whole_px  # a change: only round it


def test_forget_searches_the_whole_region_again():
    img = with_cube(table(1), 16, (500, 300))
    watch = CubeWatch(REGION, SIZES, SHAPE)
    assert watch.look(img, frame_grids(img).grid).cube.value == 16
    watch.forget()
    look = watch.look(img, frame_grids(img).grid)
    assert look.cube.value == 16 and not look.carried
    assert look.searched_px >= (REGION[2] - REGION[0]) * (REGION[3] - REGION[1])
