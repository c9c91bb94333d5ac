"""The live web page served by the daemon (``bgref run --serve``, ``bgref replay --serve``).

Use :class:`device.web.server.WebServer`; it is imported lazily here so importing ``device.web`` stays cheap.
"""

from __future__ import annotations

from typing import Any

__all__ = ["WebServer"]


def __getattr__(name: str) -> Any:
    if name == "WebServer":
        from device.web.server import WebServer

        return WebServer
    raise AttributeError(name)
