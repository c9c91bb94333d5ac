// The director's / players' page: live diagram, move list, alert banner, IDs, camera, corrections.

import { renderBoard } from "./board.js";
import { CameraPanel } from "./overlay.js";
import { getToken, setToken, postAction, withToken } from "./api.js";
import { subscribe, liveView, openAlerts, bannerTitle } from "./live.js";
import { enableSound, alertSound } from "./sound.js";

const $ = (id) => document.getElementById(id);
const board = $("board");
let state = null;
let selected = null;      // move number shown in review, or null for live
const heard = new Set();  // alert ids already announced
let firstState = true;

// ------------------------------------------------------------------------------------------------ rendering
function fmtTime(t) {
  if (typeof t !== "number") return "";
  const s = Math.max(0, Math.round(t));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function entryPosition(entry) {
  return entry.after || entry.position || null;
}

function viewOf(entry) {
  const pos = entryPosition(entry);
  return {
    board: pos.board, positionId: pos.position_id, player: pos.player, seating: state.seating,
    onRoll: null, dice: entry.dice && entry.type === "play" ? { player: entry.player, values: entry.dice } : null,
    cube: null, score: state.score, matchLength: state.match_length,
  };
}

function showIds(pos) {
  $("id-position").textContent = (pos && pos.position_id) || "–";
  $("id-match").textContent = (pos && pos.match_id) || "–";
  $("id-xgid").textContent = (pos && pos.xgid) || "–";
  for (const button of document.querySelectorAll("button.copy")) {
    button.disabled = $(button.dataset.copy).textContent === "–";
  }
}

function renderDiagram() {
  const entry = selected != null ? state.moves.find((m) => m.n === selected) : null;
  if (entry && entryPosition(entry)) {
    renderBoard(board, viewOf(entry));
    showIds(entryPosition(entry));
    $("review").hidden = false;
    $("review-text").textContent = `Showing move ${entry.n}: ${entry.text}` +
      (entry.type === "play" ? " (position after the play)" : "");
  } else {
    selected = null;
    renderBoard(board, liveView(state));
    showIds(state.position);
    $("review").hidden = true;
  }
}

function moveItem(entry) {
  const li = document.createElement("li");
  li.dataset.n = entry.n;
  li.className = `move ${entry.type}`;
  if (entry.type === "play" && !entry.legal) li.classList.add("illegal");
  if (entry.player) li.classList.add(entry.player);
  if (entry.n === selected) li.classList.add("selected");
  const who = document.createElement("span");
  who.className = `dot ${entry.player || "none"}`;
  li.appendChild(who);
  const text = document.createElement("span");
  text.className = "move-text";
  text.textContent = entry.text;
  li.appendChild(text);
  if (entry.type === "play" && !entry.legal) {
    const why = document.createElement("div");
    why.className = "why";
    why.textContent = `Illegal: ${entry.reason}` +
      (entry.alternatives && entry.alternatives.length ? ` — legal: ${entry.alternatives.slice(0, 3).join(" | ")}` : "");
    li.appendChild(why);
  }
  const time = document.createElement("span");
  time.className = "time";
  time.textContent = fmtTime(entry.t);
  li.appendChild(time);
  if (entryPosition(entry)) {
    li.tabIndex = 0;
    li.classList.add("selectable");
    const pick = () => { selected = selected === entry.n ? null : entry.n; render(); };
    li.addEventListener("click", pick);
    li.addEventListener("keydown", (ev) => { if (ev.key === "Enter") pick(); });
  }
  return li;
}

function renderMoves() {
  const list = $("moves");
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 40;
  list.replaceChildren(...state.moves.filter((m) => m.type !== "roll").map(moveItem));
  if (atBottom) list.scrollTop = list.scrollHeight;
  $("game-label").textContent = state.game ? `game ${state.game}` : "";
  $("warnings").replaceChildren(...(state.warnings || []).slice(-3).map((w) => {
    const p = document.createElement("p");
    p.className = "warning";
    p.textContent = `⚠ ${w.message}`;
    return p;
  }));
}

function renderBanner() {
  const open = openAlerts(state);
  const alert = open[open.length - 1];
  const banner = $("banner");
  banner.hidden = !alert;
  document.body.classList.toggle("has-banner", !!alert);
  if (!alert) return;
  banner.dataset.kind = alert.kind;
  banner.dataset.alertId = alert.id;
  $("banner-title").textContent = bannerTitle(alert);
  $("banner-text").textContent = alert.message;
  const alts = alert.alternatives || [];
  $("banner-alts").textContent = alts.length ? `Legal: ${alts.slice(0, 4).join("   |   ")}` : "";
  $("banner-more").textContent = open.length > 1 ? `+${open.length - 1} more open` : "";
}

function renderAlertList() {
  const items = (state.alerts || []).slice(-10).reverse().map((a) => {
    const li = document.createElement("li");
    li.textContent = `${bannerTitle(a)} · ${a.message}` + (a.dismissed ? ` · dismissed by ${a.dismissed_by || "?"}` : "");
    if (!a.dismissed) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = "Dismiss";
      b.addEventListener("click", () => dismiss(a.id, $("director-msg")));
      li.appendChild(b);
    }
    return li;
  });
  $("alert-list").replaceChildren(...items);
}

function announce() {
  for (const alert of openAlerts(state)) {
    const key = String(alert.id);
    if (heard.has(key)) continue;
    heard.add(key);
    if (!firstState) alertSound(alert.kind);
  }
  firstState = false;
}

function render() {
  if (!state) return;
  renderDiagram();
  renderMoves();
  renderBanner();
  renderAlertList();
  if (!$("correct-id").value && state.position) $("correct-id").placeholder = state.position.position_id;
}

// -------------------------------------------------------------------------------------------------- actions
function by() { return $("by").value.trim() || "director"; }

async function dismiss(alertId, out) {
  const res = await postAction("/api/dismiss", { alert_id: alertId, by: by() });
  out.textContent = res.ok ? "Alert dismissed." : explain(res);
}

function explain(res) {
  if (res.status === 401 || res.status === 403) {
    $("director").open = true;
    return `Refused: ${res.error}. Enter the token in the Director panel.`;
  }
  return `Refused: ${res.error}`;
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (e) {
    // plain http on the LAN is not a secure context: fall back to a selected textarea
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (err) { ok = false; }
    area.remove();
    return ok;
  }
}

function wire() {
  $("token").value = getToken();
  $("token").addEventListener("change", () => { setToken($("token").value); updateLinks(); });
  $("by").value = localStorage.getItem("bgref-by") || "";
  $("by").addEventListener("change", () => localStorage.setItem("bgref-by", $("by").value.trim()));
  $("back-live").addEventListener("click", () => { selected = null; render(); });
  $("banner-dismiss").addEventListener("click", () => dismiss($("banner").dataset.alertId, $("banner-error")));

  $("correct-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const id = $("correct-id").value.trim();
    const out = $("director-msg");
    if (!id) { out.textContent = "Enter the Position ID of the board as it should be."; return; }
    const body = { position_id: id, by: by() };
    if ($("correct-player").value) body.player = $("correct-player").value;
    const res = await postAction("/api/correct", body);
    out.textContent = res.ok ? `Position corrected to ${id}.` : explain(res);
    if (res.ok) $("correct-id").value = "";
  });

  for (const button of document.querySelectorAll("button.copy")) {
    button.addEventListener("click", async () => {
      const text = $(button.dataset.copy).textContent;
      const ok = await copyText(text);
      const label = button.textContent;
      button.textContent = ok ? "Copied ✓" : "Select & copy";
      if (!ok) window.getSelection().selectAllChildren($(button.dataset.copy));
      setTimeout(() => { button.textContent = label; }, 1500);
    });
  }

  const sound = $("sound-toggle");
  sound.addEventListener("click", async () => {
    const on = sound.getAttribute("aria-pressed") !== "true" && await enableSound();
    sound.setAttribute("aria-pressed", String(on));
    sound.textContent = on ? "Sound: on" : "Sound: off";
    if (on) alertSound("reroll");
  });

  const camera = new CameraPanel($("camera-svg"), $("camera-status"));
  const camButton = $("camera-toggle");
  camButton.addEventListener("click", () => {
    const on = camButton.getAttribute("aria-pressed") !== "true";
    camButton.setAttribute("aria-pressed", String(on));
    $("camera").hidden = !on;
    if (on) camera.start(); else camera.stop();
  });
  $("overlay-toggle").addEventListener("change", (ev) => camera.setOverlay(ev.target.checked));
  updateLinks();
}

function updateLinks() {
  $("mat-link").href = withToken("/api/match.mat");
  // never the director's token in a URL that ends up in OBS: a protected view takes ?token=READ-TOKEN by hand
  $("stream-link").href = "/stream";
}

wire();
subscribe((s) => {
  state = s;
  document.body.dataset.seq = s.seq;
  announce();
  render();
}, (status) => {
  $("connection").textContent = status;
  $("connection").dataset.status = status;
});
