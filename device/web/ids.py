"""Match ID and XGID of a position for the page's copy buttons.

The encoders live in ``rules/matchid.py`` and ``rules/xgid.py``; they are imported lazily so the page still works
(without those two buttons) on a checkout that does not have them, and a failure to encode one position never
breaks the state the page is sent.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any, Optional

from rules.errors import RulesError
from rules.position import Position

log = logging.getLogger(__name__)


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def match_id(position: Position, context: dict[str, Any]) -> Optional[str]:
    """GNU Backgammon Match ID for ``position`` with ``context['player']`` on roll, or None if unavailable."""
    module = _module("rules.matchid")
    if module is None:
        return None
    try:
        return _call_match_id(module, context)
    except (RulesError, AttributeError, TypeError, ValueError, KeyError) as exc:
        log.debug("no Match ID: %s", exc)
        return None


def xgid(position: Position, context: dict[str, Any]) -> Optional[str]:
    """eXtreme Gammon's XGID for ``position`` with ``context['player']`` on roll, or None if unavailable."""
    module = _module("rules.xgid")
    if module is None:
        return None
    try:
        return _call_xgid(module, position, context)
    except (RulesError, AttributeError, TypeError, ValueError, KeyError) as exc:
        log.debug("no XGID: %s", exc)
        return None


# gnubg's players 0 and 1: light is player 1 (gnubg's bottom player, XGID's X), dark player 0, unless the
# daemon says otherwise in the context ("numbers": {"light": n, "dark": m}).
DEFAULT_NUMBERS = {"light": 1, "dark": 0}


def _numbers(context: dict[str, Any]) -> dict[str, int]:
    return context.get("numbers") or DEFAULT_NUMBERS


def _fields(context: dict[str, Any]) -> dict[str, Any]:
    """The fields Match ID and XGID share, in gnubg's player numbers."""
    numbers = _numbers(context)
    cube = context.get("cube") or {}
    owner = cube.get("owner")
    dice = [int(d) for d in (context.get("dice") or [])][:2]
    score = context.get("score") or {}
    return {
        "turn": numbers[context["player"]],
        "cube": int(cube.get("value") or 1),
        "cube_owner": numbers[owner] if owner in numbers else None,
        "dice": (dice[0], dice[1]) if len(dice) == 2 else (0, 0),
        "length": int(context.get("match_length") or 0),
        "score": (int(score.get(_side(numbers, 0), 0)), int(score.get(_side(numbers, 1), 0))),
        "crawford": bool(context.get("crawford")),
    }


def _side(numbers: dict[str, int], n: int) -> str:
    return next(side for side, k in numbers.items() if k == n)


def _call_match_id(module: Any, context: dict[str, Any]) -> Optional[str]:
    f = _fields(context)
    return module.MatchState(cube=f["cube"], cube_owner=f["cube_owner"], move=f["turn"], crawford=f["crawford"],
                             turn=f["turn"], dice=f["dice"], length=f["length"], score=f["score"]).match_id()


def _call_xgid(module: Any, position: Position, context: dict[str, Any]) -> Optional[str]:
    f = _fields(context)
    return str(module.XGID(position=position, turn=f["turn"], cube=f["cube"], cube_owner=f["cube_owner"],
                           dice=f["dice"], score=f["score"], length=f["length"], crawford=f["crawford"]))
