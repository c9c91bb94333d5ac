// The camera panel: the latest frame with what bgref read drawn over it (board outline, point counts, dice, cube).
//
// Polls /api/frame a few times a second only while the panel is open and the tab visible, so a Pi with nobody
// watching the camera never encodes a JPEG. Coordinates in the observation are camera pixels; the SVG's viewBox
// is the camera image size, so the (smaller) JPEG and the drawing line up whatever the screen size.

import { withToken, getJSON } from "./api.js";

const NS = "http://www.w3.org/2000/svg";
const POLL_MS = 350;

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = String(text);
  return node;
}

// Where the points lie inside the outer frame, as fractions of its width and height: a typical board as
// calibration.geometry.standard_layout has it (frame 3.5 % of the length, bar 6 % of the playing area, no trays).
// Used only when the observation does not give point centres itself ("point_centers", 24 [x, y]).
const FRAME_U = 0.035;
const BAR_U = 0.028;
const POINT_V = 0.2;

function bilinear(c, u, v) {
  const [tl, tr, br, bl] = c;
  return [
    (1 - u) * (1 - v) * tl[0] + u * (1 - v) * tr[0] + u * v * br[0] + (1 - u) * v * bl[0],
    (1 - u) * (1 - v) * tl[1] + u * (1 - v) * tr[1] + u * v * br[1] + (1 - u) * v * bl[1],
  ];
}

/** Image position of geometric point g's label: from the observation when it has centres, else the nominal board. */
function pointSpot(obs, g) {
  const centres = obs.point_centers || obs.point_centres;
  if (Array.isArray(centres) && centres[g - 1]) return centres[g - 1];
  const corners = obs.board && obs.board.corners;
  if (!corners || corners.length !== 4) return null;
  const halfW = 0.5 - FRAME_U - BAR_U;
  const pw = halfW / 6;
  let u;
  if (g <= 6) u = 1 - FRAME_U - (g - 0.5) * pw;
  else if (g <= 12) u = 0.5 - BAR_U - (g - 6.5) * pw;
  else if (g <= 18) u = FRAME_U + (g - 12.5) * pw;
  else u = 0.5 + BAR_U + (g - 18.5) * pw;
  const v = g <= 12 ? 1 - POINT_V : POINT_V;
  return bilinear(corners, u, v);
}

export function drawOverlay(layer, meta) {
  while (layer.firstChild) layer.removeChild(layer.firstChild);
  const obs = meta.observation;
  if (!obs) return;
  const fs = Math.max(12, meta.width / 55);
  const corners = obs.board && obs.board.found ? obs.board.corners : null;
  if (corners && corners.length === 4) {
    layer.appendChild(el("polygon", { points: corners.map((p) => p.join(",")).join(" "), class: "ov-board" }));
  } else {
    layer.appendChild(el("text", { x: meta.width / 2, y: fs * 2, class: "ov-warn", "font-size": fs * 1.3 },
      "board not found"));
  }
  (obs.points || []).forEach((n, i) => {
    if (n === 0 || !corners) return;
    const spot = pointSpot(obs, i + 1);
    if (!spot) return;
    const side = n === null ? "unknown" : n > 0 ? "light" : "dark";
    layer.appendChild(el("circle", { cx: spot[0], cy: spot[1], r: fs * 0.9, class: `ov-count ${side}` }));
    layer.appendChild(el("text", { x: spot[0], y: spot[1] + fs * 0.35, class: `ov-count-text ${side}`, "font-size": fs },
      n === null ? "?" : Math.abs(n)));
  });
  (obs.dice || []).forEach((die, i) => {
    const [x, y] = die.center;
    const labelY = i % 2 === 0 ? y - fs * 1.5 : y + fs * 2.6;  // alternate above/below: dice lie close together
    const cls = die.flat ? "ov-die" : "ov-die cocked";
    layer.appendChild(el("rect", { x: x - fs * 1.2, y: y - fs * 1.2, width: fs * 2.4, height: fs * 2.4, rx: fs * 0.3, class: cls }));
    layer.appendChild(el("text", { x, y: labelY, class: "ov-die-text", "font-size": fs * 1.2 },
      die.value == null ? "?" : die.value + (die.flat ? "" : " cocked")));
  });
  if (obs.cube) {
    const [x, y] = obs.cube.center;
    layer.appendChild(el("rect", { x: x - fs, y: y - fs, width: fs * 2, height: fs * 2, class: "ov-cube" }));
    layer.appendChild(el("text", { x, y: y - fs * 1.3, class: "ov-die-text", "font-size": fs }, `cube ${obs.cube.value}`));
  }
  const bar = obs.bar || {};
  const off = obs.off || {};
  const summary = `bar ${bar.light ?? 0}/${bar.dark ?? 0}  off ${off.light ?? "?"}/${off.dark ?? "?"}`;
  layer.appendChild(el("text", { x: fs * 0.6, y: meta.height - fs * 0.6, class: "ov-summary", "font-size": fs }, summary));
}

export class CameraPanel {
  constructor(svg, status) {
    this.svg = svg;
    this.status = status;
    this.image = svg.querySelector("image");
    this.layer = svg.querySelector("g.overlay");
    this.showOverlay = true;
    this.timer = null;
    this.busy = false;
    this.seq = null;
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => this.poll(), POLL_MS);
    this.poll();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }

  setOverlay(on) {
    this.showOverlay = on;
    this.layer.style.display = on ? "" : "none";
  }

  async poll() {
    if (this.busy || document.hidden) return;
    this.busy = true;
    try {
      const meta = await getJSON("/api/frame");
      if (meta.seq == null) {
        this.status.textContent = "no camera frame yet";
        return;
      }
      if (meta.seq === this.seq) return;
      const src = withToken(`/api/frame.jpg?seq=${meta.seq}`);
      await new Promise((resolve, reject) => {
        const img = new Image();
        img.onload = resolve;
        img.onerror = reject;
        img.src = src;
      });
      this.seq = meta.seq;
      this.svg.setAttribute("viewBox", `0 0 ${meta.width} ${meta.height}`);
      this.image.setAttribute("width", meta.width);
      this.image.setAttribute("height", meta.height);
      this.image.setAttribute("href", src);
      drawOverlay(this.layer, meta);
      this.status.textContent = "";
    } catch (err) {
      this.status.textContent = `camera: ${err.message || "not available"}`;
    } finally {
      this.busy = false;
    }
  }
}
