"""The daemon's settings: one TOML (or YAML) file, validated key by key, so a typo fails loudly at start.

Every key is listed in :data:`SCHEMA` with its type, default and meaning; ``device/bgref.example.toml`` is the
documented sample. Command-line options override the file (see ``Config.override``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from device.errors import DeviceError


@dataclass(frozen=True)
class Key:
    """One setting: its type(s), default and the line of documentation the sample file carries."""

    types: tuple[type, ...]
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None


SCHEMA: dict[str, dict[str, Key]] = {
    "source": {
        "spec": Key((str,), "picamera",
                    "camera: 'picamera' (Pi camera), a webcam index like '0', an rtsp:// or http:// URL, "
                    "a video file, a folder of frames, or 'sim:SPEC' (simulated camera)"),
        "fps": Key((int, float), 10.0, "frames per second to take (folder sources: the recording's rate)",
                   minimum=0.1),
        "width": Key((int,), 1280, "main (reading) stream width in pixels", minimum=64),
        "height": Key((int,), 720, "main (reading) stream height in pixels", minimum=48),
        "lores_width": Key((int,), 320, "picamera: low-resolution motion stream width", minimum=32),
        "lores_height": Key((int,), 240, "picamera: low-resolution motion stream height", minimum=24),
        "camera_num": Key((int,), 0, "picamera: which camera connector", minimum=0),
    },
    "referee": {
        "calibration": Key((str,), "", "calibration file from `bgref calibrate` ('' = calibrate from the "
                                        "starting position)"),
        "match_length": Key((int,), 0, "points to win the match (0 = money game, one game after another)",
                            minimum=0),
        "database": Key((str,), "bgref.sqlite3", "SQLite file keeping every play, cube action and score"),
        "events": Key((str,), "-", "where JSON Lines events go: '-' for stdout, or a file appended to"),
        "still_frames": Key((int,), 1, "frames without motion needed before a frame is read", minimum=1),
        "agree_reads": Key((int,), 2, "consecutive agreeing reads needed to accept a reading", minimum=1),
    },
    "alerts": {
        "bell": Key((bool,), True, "ring the terminal bell on an illegal play or re-roll"),
        "command": Key((str,), "", "shell command run on every alert; the event JSON is on its stdin"),
        "buzzer_pin": Key((int,), -1, "GPIO pin of a buzzer driven through gpiozero (-1 = none)", minimum=-1),
        "led_pin": Key((int,), -1, "GPIO pin of an LED driven through gpiozero (-1 = none)", minimum=-1),
    },
    "web": {
        "serve": Key((bool,), False, "serve the live web page"),
        "listen": Key((str,), "127.0.0.1", "address the web page listens on (anything but loopback needs a token)"),
        "port": Key((int,), 8080, "port of the web page", minimum=1),
        "token": Key((str,), "", "token for corrections and dismissals from the page ('' = none on loopback, generated and printed otherwise)"),
        "read_token": Key((str,), "", "token needed to view the page and its API too ('' = the view is open)"),
    },
}


@dataclass
class Config:
    """Validated settings, section -> key -> value, defaults filled in."""

    values: dict[str, dict[str, Any]] = field(default_factory=lambda: {
        section: {name: key.default for name, key in keys.items()} for section, keys in SCHEMA.items()})
    path: str | None = None

    def get(self, section: str, name: str) -> Any:
        return self.values[section][name]

    def override(self, section: str, name: str, value: Any) -> None:
        """Set one key from the command line (None means 'not given': keep the file's value)."""
        if value is None:
            return
        self.values[section][name] = _check(section, name, value, "the command line")


def _check(section: str, name: str, value: Any, where: str) -> Any:
    key = SCHEMA[section][name]
    if isinstance(value, bool) and bool not in key.types:
        raise DeviceError(f"{where}: [{section}] {name} must be {_type_names(key)}, not {value!r}")
    if not isinstance(value, key.types):
        raise DeviceError(f"{where}: [{section}] {name} must be {_type_names(key)}, not {value!r}")
    if key.choices is not None and value not in key.choices:
        raise DeviceError(f"{where}: [{section}] {name} must be one of {list(key.choices)}, not {value!r}")
    if key.minimum is not None and not isinstance(value, bool) and value < key.minimum:
        raise DeviceError(f"{where}: [{section}] {name} must be at least {key.minimum}, not {value!r}")
    if float in key.types and isinstance(value, int):
        value = float(value)
    return value


def _type_names(key: Key) -> str:
    names = {bool: "true or false", int: "an integer", float: "a number", str: "a string"}
    return " or ".join(dict.fromkeys(names[t] for t in key.types))


def _parse(path: Path) -> dict[str, Any]:
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() in (".yaml", ".yml"):
        try:
            import yaml
        except ImportError:
            raise DeviceError(f"config {path}: YAML needs the PyYAML package; use TOML instead") from None
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise DeviceError(f"config {path}: not valid YAML: {exc}".splitlines()[0]) from None
        if data is None:
            data = {}
    else:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise DeviceError(f"config {path}: not valid TOML: {exc}") from None
    if not isinstance(data, dict):
        raise DeviceError(f"config {path}: the top level must be a table of sections")
    return data


def load_config(path: str | Path | None) -> Config:
    """Read and validate a config file; None gives the defaults. Unknown sections or keys are errors."""
    config = Config()
    if path is None:
        return config
    path = Path(path)
    if not path.is_file():
        raise DeviceError(f"config {path}: no such file")
    data = _parse(path)
    config.path = str(path)
    for section, table in data.items():
        if section not in SCHEMA:
            raise DeviceError(f"config {path}: unknown section [{section}] (known: {', '.join(SCHEMA)})")
        if not isinstance(table, dict):
            raise DeviceError(f"config {path}: [{section}] must be a table of keys")
        for name, value in table.items():
            if name not in SCHEMA[section]:
                raise DeviceError(f"config {path}: unknown key [{section}] {name} "
                                  f"(known: {', '.join(SCHEMA[section])})")
            config.values[section][name] = _check(section, name, value, f"config {path}")
    return config


def example_toml() -> str:
    """The documented sample config: every key with its default and meaning (device/bgref.example.toml)."""
    lines = ["# bgref daemon settings (`bgref run --config FILE`). Every key is optional; shown with its default."]
    for section, keys in SCHEMA.items():
        lines.append("")
        lines.append(f"[{section}]")
        for name, key in keys.items():
            lines.append(f"# {key.doc}")
            lines.append(f"{name} = {_toml_value(key.default)}")
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(value)
