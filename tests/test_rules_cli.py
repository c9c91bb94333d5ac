"""`bgref plays` and `bgref judge`: the exact output shapes other tools rely on, and bad input as exit 2."""

from __future__ import annotations

import io
import json

import pytest

from device.cli import main
from rules.moves import apply_play
from rules.position import Position

START_ID = "4HPwATDgc/ABMA"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_plays_lines_are_notation_tab_id(capsys):
    code, out, err = run(capsys, "plays", START_ID, "3", "1")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 16
    table = dict(line.split("\t") for line in lines)
    expected = apply_play(Position.start(), [(8, 5), (6, 5)])
    assert table["8/5 6/5"] == expected.position_id()
    for pid in table.values():
        Position.from_position_id(pid)


def test_plays_json(capsys):
    code, out, _ = run(capsys, "plays", "--json", START_ID, "6", "6")
    rows = json.loads(out)
    assert code == 0 and len(rows) == 11 and set(rows[0]) == {"play", "position_id"}
    assert "13/7(4)" in {r["play"] for r in rows}


def test_plays_no_play_keeps_the_id(capsys):
    pos = Position.from_points({6: 2}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, player_bar=1)
    code, out, _ = run(capsys, "plays", pos.position_id(), "6", "6")
    assert code == 0 and out == f"(no play)\t{pos.position_id()}\n"


@pytest.mark.parametrize(
    "argv, words",
    [
        (["plays", "4HPwATDgc/ABM", "3", "1"], "13 characters"),
        (["plays", START_ID, "3", "7"], "outside 1-6"),
        (["plays", START_ID, "x", "1"], "not a number"),
        (["plays", START_ID, "3"], "expected POSITION_ID D1 D2"),
        (["judge", START_ID, "3", "1", "//////////////"], "after"),
        (["judge", START_ID, "0", "1", START_ID], "outside 1-6"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err


def test_judge_legal_and_illegal(capsys):
    after = apply_play(Position.start(), [(8, 5), (6, 5)]).position_id()
    code, out, _ = run(capsys, "judge", START_ID, "3", "1", after)
    assert code == 0 and out == "legal: 8/5 6/5\n"
    code, out, _ = run(capsys, "judge", START_ID, "3", "1", START_ID)
    lines = out.splitlines()
    assert code == 1 and lines[0].startswith("illegal: no checker was moved")
    assert lines[1:] and all(line.startswith("closest: ") for line in lines[1:])


def test_judge_json(capsys):
    after = apply_play(Position.start(), [(8, 5)]).position_id()
    code, out, _ = run(capsys, "judge", "--json", START_ID, "3", "1", after)
    d = json.loads(out)
    assert code == 1
    assert d["legal"] is False and d["play"] is None and d["code"] == "not_whole_roll"
    assert {"legal", "play", "reason", "closest"} <= set(d) and all(isinstance(c, str) for c in d["closest"])


def test_plays_batch_file_echoes_and_keeps_going(capsys, tmp_path):
    f = tmp_path / "req.txt"
    f.write_text(f"{START_ID} 3 1\nnot-an-id 1 2\n\n{START_ID} 6 6\n")
    code, out, _ = run(capsys, "plays", "--batch", str(f))
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and len(rows) == 3
    assert rows[0]["position_id"] == START_ID and rows[0]["dice"] == [3, 1] and len(rows[0]["plays"]) == 16
    assert "error" in rows[1] and "not-an-id" in rows[1]["error"]
    assert rows[2]["dice"] == [6, 6] and len(rows[2]["plays"]) == 11


def test_judge_batch_stdin(capsys, monkeypatch):
    legal = apply_play(Position.start(), [(24, 18), (13, 8)]).position_id()
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{START_ID} 6 5 {legal}\n{START_ID} 6 5 {START_ID}\n"))
    code, out, _ = run(capsys, "judge", "--batch", "-")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(rows) == 2
    assert rows[0]["after"] == legal and rows[0]["legal"] is True and rows[0]["play"] == "24/18 13/8"
    assert rows[1]["legal"] is False and rows[1]["code"] == "no_play_made" and rows[1]["dice"] == [6, 5]
