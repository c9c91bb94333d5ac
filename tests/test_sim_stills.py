"""The simulated camera's stills: labels agree with the scene they were rendered from, and renders repeat."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from device.sim.stills import render_still
from vision.observation import Observation

SIZE = (960, 540)
SEEDS = [3, 7, 11, 19, 23, 31]


@pytest.fixture(scope="module")
def stills():
    return {seed: render_still(seed, size=SIZE) for seed in SEEDS}


def _cam(label):
    c = label["camera"]
    return (np.array(c["K"]), np.array(c["dist"]), np.array(c["rvec"]), np.array(c["tvec"]))


def test_fifteen_checkers_a_side_and_board_in_frame(stills):
    for seed, still in stills.items():
        obs = Observation.from_dict(still.label)
        assert obs.light_total() == 15, seed
        assert obs.dark_total() == 15, seed
        corners = np.array(still.label["board"]["corners"])
        assert (corners[:, 0] > 0).all() and (corners[:, 0] < SIZE[0]).all(), seed
        assert (corners[:, 1] > 0).all() and (corners[:, 1] < SIZE[1]).all(), seed
        play = np.array(still.label["playing_area"], np.float32)
        # the playing area lies inside the outer frame
        outer = corners.astype(np.float32).reshape(-1, 1, 2)
        for x, y in play:
            assert cv2.pointPolygonTest(outer, (float(x), float(y)), False) >= 0, seed
        w, h = still.label["board"]["size_cm"]
        assert still.label["board"]["tournament_size"] == (55 <= w <= 88 and 44 <= h <= 66)


def test_checkers_land_on_the_point_their_label_says(stills):
    """Project every rendered checker with the LABEL's camera and find its point from the label's playing area."""
    for seed, still in stills.items():
        label, scene = still.label, still.scene
        K, dist, rvec, tvec = _cam(label)
        g = scene.geometry
        wf, hf = 2 * g.half_w + g.bar_w, g.field_h
        rect = np.float32([[0, 0], [wf, 0], [wf, hf], [0, hf]])
        play = cv2.undistortPoints(np.float64(label["playing_area"]).reshape(-1, 1, 2), K, dist, P=K)
        H = cv2.getPerspectiveTransform(play.reshape(4, 2).astype(np.float32), rect)
        counts = [0] * 24
        for c in scene.checkers:
            if c.edge or abs(c.x) <= g.bar_w / 2 + 1e-6 or abs(c.x) > g.field_x:
                continue  # borne off or on the bar
            uv, _ = cv2.projectPoints(np.array([[c.x, c.y, c.z - g.checker_t]]), rvec, tvec, K, dist)
            uv = cv2.undistortPoints(uv, K, dist, P=K)  # straight lines again, so one homography maps the field
            u, v = cv2.perspectiveTransform(uv.reshape(1, 1, 2).astype(np.float32), H)[0, 0]
            bottom = v > hf / 2
            if u > wf / 2:
                k = int((u - wf / 2 - g.bar_w / 2) // g.slot)  # 0 = next to the bar
                point = (6 - k) if bottom else (19 + k)
            else:
                k = int((wf / 2 - g.bar_w / 2 - u) // g.slot)
                point = (7 + k) if bottom else (18 - k)
            counts[point - 1] += 1 if c.colour == "light" else -1
        assert counts == label["points"], seed


def test_dice_labels_match_the_scene(stills):
    for seed, still in stills.items():
        label, scene = still.label, still.scene
        if still.scene.hands:
            continue
        assert sorted(d["value"] for d in label["dice"]) == sorted(d.value for d in scene.dice), seed
        play = np.array(label["playing_area"])
        top_mid, bottom_mid = (play[0] + play[1]) / 2, (play[3] + play[2]) / 2
        for d in label["dice"]:
            if "half" not in d:
                continue
            # which side of the bar line (top middle -> bottom middle) the centre is on, as the image shows it
            a, b, p = top_mid, bottom_mid, np.array(d["center"])
            cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
            assert (cross < 0) == (d["half"] == "right"), (seed, d)


def test_same_seed_same_render_and_label():
    a, b = render_still(5, size=(640, 360)), render_still(5, size=(640, 360))
    assert np.array_equal(a.image, b.image)
    assert a.label == b.label
    c = render_still(6, size=(640, 360))
    assert not np.array_equal(a.image, c.image)


def test_hands_cover_points_they_are_over():
    hits = 0
    for seed in (40, 41, 42):
        still = render_still(seed, size=(640, 360), hands=True)
        occluded = still.label["occluded_points"]
        assert all(1 <= p <= 24 for p in occluded)
        hits += bool(occluded)
    assert hits >= 1


def test_render_command_writes_stills_and_refuses_bad_input(tmp_path, capsys):
    from device.cli import main

    assert main(["render", "stills", str(tmp_path / "s"), "--count", "1", "--seed", "9", "--size", "480x270"]) == 0
    image = cv2.imread(str(tmp_path / "s" / "sim_000009.jpg"))
    assert image is not None and image.shape == (270, 480, 3)
    label = Observation.from_dict(__import__("json").loads((tmp_path / "s" / "sim_000009.json").read_text()))
    assert label.light_total() == 15 and label.extra["camera"]["width"] == 480
    assert main(["render", "stills", str(tmp_path / "s"), "--count", "0"]) == 2
    assert main(["render", "game", str(tmp_path / "g"), "--plays", "0"]) == 2
    err = capsys.readouterr().err
    assert "--count 0" in err and "--plays 0" in err


def test_committed_samples_are_what_the_seeds_render():
    """`bgref render samples` rebuilds sample_images/: two of its stills, re-rendered, carry the same labels."""
    import json
    from pathlib import Path

    from device.sim.samples import still_options

    folder = Path(__file__).resolve().parents[1] / "sample_images" / "stills"
    for i in (0, 3):
        o = still_options(i)
        still = render_still(o["seed"], size=o["size"], board_kind=o["board_kind"], hands=o["hands"],
                             portrait=o["portrait"], scheme=o["scheme"], pair=o["pair"])
        committed = json.loads((folder / f"sim_{i:02d}.json").read_text())
        for key in ("points", "bar", "off", "occluded_points", "scene"):
            assert still.label[key] == committed[key], (i, key)
        assert np.allclose(still.label["board"]["corners"], committed["board"]["corners"], atol=0.5)
        assert [d["value"] for d in still.label["dice"]] == [d["value"] for d in committed["dice"]]


def test_every_point_slot_maps_back_to_its_point():
    from device.sim.labels import world_point_at
    from device.sim.scene import random_geometry

    for seed in range(5):
        g = random_geometry(np.random.default_rng(seed))
        for wp in range(1, 25):
            x, y_base, direction = g.point_slot(wp)
            for along in (0.5, 2.5, 4.5):
                assert world_point_at(g, x, y_base + direction * along * g.checker_d) == wp
        assert world_point_at(g, 0.0, 1.0) is None  # the bar


def test_aruco_marker_is_where_its_label_says():
    """OpenCV's own ArUco detector finds the printed marker at the labelled corners: the camera model, the lens
    distortion and the table texture all agree."""
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                       cv2.aruco.DetectorParameters())
    for seed in (0, 6, 9):
        still = render_still(seed, size=(1280, 720), hands=False)
        marker = still.label["marker"]
        corners, ids, _ = detector.detectMarkers(still.image)
        assert ids is not None and marker["id"] in ids.ravel(), seed
        found = corners[list(ids.ravel()).index(marker["id"])].reshape(4, 2)
        assert np.abs(found - np.array(marker["corners"])).max() < 2.5, seed
