// The board diagram: one SVG drawn from a position laid out as the camera sees it.
//
// Input boards use the camera's geometric numbering (see vision/observation.py): point 1 is bottom right,
// 1-12 run right to left along the bottom, 13-24 left to right along the top; +n light, -n dark. So the diagram
// shows the board the way the players look at it; point labels follow the side on roll, as players count.

const NS = "http://www.w3.org/2000/svg";
export const WIDTH = 1000;
export const HEIGHT = 840;

const INFO_H = 60;            // player rows above and below the board
const TOP = INFO_H;           // board frame
const BOTTOM = HEIGHT - INFO_H;
const MARGIN = 24;            // frame around the playing area (point numbers live here)
const IN_TOP = TOP + MARGIN;
const IN_BOTTOM = BOTTOM - MARGIN;
const MID_Y = (IN_TOP + IN_BOTTOM) / 2;
const TRAY_W = 84;
const HALF_W = 405;
const BAR_W = 70;
const PW = HALF_W / 6;        // point width
const R = 28;                 // checker radius
const POINT_H = 250;
const STACK = 5;              // checkers drawn per point; taller stacks show their count

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = String(text);
  return node;
}

/** x of the playing area's left edge, tray's left edge: the tray sits on the home-board side. */
function layout(seating) {
  const homeLeft = seating && seating.home === "left";
  const playLeft = homeLeft ? 10 + TRAY_W + 6 : 10;
  const trayLeft = homeLeft ? 10 : WIDTH - 10 - TRAY_W;
  return { playLeft, trayLeft, barX: playLeft + HALF_W + BAR_W / 2 };
}

/** Centre x of geometric point g (1-24) and whether it is on the bottom row. */
export function pointX(g, lay) {
  const L = lay.playLeft;
  const rightStart = L + HALF_W + BAR_W;
  if (g <= 6) return [rightStart + HALF_W - (g - 0.5) * PW, true];
  if (g <= 12) return [L + HALF_W - (g - 6.5) * PW, true];
  if (g <= 18) return [L + (g - 12.5) * PW, false];
  return [rightStart + (g - 18.5) * PW, false];
}

/** The side's own point number of geometric point g (the inverse of match_view.Seating.geometric_point). */
export function ownPoint(side, g, seating) {
  let gg = g;
  if (seating && seating.home === "left") gg = g <= 12 ? 13 - g : 37 - g;
  const lightBottom = !seating || seating.light !== "top";
  const atBottom = (side === "light") === lightBottom;
  return atBottom ? gg : 25 - gg;
}

function seatOf(side, seating) {
  const lightBottom = !seating || seating.light !== "top";
  return (side === "light") === lightBottom ? "bottom" : "top";
}

function checker(g, cx, cy, side, label) {
  g.appendChild(el("circle", { cx, cy, r: R, class: `checker ${side}` }));
  g.appendChild(el("circle", { cx, cy, r: R * 0.62, class: `checker-ring ${side}` }));
  if (label !== undefined) {
    g.appendChild(el("text", { x: cx, y: cy + 9, class: `count ${side}` }, label));
  }
}

function drawPoints(svg, board, lay, seating, labelSide) {
  const g = el("g", { class: "points" });
  for (let p = 1; p <= 24; p++) {
    const [x, bottom] = pointX(p, lay);
    const base = bottom ? IN_BOTTOM : IN_TOP;
    const apex = bottom ? IN_BOTTOM - POINT_H : IN_TOP + POINT_H;
    const shade = p % 2 === 0 ? "point-a" : "point-b";
    g.appendChild(el("polygon", {
      points: `${x - PW / 2 + 1},${base} ${x + PW / 2 - 1},${base} ${x},${apex}`,
      class: `point ${shade}`, "data-point": p,
    }));
    const num = labelSide ? ownPoint(labelSide, p, seating) : p;
    g.appendChild(el("text", { x, y: bottom ? BOTTOM - 5 : TOP + 19, class: "point-number" }, num));
    const n = board.points[p - 1] || 0;
    if (!n) continue;
    const side = n > 0 ? "light" : "dark";
    const count = Math.abs(n);
    for (let i = 0; i < Math.min(count, STACK); i++) {
      const cy = bottom ? IN_BOTTOM - R - i * 2 * R : IN_TOP + R + i * 2 * R;
      const label = count > STACK && i === STACK - 1 ? count : undefined;
      checker(g, x, cy, side, label);
    }
  }
  svg.appendChild(g);
}

function drawBar(svg, board, lay, seating) {
  const g = el("g", { class: "bar-checkers" });
  for (const side of ["light", "dark"]) {
    const n = (board.bar && board.bar[side]) || 0;
    if (!n) continue;
    // a checker on the bar waits to enter the opponent's home board: draw it on the opponent's half
    const up = seatOf(side, seating) === "bottom" ? -1 : 1;
    for (let i = 0; i < Math.min(n, 3); i++) {
      const cy = MID_Y + up * (R + 46 + i * 2 * R);
      checker(g, lay.barX, cy, side, n > 1 && i === Math.min(n, 3) - 1 ? n : undefined);
    }
  }
  svg.appendChild(g);
}

function drawTray(svg, board, lay, seating) {
  const g = el("g", { class: "off" });
  const x = lay.trayLeft;
  for (const side of ["light", "dark"]) {
    const n = (board.off && board.off[side]) || 0;
    const bottom = seatOf(side, seating) === "bottom";
    for (let i = 0; i < n; i++) {
      const y = bottom ? IN_BOTTOM - 16 - i * 17 : IN_TOP + 2 + i * 17;
      g.appendChild(el("rect", { x: x + 10, y, width: TRAY_W - 20, height: 14, rx: 4, class: `slab ${side}` }));
    }
    if (n) {
      const y = bottom ? IN_BOTTOM - 16 - n * 17 - 6 : IN_TOP + 2 + n * 17 + 26;
      g.appendChild(el("text", { x: x + TRAY_W / 2, y, class: "off-count" }, n));
    }
  }
  svg.appendChild(g);
}

const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

function drawDie(g, x, v, side) {
  const S = 58;
  g.appendChild(el("rect", { x: x - S / 2, y: MID_Y - S / 2, width: S, height: S, rx: 10, class: `die ${side}` }));
  for (const [dx, dy] of PIPS[v] || []) {
    g.appendChild(el("circle", { cx: x + dx * 15, cy: MID_Y + dy * 15, r: 5.5, class: `pip ${side}` }));
  }
  if (!PIPS[v]) g.appendChild(el("text", { x, y: MID_Y + 10, class: `count ${side}` }, "?"));
}

function halfCentre(bottomSeat, lay) {
  // players roll into the half on their right: the bottom seat's right is the image's right
  return bottomSeat ? lay.playLeft + HALF_W + BAR_W + HALF_W / 2 : lay.playLeft + HALF_W / 2;
}

function drawDice(svg, dice, lay, seating) {
  if (!dice || !dice.values || !dice.values.length) return;
  const g = el("g", { class: "dice", "data-dice": dice.values.join("") });
  if (dice.opening) {  // one die each, each in its roller's right half: [light's, dark's]
    ["light", "dark"].forEach((side, i) => {
      drawDie(g, halfCentre(seatOf(side, seating) === "bottom", lay), dice.values[i], side);
    });
    svg.appendChild(g);
    return;
  }
  const cx = halfCentre(seatOf(dice.player, seating) === "bottom", lay);
  const side = dice.player === "dark" ? "dark" : "light";
  dice.values.forEach((v, i) => drawDie(g, cx + (i - (dice.values.length - 1) / 2) * 74, v, side));
  svg.appendChild(g);
}

function drawCube(svg, cube, lay, seating) {
  if (!cube) return;
  const S = 56;
  let y = MID_Y;
  if (cube.owner) y = seatOf(cube.owner, seating) === "bottom" ? IN_BOTTOM - S / 2 - 8 : IN_TOP + S / 2 + 8;
  const offered = cube.offered_by ? cube.offered : null;
  const value = offered || (cube.value > 1 ? cube.value : 64);
  const g = el("g", { class: offered ? "cube offered" : "cube", "data-cube": cube.value });
  g.appendChild(el("rect", { x: lay.barX - S / 2, y: y - S / 2, width: S, height: S, rx: 8, class: "cube-body" }));
  g.appendChild(el("text", { x: lay.barX, y: y + 10, class: "cube-value" }, value));
  svg.appendChild(g);
}

function drawInfo(svg, side, view, seating) {
  const bottom = seatOf(side, seating) === "bottom";
  const y0 = bottom ? BOTTOM + 4 : 0;
  const onRoll = view.onRoll === side;
  const g = el("g", { class: `info ${side}${onRoll ? " on-roll" : ""}`, "data-side": side });
  g.appendChild(el("rect", { x: 10, y: y0 + 4, width: WIDTH - 20, height: INFO_H - 12, rx: 12, class: "info-bg" }));
  g.appendChild(el("circle", { cx: 40, cy: y0 + INFO_H / 2 - 2, r: 15, class: `checker ${side}` }));
  const name = side === "light" ? "Light" : "Dark";
  g.appendChild(el("text", { x: 66, y: y0 + INFO_H / 2 + 10, class: "info-name" }, name));
  const pips = view.board && view.board.pips ? view.board.pips[side] : "–";
  g.appendChild(el("text", { x: 210, y: y0 + INFO_H / 2 + 10, class: "info-text" }, `pips ${pips}`));
  const score = view.score ? view.score[side] : 0;
  const to = view.matchLength ? `/${view.matchLength}` : "";
  g.appendChild(el("text", { x: 430, y: y0 + INFO_H / 2 + 10, class: "info-text" }, `score ${score}${to}`));
  if (onRoll) {
    g.appendChild(el("rect", { x: WIDTH - 210, y: y0 + 12, width: 190, height: INFO_H - 28, rx: 10, class: "turn-badge" }));
    g.appendChild(el("text", { x: WIDTH - 115, y: y0 + INFO_H / 2 + 8, class: "turn-text" }, "TO PLAY"));
  }
  svg.appendChild(g);
}

/**
 * Draw a whole diagram into `svg` (cleared first).
 * view = {board:{points,bar,off,pips}, seating, onRoll, dice, cube, score, matchLength, positionId}
 */
export function renderBoard(svg, view) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
  svg.setAttribute("role", "img");
  const seating = view.seating || { light: "bottom", home: "right" };
  const lay = layout(seating);
  svg.appendChild(el("rect", { x: 0, y: TOP, width: WIDTH, height: BOTTOM - TOP, rx: 14, class: "frame" }));
  svg.appendChild(el("rect", { x: lay.playLeft, y: IN_TOP, width: HALF_W, height: IN_BOTTOM - IN_TOP, class: "felt" }));
  svg.appendChild(el("rect", {
    x: lay.playLeft + HALF_W + BAR_W, y: IN_TOP, width: HALF_W, height: IN_BOTTOM - IN_TOP, class: "felt",
  }));
  svg.appendChild(el("rect", { x: lay.playLeft + HALF_W, y: TOP, width: BAR_W, height: BOTTOM - TOP, class: "bar" }));
  svg.appendChild(el("rect", { x: lay.trayLeft, y: IN_TOP, width: TRAY_W, height: IN_BOTTOM - IN_TOP, class: "tray" }));
  svg.appendChild(el("line", {
    x1: lay.trayLeft, x2: lay.trayLeft + TRAY_W, y1: MID_Y, y2: MID_Y, class: "tray-split",
  }));
  if (!view.board) {
    svg.appendChild(el("text", { x: WIDTH / 2, y: MID_Y, class: "waiting" }, "waiting for the board…"));
    svg.dataset.positionId = "";
    return;
  }
  drawPoints(svg, view.board, lay, seating, view.onRoll || view.player);
  drawBar(svg, view.board, lay, seating);
  drawTray(svg, view.board, lay, seating);
  drawCube(svg, view.cube, lay, seating);
  drawDice(svg, view.dice, lay, seating);
  drawInfo(svg, "dark", view, seating);
  drawInfo(svg, "light", view, seating);
  svg.dataset.positionId = view.positionId || "";
  const who = view.onRoll ? `${view.onRoll} to play` : "";
  svg.setAttribute("aria-label", `Backgammon position ${view.positionId || ""} ${who}`);
}
