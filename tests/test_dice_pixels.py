"""The pip finder's set pixels (vision.dice_pips._pixels, numpy's flatnonzero) are cv2.findNonZero's, in its raster
order, on 0/1 images of any shape, contiguous or cut from a larger one, and the blobs found from them keep every
figure: a die face's pips come out as they are drawn."""

import cv2
import numpy as np
import pytest

from vision.dice_pips import _pixels, face_images, find_pips


@pytest.mark.parametrize("shape", [(1, 1), (7, 3), (64, 97), (300, 41)])
def test_set_pixels_are_opencvs_in_raster_order(shape):
    rng = np.random.default_rng(shape[0] * 1000 + shape[1])
    binary = (rng.random(shape) < 0.3).astype(np.uint8)
    for image in (binary, np.zeros(shape, np.uint8), binary[:, ::-1][:, : max(1, shape[1] // 2)]):
        flat, xs, ys = _pixels(image)
        nz = cv2.findNonZero(np.ascontiguousarray(image))
        want = np.zeros((0, 2), int) if nz is None else nz.reshape(-1, 2)
        assert np.array_equal(xs, want[:, 0]) and np.array_equal(ys, want[:, 1])
        assert np.array_equal(flat, ys * image.shape[1] + xs)


def test_pips_of_a_drawn_five_are_found_where_drawn():
    face = np.full((60, 60), 220, np.uint8)
    spots = [(15, 15), (45, 15), (30, 30), (15, 45), (45, 45)]
    for x, y in spots:
        cv2.circle(face, (x, y), 3, 40, -1)
    pips = find_pips(face_images(face))
    dark = sorted((round(p.x), round(p.y)) for p in pips if p.dark)
    assert dark == sorted(spots)
