// The live feed: the whole match state on load, then again after every referee event (server-sent events).

import { getJSON, withToken } from "./api.js";

/** Call onState(state) now and on every change; onStatus("live" | "reconnecting" | "offline"). */
export function subscribe(onState, onStatus = () => {}) {
  let lastSeq = -1;
  const deliver = (state) => {
    if (state.seq < lastSeq) return; // an older snapshot overtaken by the stream
    lastSeq = state.seq;
    onState(state);
  };
  getJSON("/api/state").then(deliver).catch(() => onStatus("offline"));
  const source = new EventSource(withToken("/api/events"));
  source.addEventListener("state", (ev) => deliver(JSON.parse(ev.data)));
  source.addEventListener("open", () => onStatus("live"));
  source.addEventListener("error", () => onStatus(source.readyState === EventSource.CLOSED ? "offline" : "reconnecting"));
  return source;
}

/** The diagram's input for the live position of a state. */
export function liveView(state) {
  const pos = state.position;
  return {
    board: pos ? pos.board : null,
    positionId: pos ? pos.position_id : "",
    player: pos ? pos.player : null,
    seating: state.seating,
    onRoll: state.on_roll,
    dice: state.dice,
    cube: state.cube,
    score: state.score,
    matchLength: state.match_length,
  };
}

/** The alert the banner shows: the latest one still open. */
export function openAlerts(state) {
  const open = new Set((state.open_alerts || []).map(String));
  return (state.alerts || []).filter((a) => open.has(String(a.id)));
}

export function bannerTitle(alert) {
  if (alert.kind === "illegal") return "ILLEGAL PLAY";
  if (alert.kind === "reroll") return "ROLL AGAIN";
  return "CHECK THE BOARD";
}
