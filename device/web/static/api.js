// Talking to the bgref server: the token (from ?token= or saved on this device) and JSON calls.

const KEY = "bgref-token";

function initialToken() {
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get("token");
  if (fromUrl) {
    try { localStorage.setItem(KEY, fromUrl); } catch (e) { /* private mode: keep it for this page only */ }
    // keep it off the address bar (screens, screenshots, streams); the page remembers it
    params.delete("token");
    const rest = params.toString();
    history.replaceState(null, "", location.pathname + (rest ? "?" + rest : "") + location.hash);
    return fromUrl;
  }
  try { return localStorage.getItem(KEY) || ""; } catch (e) { return ""; }
}

let token = initialToken();

export function getToken() { return token; }

export function setToken(value) {
  token = (value || "").trim();
  try {
    if (token) localStorage.setItem(KEY, token); else localStorage.removeItem(KEY);
  } catch (e) { /* ignore */ }
}

/** A same-origin URL with ?token= added (EventSource and images cannot send headers). */
export function withToken(path) {
  if (!token) return path;
  return path + (path.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token);
}

export async function getJSON(path) {
  const res = await fetch(withToken(path), { cache: "no-store" });
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  return res.json();
}

/** POST an action; resolves to {ok, status, error}. */
export async function postAction(path, body) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers["X-Bgref-Token"] = token;
  let res;
  try {
    res = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
  } catch (err) {
    return { ok: false, status: 0, error: "the referee cannot be reached" };
  }
  let data = {};
  try { data = await res.json(); } catch (e) { /* not JSON */ }
  return { ok: res.ok, status: res.status, error: data.error || (res.ok ? "" : `${res.status} ${res.statusText}`) };
}
