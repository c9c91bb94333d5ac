// Streamer view: the diagram alone on a transparent page (add it to OBS as a browser source), plus the alert.

import { renderBoard } from "./board.js";
import { subscribe, liveView, openAlerts, bannerTitle } from "./live.js";

const svg = document.getElementById("board");
const banner = document.getElementById("banner");

subscribe((state) => {
  renderBoard(svg, liveView(state));
  const open = openAlerts(state);
  const alert = open[open.length - 1];
  banner.hidden = !alert;
  if (alert) {
    banner.dataset.kind = alert.kind;
    document.getElementById("banner-title").textContent = bannerTitle(alert);
    document.getElementById("banner-text").textContent = alert.message;
  }
});
