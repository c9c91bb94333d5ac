"""Who may read the page and who may change the match: the tokens and the listening-address policy.

On the loopback address only programs on the Pi itself can connect, so no token is needed (one may still be
configured). Listening on anything else (``--listen`` for the LAN) makes a token mandatory for every action that
changes something: if none is configured one is generated and printed at start. The read-only view is open unless
a read token is configured. Actions also refuse cross-site requests (an ``Origin`` other than the page's own, or a
body that is not JSON), so a web page open in the director's browser cannot post a correction behind their back.
"""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass
from typing import Mapping, Optional

TOKEN_HEADER = "X-Bgref-Token"


def is_loopback(host: str) -> bool:
    """True if ``host`` only accepts connections from this machine."""
    if host in ("localhost", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a host name or "" (all addresses): assume reachable from outside


def new_token() -> str:
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class AccessPolicy:
    """The two tokens in force. ``action_token`` None means actions are open (loopback only);
    ``read_token`` None means the view is open."""

    action_token: Optional[str]
    read_token: Optional[str]
    generated: bool = False  # the action token was made up at start and must be shown to the operator

    @classmethod
    def for_host(cls, host: str, token: Optional[str], read_token: Optional[str]) -> "AccessPolicy":
        if token or is_loopback(host):
            return cls(token or None, read_token or None)
        return cls(new_token(), read_token or None, generated=True)

    def may_read(self, presented: Optional[str]) -> bool:
        # anyone who may change the match may also look at it
        return self.read_token is None or _same(presented, self.read_token) or _same(presented, self.action_token)

    def may_act(self, presented: Optional[str]) -> bool:
        return self.action_token is None or _same(presented, self.action_token)


def _same(presented: Optional[str], expected: Optional[str]) -> bool:
    if not presented or not expected:
        return False
    return secrets.compare_digest(presented.encode(), expected.encode())


def presented_token(headers: Mapping[str, str], query: Mapping[str, str]) -> Optional[str]:
    """The token a request carries: our header, ``Authorization: Bearer``, or ``?token=`` (needed for
    EventSource and <img>, which cannot set headers)."""
    if headers.get(TOKEN_HEADER):
        return headers[TOKEN_HEADER]
    auth = headers.get("Authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return query.get("token") or None


def loopback_host_header(host_header: str) -> bool:
    """True if a request's Host names this machine. A server on loopback refuses any other name: that is how a
    web page that re-points its own domain name at 127.0.0.1 (DNS rebinding) would reach it."""
    if host_header.startswith("["):  # [::1]:8080
        name = host_header[1:].split("]", 1)[0]
    else:
        name = host_header.rsplit(":", 1)[0]
    return is_loopback(name)


def same_origin(headers: Mapping[str, str], host: str) -> bool:
    """False when a browser says the request comes from another site's page."""
    origin = headers.get("Origin")
    if not origin or origin == "null":
        return origin is None
    return origin.split("://", 1)[-1].rstrip("/") == host
