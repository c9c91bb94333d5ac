"""The shapes `bgref read` and `bgref eval` promise: JSON, JSON Lines, error lines and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from device.cli import main
from vision.errors import VisionError
from vision.reader import Reader, read_file, same_frame, thumbnail

REAL = Path(__file__).resolve().parents[2] / "shared" / "real"
needs_real = pytest.mark.skipif(not REAL.is_dir(), reason=f"real board photos not found at {REAL}")


def _blank(tmp_path: Path, name: str = "blank.png") -> Path:
    path = tmp_path / name
    img = np.full((240, 320, 3), 128, np.uint8)
    cv2.putText(img, "no board", (40, 120), cv2.FONT_HERSHEY_SIMPLEX, 1.2, (20, 20, 20), 2)
    cv2.imwrite(str(path), img)
    return path


def test_one_image_json_is_one_object_with_board_not_found(tmp_path, capsys):
    path = _blank(tmp_path)
    assert main(["read", str(path), "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    obs = json.loads(out[0])
    assert obs["board"] == {"found": False}
    assert obs["warnings"], "a board that is not found must say why"
    assert set(obs) >= {"board", "points", "bar", "off", "dice", "cube", "warnings"}


def test_several_images_give_json_lines_in_order_and_error_lines(tmp_path, capsys):
    a = _blank(tmp_path, "a.png")
    bad = tmp_path / "not_an_image.jpg"
    bad.write_text("this is text, not a JPEG")
    missing = tmp_path / "missing.png"
    b = _blank(tmp_path, "b.png")
    code = main(["read", str(a), str(bad), str(missing), str(b), "--json"])
    assert code == 2
    lines = [json.loads(line) for line in capsys.readouterr().out.strip().splitlines()]
    assert [line["image"] for line in lines] == [str(a), str(bad), str(missing), str(b)]
    assert "error" in lines[1] and "not_an_image.jpg" in lines[1]["error"]
    assert "error" in lines[2] and "missing.png" in lines[2]["error"]
    assert "error" not in lines[0] and "error" not in lines[3]
    assert lines[3]["board"]["found"] is False


def test_diagram_without_json(tmp_path, capsys):
    assert main(["read", str(_blank(tmp_path))]) == 0
    assert "no board found" in capsys.readouterr().out


def test_bad_calibration_file_is_one_clear_line(tmp_path, capsys):
    cal = tmp_path / "cal.json"
    cal.write_text("{ not json")
    assert main(["read", str(_blank(tmp_path)), "--calibration", str(cal)]) == 2
    err = capsys.readouterr().err
    assert "cal.json" in err and "Traceback" not in err


def test_empty_and_unreadable_images_raise_vision_errors(tmp_path):
    with pytest.raises(VisionError):
        Reader().read(np.zeros((0, 0, 3), np.uint8))
    with pytest.raises(VisionError):
        read_file(tmp_path / "nothing.png")


def test_fast_path_returns_the_previous_reading_for_an_unchanged_frame():
    rng = np.random.default_rng(1)
    frame = rng.integers(0, 255, (360, 640, 3), dtype=np.uint8)
    frame = cv2.GaussianBlur(frame, (0, 0), 3)
    reader = Reader()
    first = reader.read(frame)
    assert first.extra["unchanged"] is False
    noisy = np.clip(frame.astype(np.int16) + rng.integers(-3, 4, frame.shape), 0, 255).astype(np.uint8)
    again = reader.read(noisy)
    assert again.extra["unchanged"] is True
    moved = frame.copy()
    cv2.circle(moved, (320, 180), 12, (255, 255, 255), -1)  # a die-sized change
    assert not same_frame(thumbnail(moved), thumbnail(frame))
    assert reader.read(moved).extra["unchanged"] is False


@needs_real
def test_a_chessboard_is_not_a_backgammon_board(capsys):
    assert main(["read", str(REAL / "r18.png"), "--json"]) == 0
    obs = json.loads(capsys.readouterr().out)
    assert obs["board"]["found"] is False and obs["warnings"]


def test_eval_on_a_missing_folder_is_an_error(tmp_path, capsys):
    assert main(["eval", str(tmp_path / "nope")]) == 2
    assert "nope" in capsys.readouterr().err


def test_the_calibrations_measured_size_is_reported_with_every_reading(tmp_path, capsys):
    # the size comes from `calibrate board --marker-cm` (one view alone cannot give it); `read --calibration` must
    # hand it on in the observation's board, as the shape promises, and say null without it
    from calibration.calibfile import Calibration

    still = Path(__file__).resolve().parents[1] / "sample_images" / "stills" / "sim_00.jpg"
    reader = Reader()
    reader.read(cv2.imread(str(still)))
    assert reader.last_geometry is not None
    cal = Calibration(geometry=reader.last_geometry, light_seat="bottom", light_direction="descending",
                      home={"light": [1, 2, 3, 4, 5, 6], "dark": [19, 20, 21, 22, 23, 24]},
                      dice_half={"light": "right", "dark": "left"}, checker_diameter_px=40.0,
                      board_size_cm=[61.5, 47.2], tournament_size=True)
    path = tmp_path / "board.json"
    cal.save(path)
    assert main(["read", str(still), "--calibration", str(path), "--json"]) == 0
    board = json.loads(capsys.readouterr().out)["board"]
    assert board["found"] and board["size_cm"] == [61.5, 47.2] and board["tournament_size"] is True
    assert Reader(reader.last_geometry).size_cm is None  # a bare geometry holds no size


def test_an_outlines_sure_doubt_caps_a_fresh_read_but_not_a_locked_board(monkeypatch):
    # a sure doubt (vision.board._sure_doubt) leaves no point sure on a board found from scratch; once the daemon has
    # read the starting position on that board and locked it, the layout is vouched for and the points read sure
    import vision.board as board_mod

    still = Path(__file__).resolve().parents[1] / "sample_images" / "stills" / "sim_00.jpg"
    image = cv2.imread(str(still))
    probe = Reader()
    probe.read(image)
    geo = probe.last_geometry
    geo.frame_doubt, geo.frame_doubt_sure = "a doubt for the test", True
    monkeypatch.setattr(board_mod, "find_board", lambda *a, **k: geo)
    fresh = Reader().read(image)
    assert max(fresh.extra["point_confidence"]) <= 0.5
    locked = Reader()
    locked.read(image)
    assert locked.lock(geo)
    again = locked.read(image.copy())
    assert max(again.extra["point_confidence"]) > 0.5
    assert any("board outline uncertain" in w for w in again.warnings)
    # the daemon's reader does not cap even before it locks: the start it waits for vouches for the layout
    from device.referee import vision_reader

    daemon = vision_reader().reader  # type: ignore[attr-defined]
    assert max(daemon.read(image).extra["point_confidence"]) > 0.5
