"""The page server (device.web.server) over real HTTP: state, live events, frames, tokens, static-file confinement."""

from __future__ import annotations

import http.client
import json
import socket
from typing import Any, Optional

import cv2
import numpy as np
import pytest

from device.errors import DeviceError
from device.web.security import AccessPolicy, is_loopback
from device.web.server import STATIC_DIR, WebServer
from test_web_view import illegal_events, opening_events


class Referee:
    """Records what the page asks of the referee, as the daemon's referee would log it."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any, Any]] = []

    def correct_position(self, position_id: str, by: Optional[str] = None) -> None:
        self.calls.append(("correct", position_id, by))

    def dismiss_alert(self, alert_id: Any, by: Optional[str] = None) -> None:
        self.calls.append(("dismiss", alert_id, by))


@pytest.fixture
def serve():
    servers: list[WebServer] = []

    def make(**kwargs: Any) -> WebServer:
        server = WebServer(port=0, **kwargs)
        server.start()
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.stop()


def request(server: WebServer, path: str, method: str = "GET", body: Any = None,
            headers: Optional[dict[str, str]] = None) -> tuple[int, bytes, dict[str, str]]:
    """Send the path exactly as written (no client-side normalisation of '..')."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    data = None
    hdrs = dict(headers or {})
    if body is not None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        hdrs.setdefault("Content-Type", "application/json")
    conn.request(method, path, body=data, headers=hdrs)
    res = conn.getresponse()
    out = res.status, res.read(), {k.lower(): v for k, v in res.getheaders()}
    conn.close()
    return out


def test_state_after_a_list_of_events(serve):
    server = serve()
    for event in opening_events() + illegal_events():
        server.publish(event)
    status, body, headers = request(server, "/api/state")
    assert status == 200 and headers["content-type"].startswith("application/json")
    state = json.loads(body)
    assert state["seq"] == 5
    assert [m["type"] for m in state["moves"]] == ["setup", "opening_roll", "play", "roll", "play"]
    assert state["open_alerts"] and state["alerts"][0]["kind"] == "illegal"


def test_pages_and_static_files_are_served(serve):
    server = serve()
    for path, marker in [("/", b'id="board"'), ("/stream", b'class="stream"'), ("/static/board.js", b"renderBoard")]:
        status, body, _ = request(server, path)
        assert status == 200, path
        assert marker in body, path


@pytest.mark.parametrize("path", [
    "/static/../server.py",
    "/static/%2e%2e/server.py",
    "/static/..%2fserver.py",
    "/static/%2e%2e%2fserver.py",
    "/static/../../../../../../etc/passwd",
    "/static//etc/passwd",
    "/static/%2fetc%2fpasswd",
    "/../device/web/server.py",
    "/static/",
])
def test_nothing_outside_the_static_folder_is_served(serve, path):
    server = serve()
    status, body, _ = request(server, path)
    assert status != 200, path
    assert b"WebServer" not in body and b"root:" not in body


def test_live_events_push_the_new_state(serve):
    server = serve()
    server.publish(opening_events()[0])
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sock.sendall(b"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    stream = sock.makefile("rb")

    def next_state() -> dict:
        for raw in stream:
            line = raw.decode().strip()
            # chunked transfer: payload lines are mixed with chunk sizes; pick our data lines
            if line.startswith("data: "):
                return json.loads(line[6:])
        raise AssertionError("stream ended")

    assert next_state()["seq"] == 1  # the whole state at once on connecting
    server.publish(opening_events()[1])
    state = next_state()
    assert state["seq"] == 2 and state["on_roll"] == "light"
    sock.close()


def test_frames_are_kept_only_while_watched_and_at_reduced_size(serve):
    server = serve()
    server.frames.min_interval = 3600.0  # deterministic: one frame kept per hour at most
    image = np.zeros((1080, 1920, 3), np.uint8)
    cv2.rectangle(image, (100, 100), (600, 400), (0, 0, 255), -1)
    obs = {"board": {"found": True, "corners": [[1, 2], [3, 4], [5, 6], [7, 8]]}, "dice": []}
    server.frame(image, obs)
    assert server.frames.kept == 0  # nobody watches: the Pi does no work
    status, body, _ = request(server, "/api/frame")
    assert status == 200 and json.loads(body)["seq"] is None
    for _ in range(5):
        server.frame(image, obs)
    assert server.frames.kept == 1  # throttled
    meta = json.loads(request(server, "/api/frame")[1])
    assert meta["width"] == 1920 and meta["height"] == 1080  # the observation's pixel space
    assert meta["observation"]["board"]["corners"][0] == [1, 2]
    status, body, headers = request(server, "/api/frame.jpg")
    assert status == 200 and headers["content-type"] == "image/jpeg"
    decoded = cv2.imdecode(np.frombuffer(body, np.uint8), cv2.IMREAD_COLOR)
    assert decoded.shape[1] <= 960
    b, g, r = decoded[int(250 * decoded.shape[0] / 1080), int(350 * decoded.shape[1] / 1920)]
    assert r > 200 and g < 60 and b < 60


def test_actions_need_the_token(serve):
    referee = Referee()
    server = serve(token="s3cret-token", referee=referee)
    for event in opening_events() + illegal_events():
        server.publish(event)
    alert_id = server.state()["alerts"][0]["id"]
    good_id = server.state()["position"]["position_id"]

    status, body, _ = request(server, "/api/correct", "POST", {"position_id": good_id})
    assert status == 401 and b"token" in body
    status, _, _ = request(server, "/api/dismiss", "POST", {"alert_id": alert_id},
                           headers={"X-Bgref-Token": "wrong"})
    assert status == 403
    status, _, _ = request(server, "/api/dismiss?token=wrong", "POST", {"alert_id": alert_id})
    assert status == 403
    assert referee.calls == []  # nothing reached the referee
    assert server.state()["open_alerts"] == [alert_id]

    status, body, _ = request(server, "/api/dismiss", "POST", {"alert_id": alert_id, "by": "TD"},
                              headers={"X-Bgref-Token": "s3cret-token"})
    assert status == 200, body
    assert referee.calls == [("dismiss", alert_id, "TD")]
    assert server.state()["open_alerts"] == []

    status, body, _ = request(server, "/api/correct?token=s3cret-token", "POST",
                              {"position_id": good_id, "by": "TD"})
    assert status == 200, body
    assert referee.calls[-1] == ("correct", good_id, "TD")
    assert server.state()["moves"][-1]["type"] == "correction"


def test_actions_refuse_cross_site_and_non_json(serve):
    referee = Referee()
    server = serve(referee=referee)  # loopback, no token: actions are open to this machine only
    good_id = "4HPwATDgc/ABMA"
    status, _, _ = request(server, "/api/correct", "POST", {"position_id": good_id},
                           headers={"Origin": "http://evil.example"})
    assert status == 403
    status, _, _ = request(server, "/api/correct", "POST", b"position_id=4HPwATDgc/ABMA",
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 415
    assert referee.calls == []
    status, _, _ = request(server, "/api/correct", "POST", {"position_id": good_id},
                           headers={"Origin": f"http://127.0.0.1:{server.port}"})
    assert status == 200 and referee.calls == [("correct", good_id, "director")]


def test_bad_corrections_name_the_fault(serve):
    server = serve(referee=Referee())
    status, body, _ = request(server, "/api/correct", "POST", {"position_id": "nonsense"})
    assert status == 400 and b"nonsense" in body
    status, body, _ = request(server, "/api/dismiss", "POST", {"alert_id": 12345})
    assert status == 404 and b"12345" in body
    status, body, _ = request(server, "/api/correct", "POST", b"{not json")
    assert status == 400


def test_without_a_referee_the_page_is_read_only(serve):
    server = serve()
    status, body, _ = request(server, "/api/correct", "POST", {"position_id": "4HPwATDgc/ABMA"})
    assert status == 503 and b"read-only" in body


def test_read_token_protects_the_view(serve):
    server = serve(token="act", read_token="look")
    for path in ("/", "/stream", "/api/state", "/api/frame"):
        assert request(server, path)[0] == 401, path
        assert request(server, path + "?token=look")[0] == 200, path
        assert request(server, path, headers={"X-Bgref-Token": "act"})[0] == 200, path


def test_lan_address_makes_a_token_mandatory():
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.20") and not is_loopback("")
    policy = AccessPolicy.for_host("0.0.0.0", None, None)
    assert policy.generated and policy.action_token and len(policy.action_token) >= 16
    assert not policy.may_act(None) and not policy.may_act("guess") and policy.may_act(policy.action_token)
    assert AccessPolicy.for_host("0.0.0.0", None, None).action_token != policy.action_token
    assert WebServer(host="192.168.1.20").token  # generated before start, printed by start()
    assert WebServer(host="127.0.0.1").token is None


def test_busy_port_is_a_clear_error(serve):
    first = serve()
    second = WebServer(port=first.port)
    with pytest.raises(DeviceError, match=str(first.port)):
        second.start()


def test_stop_closes_the_port(serve):
    server = serve()
    port = server.port
    server.stop()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


def test_static_folder_holds_only_page_files():
    allowed = {".html", ".js", ".css", ".svg"}
    assert {p.suffix for p in STATIC_DIR.iterdir()} <= allowed


def test_match_download_as_mat(serve):
    pytest.importorskip("device.matexport", reason="device/matexport.py not in this checkout")
    server = serve()
    for event in opening_events():
        server.publish(event)
    status, body, headers = request(server, "/api/match.mat")
    assert status == 200 and "attachment" in headers["content-disposition"]
    text = body.decode()
    assert "point match" in text.strip().splitlines()[0]
    assert "31: 8/5 6/5" in text


def test_loopback_server_refuses_other_host_names(serve):
    """A page that re-points its own name at 127.0.0.1 (DNS rebinding) cannot reach the referee."""
    referee = Referee()
    server = serve(referee=referee)
    evil = {"Host": f"evil.example:{server.port}", "Origin": f"http://evil.example:{server.port}"}
    assert request(server, "/api/state", headers={"Host": evil["Host"]})[0] == 421
    status, _, _ = request(server, "/api/correct", "POST", {"position_id": "4HPwATDgc/ABMA"}, headers=evil)
    assert status == 421 and referee.calls == []
    assert request(server, "/api/state", headers={"Host": f"localhost:{server.port}"})[0] == 200


def test_page_lists_only_the_game_in_progress(serve):
    server = serve()
    for event in opening_events():
        server.publish(event)
    server.publish({"type": "game_end", "winner": "light", "kind": "single", "points": 1,
                    "score": {"light": 1, "dark": 0}})
    assert server.state()["moves"][-1]["type"] == "game_end"  # the finished game stays until the next starts
    for event in opening_events():
        server.publish(event)
    state = server.state()
    assert state["game"] == 2 and {m["game"] for m in state["moves"]} == {2}
    assert state["score"] == {"light": 1, "dark": 0}


def test_stop_with_a_page_still_listening():
    server = WebServer(port=0)
    server.start()
    thread = server._thread
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sock.sendall(b"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert b"data: " in sock.recv(65536) or b"data: " in sock.recv(65536)
    server.stop()  # must not wait for the page to go away
    assert thread is not None and not thread.is_alive()
    sock.settimeout(5)
    rest = b""
    while chunk := sock.recv(65536):  # the server closed the stream
        rest += chunk
    sock.close()
