"""Output faults: an events file on a full disk or a closed stream never stops the referee."""

from __future__ import annotations

import io
import logging

from device.events import EventWriter


def test_an_events_file_on_a_full_disk_warns_once_and_the_log_lines_go_on(caplog):
    caplog.set_level(logging.INFO, logger="bgref.events")
    writer = EventWriter("/dev/full", log_lines=True)  # every write: ENOSPC, as on a full disk
    for frame in range(3):
        writer.publish({"frame": frame, "t": 0.1 * frame, "type": "roll", "player": "light", "dice": [4, 2]})
    assert writer.failing
    writer.close()  # the unflushed lines are a warning, not an exception
    warnings = [r for r in caplog.records if "cannot write" in r.getMessage()]
    assert len(warnings) == 1 and "No space left" in warnings[0].getMessage()
    assert sum("light rolls 4-2" in r.getMessage() for r in caplog.records) == 3  # still told in the log


def test_a_closed_stream_is_a_warning_and_writing_resumes_when_it_can(caplog):
    caplog.set_level(logging.WARNING, logger="bgref.events")
    stream = io.StringIO()
    writer = EventWriter(stream, log_lines=False)
    stream.close()
    writer.publish({"frame": 1, "t": 0.1, "type": "roll"})
    assert writer.failing and "cannot write" in caplog.text
    writer.stream = io.StringIO()
    writer.publish({"frame": 2, "t": 0.2, "type": "roll"})
    assert not writer.failing and '"frame": 2' in writer.stream.getvalue() and "writable again" in caplog.text
