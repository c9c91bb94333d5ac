"""The alert hook: something players notice at once when a play is illegal or a roll must be repeated.

Any of: the terminal bell, a buzzer and/or LED on GPIO pins through gpiozero (imported only when pins are given, so
machines without it are fine), and a command run with the event as JSON on its stdin (play a sound, send a
message). A failing alert is logged, never fatal: the referee goes on.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import threading
from typing import Any

from device.events import is_alert

log = logging.getLogger(__name__)


class Alerts:
    """A publisher that reacts only to alert-worthy events (illegal plays, re-rolls, flagged warnings)."""

    def __init__(self, bell: bool = False, command: str = "", buzzer_pin: int = -1, led_pin: int = -1,
                 beep_seconds: float = 0.4) -> None:
        self.bell = bell
        self.command = command
        self.beep_seconds = beep_seconds
        self.buzzer: Any = None
        self.led: Any = None
        self.fired = 0
        if buzzer_pin >= 0 or led_pin >= 0:
            try:
                import gpiozero  # type: ignore[import-not-found]
            except ImportError:
                log.warning("gpiozero is not installed: no buzzer or LED alerts")
            else:
                try:
                    if buzzer_pin >= 0:
                        self.buzzer = gpiozero.Buzzer(buzzer_pin)
                    if led_pin >= 0:
                        self.led = gpiozero.LED(led_pin)
                except Exception as exc:  # no GPIO on this machine, pin busy
                    log.warning("GPIO alerts unavailable: %s", exc)

    def publish(self, event: dict[str, Any]) -> None:
        if not is_alert(event):
            return
        self.fired += 1
        if self.bell:
            try:
                sys.stderr.write("\a")
                sys.stderr.flush()
            except Exception:
                pass
        for device in (self.buzzer, self.led):
            if device is not None:
                try:
                    device.blink(on_time=self.beep_seconds, off_time=self.beep_seconds, n=2, background=True)
                except Exception as exc:
                    log.warning("GPIO alert failed: %s", exc)
        if self.command:
            threading.Thread(target=self._run_command, args=(event,), daemon=True).start()

    def _run_command(self, event: dict[str, Any]) -> None:
        try:
            subprocess.run(self.command, shell=True, input=json.dumps(event), text=True, timeout=30,
                           check=False, capture_output=True)
        except Exception as exc:
            log.warning("alert command %r failed: %s", self.command, exc)

    def frame(self, image: Any, observation: Any) -> None:
        pass

    def close(self) -> None:
        for device in (self.buzzer, self.led):
            if device is not None:
                try:
                    device.close()
                except Exception:
                    pass
