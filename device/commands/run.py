"""`bgref run`: the referee daemon. Watches the camera, follows the game, announces and stores every event.

Settings come from --config FILE (TOML or YAML; see device/bgref.example.toml) and command-line options, which win.
The match is kept in SQLite; a restart (crash, power cut, `systemctl restart`) resumes the same match. SIGTERM stops
cleanly after the current frame.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from typing import Any

from device.alerts import Alerts
from device.config import load_config
from device.events import EventWriter
from device.pipeline import add_reading_options, add_web_options, load_calibration, make_reader, start_web
from device.referee import Referee
from device.sources import open_source
from device.store import Store
from device.tracker import GameTracker

log = logging.getLogger("bgref.run")


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("run", help="the referee daemon: watch the camera and referee the match",
                                   description=__doc__)
    parser.add_argument("--config", metavar="FILE", default=None, help="settings file (TOML or YAML)")
    parser.add_argument("--source", metavar="SPEC", default=None,
                        help="picamera, a webcam number, an rtsp/http URL, a video file, a folder, or sim:SPEC")
    parser.add_argument("--db", metavar="FILE", default=None, help="SQLite database of the match")
    parser.add_argument("--events", metavar="FILE", default=None, help="JSON Lines events: '-' (stdout) or a file")
    parser.add_argument("--new-match", action="store_true", help="start a new match instead of resuming")
    parser.add_argument("--alert-command", metavar="CMD", default=None,
                        help="command run on every alert, with the event as JSON on its stdin")
    parser.add_argument("--no-bell", action="store_true", help="no terminal bell on alerts")
    add_reading_options(parser)
    add_web_options(parser)
    parser.set_defaults(func=run)
    return parser


def _settings(args: argparse.Namespace) -> Any:
    config = load_config(args.config)
    config.override("source", "spec", args.source)
    config.override("source", "fps", args.fps)
    config.override("referee", "calibration", args.calibration)
    config.override("referee", "match_length", args.match_length)
    config.override("referee", "database", args.db)
    config.override("referee", "events", args.events)
    config.override("alerts", "command", args.alert_command)
    if args.no_bell:
        config.override("alerts", "bell", False)
    if args.serve:
        config.override("web", "serve", True)
    config.override("web", "listen", args.listen)
    config.override("web", "port", args.port)
    config.override("web", "token", args.token)
    return config


def run(args: argparse.Namespace) -> int:
    config = _settings(args)
    get = config.get
    calibration, seat = load_calibration(get("referee", "calibration") or None)
    # the camera first: a source that cannot be opened must not leave an empty match behind
    source = open_source(get("source", "spec"), fps=get("source", "fps"), oracle=args.oracle,
                         width=get("source", "width"), height=get("source", "height"),
                         lores=(get("source", "lores_width"), get("source", "lores_height")),
                         camera_num=get("source", "camera_num"))
    store = Store(get("referee", "database"))
    match_length = get("referee", "match_length")
    opened = None if args.new_match else store.open_match()
    if opened is not None and opened[2] is not None:
        match_id, stored_length, snapshot = opened
        tracker = GameTracker.restore(snapshot, light_seat=args.light_seat or seat)
        log.info("resuming match %d (game %d, score light %d - dark %d)", match_id, tracker.state.game,
                 tracker.state.score["light"], tracker.state.score["dark"])
    else:
        match_id = opened[0] if opened is not None else store.new_match(match_length, get("source", "spec"))
        tracker = GameTracker(match_length=match_length, light_seat=args.light_seat or seat)
        log.info("new match %d (%s)", match_id, f"{match_length} points" if match_length else "money play")
    writer = EventWriter(get("referee", "events"))
    alerts = Alerts(bell=get("alerts", "bell") and sys.stderr.isatty(), command=get("alerts", "command"),
                    buzzer_pin=get("alerts", "buzzer_pin"), led_pin=get("alerts", "led_pin"))
    referee = Referee(source, make_reader(args.oracle, calibration), tracker, store=store, match_id=match_id,
                      publishers=[writer, alerts], agree=get("referee", "agree_reads"),
                      still_frames=get("referee", "still_frames"))
    server = None
    if get("web", "serve"):
        server = start_web(referee, get("web", "listen"), get("web", "port"), get("web", "token"),
                           get("web", "read_token"))
    stop = lambda *_: referee.stop()  # noqa: E731
    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGHUP)}
    if opened is not None and opened[2] is not None:
        missed = referee.announce_unannounced()
        if missed:
            log.info("announced %d event(s) stored but not announced before the last stop", missed)
    log.info("refereeing from %s", source.description)
    try:
        frames = referee.run()
    except KeyboardInterrupt:
        frames = referee.frames_seen
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if server is not None:
            server.stop()
        writer.close()
        alerts.close()
        store.close()
    log.info("stopped after %d frames", frames)
    return 0
