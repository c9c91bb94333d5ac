"""The live page in a real headless Chromium (Debian's /usr/bin/chromium driven by Playwright).

Two ways in: a real ``bgref replay DIR --oracle --serve`` subprocess over a short label-only recording that ends
in an illegal play (the page must show the position and the banner, refuse a dismissal without the token and
accept it with one), and an in-process server fed event by event (the page must follow live, show the camera
overlay, the streamer view on a transparent background, and copy IDs). Screenshots go to pytest's tmp folder.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from test_web_view import AFTER_BAD, AFTER_31, illegal_events, opening_events

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
REPO = Path(__file__).resolve().parent.parent
WAIT_MS = 15000


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("browser test needs Debian's chromium at /usr/bin/chromium (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("browser test needs playwright (pip install playwright; it drives /usr/bin/chromium)")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_recording(folder: Path) -> dict[str, str]:
    """A label-only recording (what `bgref replay --oracle` reads): the opening, a legal 31, dark's illegal 65.
    Returns the Position IDs the page must show: at the end (light on roll), after light's play, and the board a
    director puts right (dark's legal 24/18 13/8, from light's side, light being on roll)."""
    from device.scripted import Script
    from device.seating import Seating
    from rules.moves import legal_plays
    from rules.position import Position

    start = Position.start()
    legal = next(p for p in legal_plays(start, 3, 1) if p.notation() == "8/5 6/5")
    bad = Position.from_points({6: 6, 8: 3, 13: 4, 24: 2}, {5: 2, 6: 4, 8: 2, 13: 5, 24: 2})  # 13/6 for 6-5
    script = Script(Seating("bottom-right"))  # each scene: hands over the board, then still frames
    script.scene(start, "light")
    script.scene(start, "light", ((3, "right", True), (1, "left", True)))  # light's die right, dark's left
    script.scene(legal.position, "light")
    script.scene(legal.position.swap(), "dark", ((6, "left", True), (5, "left", True)))  # dark's right = image left
    script.scene(bad, "dark")
    script.write(folder)
    fixed = next(p for p in legal_plays(legal.position.swap(), 6, 5) if p.notation() == "24/18 13/8")
    return {"final_id": bad.swap().position_id(), "light_after_id": legal.position.position_id(),
            "fixed_id": fixed.position.swap().position_id()}


@pytest.fixture
def replay(tmp_path):
    """`bgref replay --serve` in a subprocess, stopped with Ctrl-C (SIGINT) at the end."""
    ids = write_recording(tmp_path / "game")
    port, token = free_port(), "test-token-123"
    proc = subprocess.Popen(
        [sys.executable, "-m", "device.cli", "replay", str(tmp_path / "game"), "--oracle", "--serve",
         "--port", str(port), "--token", token],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        # Ctrl-C must reach it even when the test run itself was started in the background (SIGINT ignored)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if proc.poll() is not None:
                pytest.fail(f"bgref replay --serve exited: {proc.stdout.read()}")
            time.sleep(0.1)
    else:
        proc.kill()
        pytest.fail("bgref replay --serve did not start listening within 30 s")
    yield {"url": f"http://127.0.0.1:{port}", "token": token, **ids}
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


def page_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def test_page_of_a_replay_shows_the_position_and_the_illegal_play(browser, replay, tmp_path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = page_errors(page)
    page.goto(replay["url"] + "/")
    # the diagram shows the board after dark's illegal 13/6, light on roll
    page.wait_for_selector(f'svg#board[data-position-id="{replay["final_id"]}"]', timeout=WAIT_MS)
    banner = page.wait_for_selector('#banner[data-kind="illegal"]:not([hidden])', timeout=WAIT_MS)
    assert "ILLEGAL PLAY" in banner.inner_text()
    assert "13/6" in banner.inner_text() and "6-5" in banner.inner_text()
    assert "13/2" in page.inner_text("#banner-alts")  # the legal alternatives
    # every checker is drawn: 15 a side (a stack taller than 5 draws 5 and labels the 5th with its count)
    counts = page.evaluate("""() => {
        const out = {light: 0, dark: 0};
        for (const c of document.querySelectorAll('svg#board g.points circle.checker')) {
            const side = c.classList.contains('light') ? 'light' : 'dark';
            const label = [...c.parentNode.querySelectorAll('text.count')].find(
                t => t.getAttribute('x') === c.getAttribute('cx') && +t.getAttribute('y') === +c.getAttribute('cy') + 9);
            out[side] += label ? +label.textContent - 4 : 1;
        }
        return out;
    }""")
    assert counts == {"light": 15, "dark": 15}
    page.wait_for_selector("li.move.illegal")
    shot = tmp_path / "page-laptop.png"
    page.screenshot(path=str(shot), full_page=True)
    image = cv2.imread(str(shot))
    assert image is not None and image.shape[1] == 1280
    b, g, r = image[20, 640]  # the banner across the top is red
    assert r > 180 and g < 90 and b < 90

    # a dismissal without the token is refused and the banner stays
    page.click("#banner-dismiss")
    # (selectors, not wait_for_function: the page's Content-Security-Policy forbids the eval that needs)
    page.wait_for_selector("#banner-error:has-text('Refused')", timeout=WAIT_MS)
    assert page.is_visible("#banner")
    assert page.evaluate("document.getElementById('director').open")  # the page points at where the token goes
    # with the director's token it goes through, is logged in the state, and the banner goes
    page.fill("#token", replay["token"])
    page.dispatch_event("#token", "change")
    page.fill("#by", "TD Anna")
    page.dispatch_event("#by", "change")
    page.click("#banner-dismiss")
    page.wait_for_selector("#banner", state="hidden", timeout=WAIT_MS)
    state = page.evaluate("fetch('/api/state').then(r => r.json())")
    assert state["alerts"][0]["dismissed_by"] == "TD Anna"

    # tapping light's play shows the position after it, with its IDs
    page.click("li.move.play.light")
    page.wait_for_selector(f'svg#board[data-position-id="{replay["light_after_id"]}"]', timeout=WAIT_MS)
    assert page.inner_text("#id-position") == replay["light_after_id"]
    assert page.inner_text("#id-xgid").startswith("XGID=")
    page.click("#back-live")
    page.wait_for_selector(f'svg#board[data-position-id="{replay["final_id"]}"]', timeout=WAIT_MS)

    # the director puts the board right: the daemon takes it, logs it, and the page shows it
    page.fill("#correct-id", replay["fixed_id"])
    page.click("#correct-form button[type=submit]")
    page.wait_for_selector(f'svg#board[data-position-id="{replay["fixed_id"]}"]', timeout=WAIT_MS)
    assert "corrected by TD Anna" in page.inner_text("li.move.correction")

    phone = context.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(replay["url"] + "/")
    phone.wait_for_selector(f'svg#board[data-position-id="{replay["fixed_id"]}"]', timeout=WAIT_MS)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # nothing sticks out sideways on a phone
    phone.screenshot(path=str(tmp_path / "page-phone.png"), full_page=True)
    assert errors == []
    context.close()


def test_page_follows_live_events_camera_and_streamer_view(browser, tmp_path):
    from device.web.server import WebServer

    server = WebServer(port=0)
    server.start()
    try:
        context = browser.new_context(viewport={"width": 1100, "height": 900},
                                      permissions=["clipboard-read", "clipboard-write"])
        page = context.new_page()
        errors = page_errors(page)
        page.goto(server.url)
        page.wait_for_selector("#connection[data-status='live']", timeout=WAIT_MS)
        for event in opening_events():
            server.publish(event)
        page.wait_for_selector(f'svg#board[data-position-id="{AFTER_31.swap().position_id()}"]',
                               timeout=WAIT_MS)
        assert page.is_hidden("#banner")
        for event in illegal_events():
            server.publish(event)
        page.wait_for_selector(f'svg#board[data-position-id="{AFTER_BAD.swap().position_id()}"]',
                               timeout=WAIT_MS)
        page.wait_for_selector('#banner[data-kind="illegal"]:not([hidden])', timeout=WAIT_MS)

        # copy the Position ID of the live position
        page.click('button.copy[data-copy="id-position"]')
        page.wait_for_selector('button.copy[data-copy="id-position"]:has-text("Copied")', timeout=WAIT_MS)
        assert page.evaluate("navigator.clipboard.readText()") == AFTER_BAD.swap().position_id()

        # the camera panel: frame plus what was read, drawn over it
        image = np.full((720, 1280, 3), 70, np.uint8)
        corners = [[140.0, 80.0], [1140.0, 80.0], [1140.0, 640.0], [140.0, 640.0]]
        obs = {"board": {"found": True, "corners": corners}, "points": [2] + [0] * 22 + [-2],
               "bar": {"light": 0, "dark": 0}, "off": {"light": 0, "dark": 0},
               "dice": [{"value": 5, "flat": True, "center": [800.0, 360.0]}], "cube": None, "warnings": []}
        page.click("#camera-toggle")
        server.frames.min_interval = 0.0
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and not page.query_selector("#camera-svg image[href*='frame.jpg']"):
            server.frame(image, obs)
            page.wait_for_timeout(100)
        page.wait_for_selector("#camera-svg image[href*='frame.jpg']", timeout=WAIT_MS)
        assert page.eval_on_selector("#camera-svg", "e => e.getAttribute('viewBox')") == "0 0 1280 720"
        assert len(page.query_selector_all("#camera-svg g.overlay circle.ov-count")) == 2
        assert page.query_selector("#camera-svg g.overlay polygon.ov-board") is not None
        page.screenshot(path=str(tmp_path / "page-camera.png"), full_page=True)

        # streamer view: the diagram alone, nothing painted around it
        stream = context.new_page()
        stream.set_viewport_size({"width": 960, "height": 806})
        stream.goto(server.url + "stream")
        stream.wait_for_selector(f'svg#board[data-position-id="{AFTER_BAD.swap().position_id()}"]',
                                 timeout=WAIT_MS)
        assert stream.evaluate("getComputedStyle(document.body).backgroundColor") == "rgba(0, 0, 0, 0)"
        shot = tmp_path / "stream.png"
        stream.screenshot(path=str(shot), omit_background=True)
        rgba = cv2.imread(str(shot), cv2.IMREAD_UNCHANGED)
        assert rgba.shape[2] == 4 and rgba[2, 2, 3] == 0  # transparent corner
        assert rgba[rgba.shape[0] // 3, rgba.shape[1] // 2, 3] == 255  # opaque board
        assert errors == []
        context.close()
    finally:
        server.stop()


def test_diagram_labels_invert_the_daemons_seating(browser):
    """board.js numbers each point for the side on roll: it must invert exactly the mapping the server uses."""
    from device.web.match_view import Seating
    from device.web.server import WebServer

    server = WebServer(port=0)
    server.start()
    try:
        page = browser.new_page()
        page.goto(server.url + "stream")
        table = page.evaluate("""async () => {
            const { ownPoint } = await import('/static/board.js');
            const out = {};
            for (const light of ['bottom', 'top']) for (const home of ['right', 'left'])
                for (const side of ['light', 'dark'])
                    out[`${light}-${home}-${side}`] = [...Array(24).keys()].map(i => ownPoint(side, i + 1, {light, home}));
            return out;
        }""")
        page.close()
    finally:
        server.stop()
    for key, own in table.items():
        light, home, side = key.split("-")
        seating = Seating(light, home)
        assert [seating.geometric_point(side, p) for p in own] == list(range(1, 25)), key


def test_protected_view_opens_with_its_token_and_hides_it(browser):
    from device.web.server import WebServer

    server = WebServer(port=0, token="act-token", read_token="look-token")
    server.start()
    try:
        for event in opening_events():
            server.publish(event)
        page = browser.new_page()
        errors = page_errors(page)
        response = page.goto(server.url)
        assert response.status == 401  # no token, no page
        page.goto(server.url + "?token=look-token")
        page.wait_for_selector(f'svg#board[data-position-id="{AFTER_31.swap().position_id()}"]',
                               timeout=WAIT_MS)
        page.wait_for_selector("#connection[data-status='live']", timeout=WAIT_MS)  # events with the token too
        assert "token" not in page.url
        assert page.get_attribute("#stream-link", "href") == "/stream"
        assert errors == []
        page.close()
    finally:
        server.stop()
