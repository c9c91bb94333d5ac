"""Batch mode shared by `bgref plays` and `bgref judge`: one request per line in, one JSON object per line out.

Why one place: both commands promise the same contract (requests echoed, a bad line becomes an object with
"error" and the rest go on, exit 2 at the end if any line was bad).
"""

from __future__ import annotations

import json
import sys
from typing import Callable, TextIO

from rules.errors import RulesError
from rules.requests import Request, parse_request

EXIT_BAD_INPUT = 2


def _open(path: str) -> TextIO:
    return sys.stdin if path == "-" else open(path, encoding="utf-8")


def run_batch(path: str, with_after: bool, answer: Callable[[Request], dict]) -> int:
    """Answer every non-blank, non-comment line of ``path`` (``-`` = stdin); 2 if any line was bad, else 0."""
    bad = False
    out = sys.stdout
    fh = _open(path)
    try:
        for lineno, line in enumerate(fh, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                req = parse_request(text, with_after)
            except RulesError as exc:
                bad = True
                fields = text.split()
                obj: dict = {"line": lineno, "position_id": fields[0] if fields else None,
                             "dice": fields[1:3] or None}
                if with_after:
                    obj["after"] = fields[3] if len(fields) > 3 else None
                obj["error"] = f"line {lineno}: {exc}"
            else:
                obj = {"line": lineno, "position_id": req.position_id, "dice": list(req.dice)}
                if with_after:
                    obj["after"] = req.after_id
                obj.update(answer(req))
            out.write(json.dumps(obj) + "\n")
    finally:
        if fh is not sys.stdin:
            fh.close()
    out.flush()
    return EXIT_BAD_INPUT if bad else 0
