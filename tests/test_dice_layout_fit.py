"""fit_layout's gathered sums (vision.dice_layout) give exactly the floats of the two einsums they replaced."""

import numpy as np

from vision.dice_layout import LAYOUTS, _TABLES, fit_layout


def _einsum_fit(pts: np.ndarray) -> tuple[int, np.ndarray, np.ndarray, float, float]:
    """The fit as it was made before (session 30): both einsums, then the same choice of ordering."""
    n = len(pts)
    perms, pinv, design = _TABLES[n]
    q = pts[perms]
    params = np.einsum("kn,pnd->pkd", pinv, q)
    pred = np.einsum("nk,pkd->pnd", design, params)
    sse = ((pred - q) ** 2).sum(axis=(1, 2))
    dets = np.abs(params[:, 0, 0] * params[:, 1, 1] - params[:, 0, 1] * params[:, 1, 0])
    best = int(np.argmin(sse / np.maximum(dets, 1e-9)))
    step = float(np.sqrt(float(dets[best])))
    return n, params[best, 2, :], params[best, :2, :].T, float(np.sqrt(sse[best] / n) / step), step


def test_fit_layout_is_bit_identical_to_the_einsum_fit():
    rng = np.random.default_rng(63500)
    for trial in range(600):
        n = int(rng.integers(4, 7))
        if trial % 3 == 0:  # any scatter of points
            pts = rng.random((n, 2)) * rng.choice([3.0, 30.0, 200.0]) + rng.random(2) * 1500
        else:  # a face's layout under an affine map, with noise, in a shuffled order
            a = rng.normal(size=(2, 2)) * rng.choice([2.0, 8.0, 20.0])
            pts = LAYOUTS[n] @ a.T + rng.random(2) * 1000 + rng.normal(size=(n, 2)) * rng.choice([0.01, 0.5, 2.0])
            if trial % 7 == 0:
                pts = np.round(pts * 4) / 4  # ties between orderings
            pts = pts[rng.permutation(n)]
        fit = fit_layout(pts)
        want = _einsum_fit(pts)
        assert fit is not None
        assert fit.value == want[0]
        assert np.array_equal(fit.center, want[1]) and np.array_equal(fit.affine, want[2])
        assert fit.residual == want[3] and fit.step == want[4]


def test_fit_layout_reads_a_clean_six():
    pts = LAYOUTS[6] @ np.array([[9.0, 1.0], [-1.0, 9.0]]).T + [200.0, 120.0]
    fit = fit_layout(pts[::-1])
    assert fit is not None and fit.value == 6
    assert fit.residual < 1e-9
    assert np.allclose(fit.center, [200.0, 120.0])
