"""bgref eval: the scoring rules (occluded points, bar_scored, dice matching) and the command on a small folder."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from device.cli import main
from vision.evaluate import find_labelled_images, score_image, summarise
from vision.observation import BoardInfo, CubeReading, DieReading, Observation


def _label(points, **extra):
    d = {"board": {"found": True, "corners": [[0, 0], [100, 0], [100, 80], [0, 80]]}, "points": points,
         "bar": {"light": 1, "dark": 0}, "off": {"light": 0, "dark": None}, "dice": [], "occluded_points": []}
    d.update(extra)
    return d


def _read(points, **kw):
    return Observation(board=BoardInfo(True, corners=[[2, 0], [100, 2], [100, 80], [0, 80]]), points=points, **kw)


def test_occluded_points_are_not_scored_and_unsure_points_count_as_not_right():
    truth = [0] * 24
    truth[0], truth[5] = 2, -5
    got = list(truth)
    got[5] = -4  # wrong, but occluded: not scored
    got[7] = None  # not sure on a visible point: not right
    s = score_image(_read(got, bar={"light": 1, "dark": 0}, off={"light": 0, "dark": 3}),
                    _label(truth, occluded_points=[6]), (100, 80))
    assert (s.points_scored, s.points_right, s.points_unsure) == (23, 22, 1)
    assert s.wrong_points == [8]
    assert s.bar_scored and s.bar_right
    assert (s.off_scored, s.off_right) == (1, 1)  # dark off is null in the label: not scored
    assert not s.board_exact
    assert s.corner_error_px == pytest.approx(1.0)


def test_bar_not_scored_when_hidden_and_dice_matched_by_position():
    truth = [0] * 24
    label = _label(truth, bar_scored=False, dice=[
        {"value": 5, "flat": True, "center": [10, 10]}, {"value": 2, "flat": False, "center": [60, 40]}])
    read = _read(list(truth), bar={"light": 3, "dark": 3}, off={"light": 0, "dark": 0},
                 dice=[DieReading(2, False, [61, 41]), DieReading(6, True, [11, 9])])
    s = score_image(read, label, (100, 80))
    assert not s.bar_scored and s.board_exact
    assert (s.dice_labelled, s.dice_right) == (1, 0)  # the flat die read 6 instead of 5
    assert (s.cocked_labelled, s.cocked_caught, s.cocked_called, s.cocked_called_right) == (1, 1, 1, 1)
    table = summarise([s])
    assert table["dice_value_accuracy"] == 0.0 and table["cocked_recall"] == 1.0 and table["boards_exact"] == 1.0


@pytest.mark.parametrize("label_cube, read_cube, want", [
    ({"value": 4, "center": [50, 40]}, CubeReading(4, [51, 41]), (1, 1, 0)),  # read right
    ({"value": 4, "center": [50, 40]}, None, (1, 0, 0)),  # missed: no double said
    ({"value": 4, "center": [50, 40]}, CubeReading(8, [50, 40]), (1, 0, 1)),  # wrong value: a false double
    ({"value": 4, "center": [50, 40]}, CubeReading(4, [10, 10]), (1, 0, 1)),  # a 4 read somewhere else
    (None, CubeReading(2, [30, 30]), (0, 0, 1)),  # a cube read where none lies
    (None, None, (0, 0, 0)),
])
def test_the_cube_is_scored_right_missed_or_wrong(label_cube, read_cube, want):
    s = score_image(_read([0] * 24, cube=read_cube), _label([0] * 24, cube=label_cube), (100, 80))
    assert (s.cube_labelled, s.cube_right, s.cube_wrong) == want
    table = summarise([s])
    assert table["cubes_labelled"] == want[0] and table["cubes_read_wrong"] == want[2]


def test_a_board_that_should_not_be_found(tmp_path):
    s = score_image(Observation(board=BoardInfo(False), points=[None] * 24), {"board": {"found": False}}, (10, 10))
    assert s.found_right and s.points_scored == 0


def test_eval_command_on_a_folder(tmp_path, capsys):
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    still = sim.render_still(207)
    cv2.imwrite(str(tmp_path / "a.jpg"), still.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    label = json.loads(json.dumps(still.label, default=lambda o: o.item() if hasattr(o, "item") else str(o)))
    label["image"] = "a.jpg"
    (tmp_path / "a.json").write_text(json.dumps(label))
    blank = np.full((300, 400, 3), 90, np.uint8)
    cv2.imwrite(str(tmp_path / "b.png"), blank)
    (tmp_path / "b.json").write_text(json.dumps({"image": "b.png", "board": {"found": False}, "points": None}))
    (tmp_path / "notes.json").write_text("[1, 2]")  # not a label: ignored
    assert [i.image_path.name for i in find_labelled_images([tmp_path])] == ["a.jpg", "b.png"]
    assert main(["eval", str(tmp_path), "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert table["images"] == 2 and table["boards_scored"] == 1
    assert table["board_found_accuracy"] == 1.0
    assert 0.0 <= table["point_accuracy"] <= 1.0
    assert len(table["per_image"]) == 2
    # the same folder with an unreadable image is an error (exit 2), not a low score
    (tmp_path / "c.jpg").write_text("not a jpeg")
    (tmp_path / "c.json").write_text(json.dumps({"image": "c.jpg", "board": {"found": False}}))
    assert main(["eval", str(tmp_path)]) == 2
    assert "c.jpg" in capsys.readouterr().out


def test_a_folder_without_labelled_images_is_bad_input(tmp_path, capsys):
    (tmp_path / "notes.json").write_text("[1, 2]")
    cv2.imwrite(str(tmp_path / "a.png"), np.full((20, 20, 3), 90, np.uint8))  # an image without a label
    assert main(["eval", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no labelled images" in err and str(tmp_path) in err and "Traceback" not in err


def test_confident_wrong_points_and_flagged_errors_are_counted():
    truth = [0] * 24
    truth[0], truth[5], truth[12] = 2, -5, 9
    got = list(truth)
    got[0] = 1  # wrong and sure of it: a false alarm in the making
    got[5] = -6  # wrong but flagged
    got[7] = None  # not sure at all: flagged
    conf = [1.0] * 24
    conf[5], conf[12], conf[20] = 0.4, 0.5, 0.59  # 13 and 21 are right but flagged
    s = score_image(_read(got, bar={"light": 1, "dark": 0}, off={"light": 0, "dark": 3},
                          extra={"point_confidence": conf}), _label(truth), (100, 80))
    assert (s.points_confident_wrong, s.points_wrong_flagged, s.points_right_flagged) == (1, 2, 2)
    assert s.confident_wrong_points == [1]
    table = summarise([s])
    assert (table["points_wrong"], table["confident_wrong"], table["errors_flagged"]) == (3, 1, 2)
    assert table["confident_wrong_share"] == pytest.approx(1 / 24)
    assert table["right_flagged_share"] == pytest.approx(2 / 21)
    # a reading without confidences is taken at its word: every wrong number is a confident one
    plain = score_image(_read(got, bar={"light": 1, "dark": 0}, off={"light": 0, "dark": 3}), _label(truth), (100, 80))
    assert (plain.points_confident_wrong, plain.points_wrong_flagged) == (2, 1)


def test_eval_dice_on_a_yolo_folder(tmp_path, capsys):
    # one drawn die showing 3 on a grey table, labelled YOLO-style (class 2 = three) as ../shared/dice/ is
    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    im = np.full((240, 320, 3), 120, np.uint8)
    cv2.rectangle(im, (140, 100), (184, 144), (235, 235, 235), -1)
    for x, y in ((150, 110), (162, 122), (174, 134)):
        cv2.circle(im, (x, y), 4, (20, 20, 20), -1, cv2.LINE_AA)
    cv2.imwrite(str(tmp_path / "images" / "d.jpg"), cv2.GaussianBlur(im, (3, 3), 0), [cv2.IMWRITE_JPEG_QUALITY, 95])
    (tmp_path / "labels" / "d.txt").write_text(f"2 {162 / 320} {122 / 240} {44 / 320} {44 / 240}\n")
    assert main(["eval", "--dice", str(tmp_path), "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert table["images"] == 1 and table["dice"] == 1 and table["folder"] == str(tmp_path)
    assert table["recall"] == 1.0 and table["value_accuracy"] == 1.0 and table["side_reads"] == 0
    assert main(["eval", "--dice", str(tmp_path / "images")]) == 2  # no labels/ beside it: bad input
    assert "not a folder of YOLO-labelled dice photos" in capsys.readouterr().err
