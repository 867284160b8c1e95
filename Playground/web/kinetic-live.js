// kinetic-live.js — the page's side of `kinetic web serve --watch`.
//
// The server rebuilds the app whenever a source file of its package is saved and says how the
// build stands at /kinetic-live.json: { generation, state ("building", "ready" or "failed"),
// seconds, changed, log, watching }. Without --watch it answers { watching: false } and this file
// does nothing more. Otherwise it polls it twice a second and:
//   - while a rebuild runs, says so in a small bar at the bottom of the page;
//   - when a build fails, shows the compiler's output in that bar (the running scene stays as it
//     is, on the code that last built);
//   - when a new build is ready, swaps the new module into the running Studio
//     (KineticRuntime's runtime.reload): the recorded session is run on the old code and on the
//     new, as `kinetic render` runs it, and the new module replays it, so the scene goes on from
//     the same instant of the same gesture. The Studio's curves show one channel before (faint)
//     and after: the selected animation's, else the first channel the edit changed.
//     A page without the Studio (or an app whose scene list changed) reloads instead.
//
// For tests and tools: window.kineticInspector.reload = { generation, scene, channel, channels,
// before, after, script, replayed, fps } after each live reload (before and after as
// kineticRecord returns them: { frames, channels, values }), and window.kineticLive = the last
// status read.
"use strict";
(() => {
  const POLL_MS = 500;
  let seen = null, busy = false;

  const bar = document.createElement("div");
  bar.id = "kinetic-live";
  bar.setAttribute("role", "status");
  bar.setAttribute("aria-live", "polite");
  bar.hidden = true;
  const style = document.createElement("style");
  style.textContent = `
    #kinetic-live { position: fixed; left: 12px; right: 12px; bottom: 12px; z-index: 1000; max-width: 760px;
      margin: 0 auto; padding: 10px 14px; border-radius: 12px; font: 14px/1.4 system-ui, sans-serif;
      color: #1c1c1e; background: rgba(255,255,255,0.96); box-shadow: 0 6px 24px rgba(0,0,0,0.18);
      border: 1px solid rgba(0,0,0,0.08); }
    #kinetic-live[data-state="failed"] { border-color: #ff3b30; background: #fff5f4; }
    #kinetic-live .kl-head { display: flex; gap: 12px; align-items: baseline; }
    #kinetic-live .kl-title { font-weight: 600; flex: 1; }
    #kinetic-live button { font: inherit; border: 0; background: none; color: #0a64d8; cursor: pointer; padding: 0; }
    #kinetic-live pre { margin: 8px 0 0; max-height: 40vh; overflow: auto; white-space: pre-wrap;
      font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; color: #3a0a06; }
    @media (prefers-color-scheme: dark) {
      #kinetic-live { color: #f2f2f7; background: rgba(44,44,46,0.97); border-color: rgba(255,255,255,0.12); }
      #kinetic-live[data-state="failed"] { background: #3a1d1b; }
      #kinetic-live pre { color: #ffd6d2; }
      #kinetic-live button { color: #4da3ff; }
    }`;

  let hideTimer = 0;
  /** Shows `title` (and `detail`, preformatted) in the bar; `linger` ms later it hides again. */
  function say(state, title, detail = "", linger = 0) {
    clearTimeout(hideTimer);
    if (!bar.isConnected) document.body.append(style, bar);
    bar.dataset.state = state;
    const head = document.createElement("div"), t = document.createElement("span"), close = document.createElement("button");
    head.className = "kl-head"; t.className = "kl-title"; t.textContent = title;
    close.textContent = "Hide"; close.addEventListener("click", () => { bar.hidden = true; });
    head.append(t, close);
    const parts = [head];
    if (detail) { const pre = document.createElement("pre"); pre.textContent = detail; parts.push(pre); }
    bar.replaceChildren(...parts);
    bar.hidden = false;
    if (linger) hideTimer = setTimeout(() => { bar.hidden = true; }, linger);
  }

  /** The channel to show: the selected animation's, else the first one the edit changed. */
  function chooseChannel(before, after) {
    const names = after.channels, C = names.length;
    const label = window.kineticStudio?.studio?.selection?.()?.channel?.label;
    if (label && names.includes(label)) return names.indexOf(label);
    if (before && before.channels.join() === names.join()) {
      const n = Math.min(before.frames, after.frames);
      for (let c = 0; c < C; c++) {
        for (let i = 0; i < n; i++) {
          const b = (i * C + c) * 3;
          if (before.values[b] !== after.values[b] || before.values[b + 1] !== after.values[b + 1]) return c;
        }
      }
    }
    return 0;
  }
  /** Channel `c` of a recording as the Studio's curves draw it: [{ t, m, p, v }]. */
  function curve(rec, c, fps) {
    const out = [], C = rec.channels.length;
    for (let i = 0; i < rec.frames; i++) {
      const b = (i * C + c) * 3;
      out.push({ t: i / fps, m: rec.values[b], p: rec.values[b + 1], v: rec.values[b + 2] });
    }
    return out;
  }

  async function apply(status) {
    const runtime = window.kineticStudio;
    if (!runtime?.reload) { location.reload(); return; }
    const t0 = performance.now();
    const result = await runtime.reload();
    if (result.scenesChanged) { location.reload(); return; }
    if (!result.ok) { say("failed", "Built, but the page could not load the new module", result.error); return; }
    const fps = 60, { before, after } = result;
    let note = "Reloaded " + result.scene + " on the new code";
    if (after && !after.error && after.channels.length) {
      const c = chooseChannel(before && !before.error ? before : null, after);
      const name = after.channels[c];
      window.kineticInspector.reload = { generation: status.generation, scene: result.scene, channel: name,
        channels: after.channels, before, after, script: result.script, replayed: result.replayed, fps };
      runtime.studio?.showOverlay?.({ name: result.scene, label: name + " · before (faint) and after the edit",
        before: before && !before.error ? curve(before, c, fps) : [], after: curve(after, c, fps) });
      const changed = before && !before.error && before.values.some((v, i) => v !== after.values[i]);
      note += result.replayed ? ", replaying your last gesture: " + name + (changed ? " changed" : " is unchanged") +
        " (curves in the inspector)" : "";
    } else {
      window.kineticInspector.reload = { generation: status.generation, scene: result.scene, channel: null, channels: [],
        before, after, script: result.script, replayed: result.replayed, fps };
    }
    say("ready", note + " · " + Math.round(performance.now() - t0) + " ms", "", 6000);
  }

  async function poll() {
    let status;
    try {
      const response = await fetch("kinetic-live.json", { cache: "no-store" });
      if (!response.ok) return;   // another server (python's http.server): nothing to watch
      status = await response.json();
      if (!status.watching) return;   // served without --watch
    } catch {
      setTimeout(poll, 2000);   // the server is restarting or gone: try again, quietly
      return;
    }
    window.kineticLive = status;
    if (seen === null) seen = status.state === "ready" ? status.generation : 0;
    if (status.state === "building") {
      say("building", "Rebuilding" + (status.changed ? " after " + status.changed + " changed" : "") + "… " + status.seconds + " s");
    } else if (status.state === "failed") {
      // The compiler's words, without build-web's progress lines.
      const log = (status.log || "").split("\n").filter(l => !/^build-web: (the library|compiling|linking|wasm-opt)/.test(l)).join("\n").trim();
      say("failed", "The build failed" + (status.changed ? " after " + status.changed + " changed" : "") +
        ": the scene keeps running on the code that last built", log);
    } else if (status.generation !== seen && !busy) {
      seen = status.generation;
      busy = true;
      try { await apply(status); } finally { busy = false; }
    } else if (bar.dataset.state === "building" || bar.dataset.state === "failed") {
      bar.hidden = true;
      bar.dataset.state = "";
    }
    setTimeout(poll, POLL_MS);
  }
  // Once the runtime is up (or has refused the module), so a reload has a session to keep.
  const begin = () => (window.kineticReady || window.kineticError || document.readyState === "complete" ? poll() : setTimeout(begin, 200));
  begin();
})();
