"""The one `bgref` command line: each subcommand lives in its own module with `add_parser` and `run`.

A subcommand module defines ``add_parser(subparsers) -> argparse.ArgumentParser`` (which must call
``parser.set_defaults(func=run)``) and ``run(args) -> int``. Bad input anywhere surfaces here as one line on stderr
and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys

# subcommand modules, in the order `bgref --help` lists them
COMMAND_MODULES = [
    "device.commands.demo",
    "device.commands.run",
    "device.commands.replay",
    "device.commands.read",
    "device.commands.dice",
    "device.commands.calibrate",
    "device.commands.eval",
    "device.commands.plays",
    "device.commands.judge",
    "device.commands.export",
    "device.commands.render",
    "device.commands.bench",
]

EXIT_BAD_INPUT = 2


def input_errors() -> tuple[type[BaseException], ...]:
    """The exception types that mean 'the user gave bad input' (exit 2), from every package."""
    from calibration.errors import CalibrationError
    from device.errors import DeviceError
    from rules.errors import RulesError

    return (RulesError, CalibrationError, DeviceError)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bgref",
        description="A camera referee for physical backgammon.",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug detail to stderr")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # not written yet: leave it out of the CLI
                continue
            raise
        module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_BAD_INPUT
    try:
        return int(args.func(args) or 0)
    except input_errors() as exc:
        print(f"bgref {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (FileNotFoundError, IsADirectoryError, PermissionError) as exc:
        print(f"bgref {args.command}: error: {exc.strerror}: {exc.filename}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
