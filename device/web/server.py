"""The live page's web server: aiohttp in its own thread, fed by the daemon through thread-safe calls.

The daemon's own loop must never wait on a browser, so the server runs aiohttp on a private event loop in a
daemon thread. ``publish`` (events) and ``frame`` (camera images) may be called from any thread: the state is
updated under a lock and the new state is handed to the server's loop with ``call_soon_threadsafe``.

Routes:
  GET  /                 the page (diagram, camera overlay, move list, alerts, IDs, director's panel)
  GET  /stream           the diagram alone on a transparent background, for OBS
  GET  /static/...       the page's own files, from the package's ``static`` folder only
  GET  /api/state        the whole match view (see :class:`device.web.match_view.MatchView`)
  GET  /api/events       server-sent events: the whole state again after every change
  GET  /api/frame        the latest camera frame's observation and size; GET /api/frame.jpg its image
  GET  /api/match.mat    the match so far as a .mat file (``device.matexport`` over the events published so far)
  POST /api/correct      {"position_id", "by"}: a director's correction, passed to ``referee.correct_position``
  POST /api/dismiss      {"alert_id", "by"}: dismiss an alert, passed to ``referee.dismiss_alert``
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import threading
from pathlib import Path
from typing import Any, Awaitable, Callable, Optional

from aiohttp import web

from device.errors import DeviceError
from device.web import security
from device.web.frames import FrameStore
from device.web.match_view import MatchView
from rules.errors import RulesError
from rules.position import Position

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).resolve().parent / "static"
HEARTBEAT_S = 15.0
MAX_BODY = 16 * 1024

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class _Client:
    """One page listening on /api/events. Each message is the full state, so only the latest one matters:
    a slow phone skips states instead of queueing them."""

    def __init__(self) -> None:
        self.ready = asyncio.Event()
        self.message: Optional[bytes] = None
        self.closed = False

    def offer(self, message: Optional[bytes]) -> None:
        if message is None:
            self.closed = True
        else:
            self.message = message
        self.ready.set()


def _sse(state_json: str) -> bytes:
    return f"event: state\ndata: {state_json}\n\n".encode()


class WebServer:
    """The page server the daemon starts with ``--serve``.

    ``token`` guards every action that changes something; when listening beyond loopback without one, one is
    generated and printed at start. ``read_token`` (optional) guards the view too. ``referee`` receives
    corrections (``correct_position(position_id, by=...)``, ``dismiss_alert(alert_id, by=...)``); None makes the
    page read-only.
    """

    def __init__(self, host: str = "127.0.0.1", port: int = 8080, token: Optional[str] = None,
                 read_token: Optional[str] = None, referee: Any = None) -> None:
        self.host = host
        self.port = port
        self.referee = referee
        self.policy = security.AccessPolicy.for_host(host, token, read_token)
        self.view = MatchView()
        self.frames = FrameStore()
        self._lock = threading.Lock()
        self._state_json = json.dumps(self.view.to_dict())
        self._state_seq = self.view.seq  # the view.seq _state_json was made at
        self._pushed_seq = -1  # the view.seq last pushed to the pages
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._clients: set[_Client] = set()
        self._thread: Optional[threading.Thread] = None
        self._runner: Optional[web.AppRunner] = None
        self._stopping: Optional[asyncio.Event] = None
        self._corrections_seen = 0
        self._events: list[dict[str, Any]] = []  # every event as published: the .mat download is built from them

    @property
    def token(self) -> Optional[str]:
        """The token actions need (the configured one or the one generated at start), or None if open."""
        return self.policy.action_token

    @property
    def url(self) -> str:
        host = self.host if ":" not in self.host else f"[{self.host}]"
        return f"http://{host}:{self.port}/"

    # ------------------------------------------------------------------------------------ daemon side
    def publish(self, event: dict[str, Any]) -> None:
        """Record one referee event and have the new state pushed to every open page. Safe from any thread.

        Only the cheap part runs on the caller's (the referee's) thread: the state is serialised on the server's
        thread, once for a burst of events, and not at all while no page is open."""
        with self._lock:
            self._events.append(dict(event))
            self.view.apply(event)
            if event.get("type") == "correction":
                self._corrections_seen += 1
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._push)
            except RuntimeError:  # loop closed between the check and the call: the server is stopping
                pass

    def _current_json(self) -> str:
        """The state as JSON, serialised again only if an event came since."""
        with self._lock:
            if self._state_seq != self.view.seq:
                self._state_json = json.dumps(self.view.to_dict(), default=str)
                self._state_seq = self.view.seq
            return self._state_json

    def frame(self, image_bgr: Any, observation: Any = None) -> None:
        """Offer the latest camera image and its observation; cheap unless a page is watching the camera."""
        self.frames.offer(image_bgr, observation)

    def state(self) -> dict[str, Any]:
        return json.loads(self._current_json())

    # ------------------------------------------------------------------------------------- lifecycle
    def start(self) -> None:
        """Serve in a background thread; return once listening. Raise DeviceError if the address cannot be used."""
        if self._thread is not None:
            return
        ready = threading.Event()
        failure: list[BaseException] = []
        self._thread = threading.Thread(target=self._serve, args=(ready, failure), name="bgref-web", daemon=True)
        self._thread.start()
        ready.wait(30)
        if failure:
            self._thread.join(5)
            self._thread = None
            exc = failure[0]
            raise DeviceError(f"web server: cannot listen on {self.host}:{self.port}: "
                              f"{getattr(exc, 'strerror', None) or exc}") from None
        log.info("web page at %s", self.url)
        if self.policy.generated:
            # the operator needs this to correct anything from another device
            print(f"bgref web: page at {self.url} ; token for corrections: {self.token} "
                  f"(open {self.url}?token={self.token})", file=sys.stderr, flush=True)

    def stop(self) -> None:
        """Close every connection and stop the thread."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        if self._stopping is not None:
            loop.call_soon_threadsafe(self._stopping.set)
        thread.join(10)
        self._thread = None

    def _serve(self, ready: threading.Event, failure: list[BaseException]) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._main(ready, failure))
        except BaseException as exc:  # noqa: BLE001 - reported to start() through `failure`
            if not ready.is_set():
                failure.append(exc)
            else:
                log.exception("web server stopped")
        finally:
            ready.set()
            self._loop = None
            loop.close()

    async def _main(self, ready: threading.Event, failure: list[BaseException]) -> None:
        self._stopping = asyncio.Event()
        self._loop = asyncio.get_running_loop()
        self._runner = web.AppRunner(self.make_app(), access_log=None, shutdown_timeout=2.0)
        await self._runner.setup()
        try:
            site = web.TCPSite(self._runner, self.host, self.port)
            await site.start()
            addresses = self._runner.addresses
            if addresses and self.port == 0:
                self.port = int(addresses[0][1])
            ready.set()
            await self._stopping.wait()
        finally:
            for client in list(self._clients):
                client.offer(None)
            await self._runner.cleanup()

    def _push(self) -> None:
        """On the server's loop: send the latest state to the open pages, if they have not had it."""
        if not self._clients or self._pushed_seq == self.view.seq:
            return
        message = _sse(self._current_json())
        self._pushed_seq = self._state_seq
        for client in list(self._clients):
            client.offer(message)

    # ------------------------------------------------------------------------------------------ the app
    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._headers_middleware], client_max_size=MAX_BODY)
        app.router.add_get("/", self._page("index.html"))
        app.router.add_get("/stream", self._page("stream.html"))
        app.router.add_get("/api/state", self._get_state)
        app.router.add_get("/api/events", self._get_events)
        app.router.add_get("/api/frame", self._get_frame)
        app.router.add_get("/api/frame.jpg", self._get_frame_jpeg)
        app.router.add_get("/api/match.mat", self._get_mat)
        app.router.add_post("/api/correct", self._post_correct)
        app.router.add_post("/api/dismiss", self._post_dismiss)
        # aiohttp's static route resolves every path and refuses anything outside STATIC_DIR (and symlinks out)
        app.router.add_static("/static/", STATIC_DIR, follow_symlinks=False, show_index=False)
        return app

    @web.middleware
    async def _headers_middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if security.is_loopback(self.host) and not security.loopback_host_header(request.host):
            raise web.HTTPMisdirectedRequest(text="this server only answers to 127.0.0.1 / localhost\n")
        response = await handler(request)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        # the streamer view may be embedded (OBS, a web overlay); the director's page may not (clickjacking)
        ancestors = "*" if request.path == "/stream" else "'none'"
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
            f"connect-src 'self'; frame-ancestors {ancestors}")
        return response

    # ---------------------------------------------------------------------------------------- access
    def _token_of(self, request: web.Request) -> Optional[str]:
        return security.presented_token(request.headers, request.query)

    def _check_read(self, request: web.Request) -> None:
        if not self.policy.may_read(self._token_of(request)):
            raise web.HTTPUnauthorized(text="this page needs its token: open it with ?token=...\n")

    def _check_action(self, request: web.Request) -> None:
        presented = self._token_of(request)
        if not self.policy.may_act(presented):
            if presented:
                raise _json_error(web.HTTPForbidden, "wrong token")
            raise _json_error(web.HTTPUnauthorized, "this action needs the director's token")
        if not security.same_origin(request.headers, request.host):
            raise _json_error(web.HTTPForbidden, "cross-site request refused")
        if request.content_type != "application/json":
            raise _json_error(web.HTTPUnsupportedMediaType, "send the action as application/json")

    # ------------------------------------------------------------------------------------------- pages
    def _page(self, name: str) -> Handler:
        async def handler(request: web.Request) -> web.StreamResponse:
            self._check_read(request)
            return web.FileResponse(STATIC_DIR / name, headers={"Cache-Control": "no-cache"})
        return handler

    async def _get_state(self, request: web.Request) -> web.Response:
        self._check_read(request)
        body = self._current_json()
        return web.Response(text=body, content_type="application/json", headers={"Cache-Control": "no-store"})

    async def _get_events(self, request: web.Request) -> web.StreamResponse:
        self._check_read(request)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store",
                                               "X-Accel-Buffering": "no"})
        await response.prepare(request)
        client = _Client()
        client.offer(_sse(self._current_json()))
        self._clients.add(client)
        try:
            while not client.closed:
                try:
                    await asyncio.wait_for(client.ready.wait(), HEARTBEAT_S)
                except asyncio.TimeoutError:
                    await response.write(b": still here\n\n")
                    continue
                client.ready.clear()
                message, client.message = client.message, None
                if message is not None:
                    await response.write(message)
        except (ConnectionResetError, ConnectionError):
            pass
        finally:
            self._clients.discard(client)
        return response

    async def _get_frame(self, request: web.Request) -> web.Response:
        self._check_read(request)
        self.frames.watch()
        meta = self.frames.meta()
        body: dict[str, Any] = {"seq": None}
        if meta is not None:
            body = {"seq": meta.seq, "t": meta.t, "width": meta.width, "height": meta.height,
                    "observation": meta.observation}
        return web.json_response(body, headers={"Cache-Control": "no-store"})

    async def _get_frame_jpeg(self, request: web.Request) -> web.Response:
        self._check_read(request)
        self.frames.watch()
        result = await asyncio.get_running_loop().run_in_executor(None, self.frames.jpeg)
        if result is None:
            raise web.HTTPNotFound(text="no camera frame yet\n")
        seq, data = result
        return web.Response(body=data, content_type="image/jpeg",
                            headers={"Cache-Control": "no-store", "X-Frame-Seq": str(seq)})

    async def _get_mat(self, request: web.Request) -> web.Response:
        self._check_read(request)
        try:
            text = await asyncio.get_running_loop().run_in_executor(None, self._mat_text)
        except (RulesError, DeviceError) as exc:
            raise _json_error(web.HTTPConflict, str(exc))
        if text is None:
            raise _json_error(web.HTTPNotImplemented, "no .mat export available in this build")
        return web.Response(text=text, content_type="text/plain", charset="utf-8",
                            headers={"Content-Disposition": 'attachment; filename="bgref-match.mat"'})

    def _mat_text(self) -> Optional[str]:
        try:
            from device.matexport import mat_text
        except ImportError:
            return None
        with self._lock:
            events = list(self._events)
            length = self.view.match_length
        return mat_text(events, length)

    # ------------------------------------------------------------------------------------------ actions
    async def _read_json(self, request: web.Request) -> dict[str, Any]:
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError):
            raise _json_error(web.HTTPBadRequest, "the body is not JSON")
        if not isinstance(body, dict):
            raise _json_error(web.HTTPBadRequest, "the body must be a JSON object")
        return body

    def _need_referee(self, method: str) -> Callable[..., Any]:
        fn = getattr(self.referee, method, None)
        if fn is None:
            raise _json_error(web.HTTPServiceUnavailable, "no referee is attached: this page is read-only")
        return fn

    async def _post_correct(self, request: web.Request) -> web.Response:
        self._check_action(request)
        body = await self._read_json(request)
        position_id = str(body.get("position_id", "")).strip()
        by = str(body.get("by") or "director")[:40]
        try:
            Position.from_position_id(position_id)
        except RulesError as exc:
            raise _json_error(web.HTTPBadRequest, str(exc))
        correct = self._need_referee("correct_position")
        with self._lock:
            seen = self._corrections_seen
        await self._call_referee(correct, position_id, by)
        with self._lock:
            published = self._corrections_seen != seen
        if not published:  # the referee did not announce it: show it anyway
            self.publish({"type": "correction", "position_id": position_id, "by": by,
                          "player": body.get("player") if body.get("player") in ("light", "dark") else None})
        log.info("correction by %s: position %s", by, position_id)
        return web.json_response({"ok": True, "position_id": position_id})

    async def _post_dismiss(self, request: web.Request) -> web.Response:
        self._check_action(request)
        body = await self._read_json(request)
        alert_id = body.get("alert_id")
        by = str(body.get("by") or "director")[:40]
        with self._lock:
            alert = self.view.find_alert(alert_id)
        if alert is None:
            raise _json_error(web.HTTPNotFound, f"no alert {alert_id!r}")
        dismiss = self._need_referee("dismiss_alert")
        await self._call_referee(dismiss, alert["id"], by)
        self.publish({"type": "dismiss", "alert_id": alert["id"], "by": by})
        log.info("alert %s dismissed by %s", alert_id, by)
        return web.json_response({"ok": True, "alert_id": alert["id"]})

    async def _call_referee(self, fn: Callable[..., Any], arg: Any, by: str) -> Any:
        """Run a referee method off the server's loop; its input errors become a 400 with its message."""
        def call() -> Any:
            return fn(arg, by=by)
        try:
            return await asyncio.get_running_loop().run_in_executor(None, call)
        except (RulesError, DeviceError, ValueError, KeyError) as exc:
            raise _json_error(web.HTTPBadRequest, str(exc).strip("'\""))


def _json_error(kind: type[web.HTTPException], message: str) -> web.HTTPException:
    return kind(text=json.dumps({"error": message}), content_type="application/json")
