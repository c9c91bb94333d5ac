"""The daemon's settings file: every key documented, typos and wrong types fail with one clear line."""

from __future__ import annotations

import tomllib

import pytest

from device.cli import main
from device.config import SCHEMA, example_toml, load_config
from device.errors import DeviceError


def test_defaults_without_a_file():
    config = load_config(None)
    assert config.get("source", "fps") == 10.0
    assert config.get("referee", "match_length") == 0


def test_the_example_file_documents_every_key_and_loads(tmp_path):
    text = example_toml()
    data = tomllib.loads(text)
    assert {s: set(k) for s, k in data.items()} == {s: set(k) for s, k in SCHEMA.items()}
    assert text.count("\n# ") >= sum(len(k) for k in SCHEMA.values())
    path = tmp_path / "bgref.toml"
    path.write_text(text)
    assert load_config(path).values == load_config(None).values


def test_the_committed_example_is_up_to_date():
    from pathlib import Path

    committed = Path(__file__).resolve().parent.parent / "device" / "bgref.example.toml"
    assert committed.read_text() == example_toml()


def test_values_are_read_and_ints_become_floats_where_numbers_are_wanted(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[source]\nspec = "0"\nfps = 15\n[referee]\nmatch_length = 7\n')
    config = load_config(path)
    assert config.get("source", "spec") == "0"
    assert config.get("source", "fps") == 15.0 and isinstance(config.get("source", "fps"), float)
    assert config.get("referee", "match_length") == 7


def test_yaml_works_too(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("source:\n  spec: sim:demo\nalerts:\n  bell: false\n")
    config = load_config(path)
    assert config.get("source", "spec") == "sim:demo" and config.get("alerts", "bell") is False


@pytest.mark.parametrize("text,words", [
    ('[sourse]\nspec = "0"\n', ["unknown section", "[sourse]"]),
    ('[source]\nfsp = 3\n', ["unknown key", "fsp"]),
    ('[source]\nfps = "fast"\n', ["[source] fps", "a number"]),
    ('[referee]\nmatch_length = true\n', ["match_length", "an integer"]),
    ('[referee]\nmatch_length = -1\n', ["match_length", "at least 0"]),
    ('[source\nspec = 1\n', ["not valid TOML"]),
])
def test_bad_files_name_what_and_where(tmp_path, text, words):
    path = tmp_path / "c.toml"
    path.write_text(text)
    with pytest.raises(DeviceError) as info:
        load_config(path)
    message = str(info.value)
    assert str(path) in message
    for word in words:
        assert word in message


def test_bgref_run_with_a_bad_config_exits_2_with_one_line(tmp_path, capsys):
    path = tmp_path / "c.toml"
    path.write_text('[web]\nport = "eighty"\n')
    assert main(["run", "--config", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "port" in err[0] and str(path) in err[0]


def test_command_line_options_override_the_file(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[source]\nspec = "0"\n')
    config = load_config(path)
    config.override("source", "spec", "/frames")
    config.override("source", "fps", None)
    assert config.get("source", "spec") == "/frames" and config.get("source", "fps") == 10.0
    with pytest.raises(DeviceError, match="command line"):
        config.override("web", "port", "x")
