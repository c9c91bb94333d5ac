// The alert sound: a short tone made with Web Audio (no sound file to serve). Browsers only allow sound after the
// user touched the page, so the page offers a "sound on" button that unlocks it.

let ctx = null;

export function soundReady() { return ctx !== null && ctx.state === "running"; }

export async function enableSound() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return false;
  if (!ctx) ctx = new Ctx();
  if (ctx.state !== "running") await ctx.resume();
  return ctx.state === "running";
}

/** Two falling tones for an illegal play, one soft tone for a re-roll. */
export function alertSound(kind) {
  if (!soundReady()) return;
  const tones = kind === "illegal" ? [[880, 0], [587, 0.22], [880, 0.5], [587, 0.72]] : [[660, 0]];
  for (const [freq, at] of tones) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "square";
    osc.frequency.value = freq;
    const t0 = ctx.currentTime + at;
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(0.25, t0 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.2);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0);
    osc.stop(t0 + 0.21);
  }
}
