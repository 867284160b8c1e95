// Kinetic Studio: the playground page on top of kinetic-runtime.js.
//
// The page shows the scene (scaled to fit, pointers mapped through the scale by the runtime), its
// hint, what to try and description (demos.js), its Swift source (highlight.js, from the
// sources/ folder Scripts/build-web writes), and the inspector: the scene clock's transport, a
// scrubber that seeks by exact replay, a timeline of every live animation and the curves of one,
// sampled from runtime.inspect() each frame while the Inspector tab is chosen (drawn while it is in
// view; with the Code tab chosen it costs nothing), and the session's gesture script and Swift test to take home. What the module
// cannot do yet (no kinetic_inspect, kinetic_seek…) is said in place and the rest still works.
"use strict";
const $ = id => document.getElementById(id);
const picker = $("picker"), stage = $("stage"), stageBox = $("stage-box");

/** Formats seconds as "1.234 s". */
const seconds = t => (Number.isFinite(t) ? t : 0).toFixed(3) + " s";
/** A number as JavaScript writes it (the shortest text that reads back as the same double). */
const exact = v => v === null || v === undefined ? "–" : String(v);

// --- Layout: the scene scaled to the space it has ------------------------------------------------
const BEZEL = 10, ABOUT_MIN = 240;
let sceneSize = { width: 375, height: 667 };
/** Scales the stage to fit, never above 1: to the column's width below 1100 px (one column on a
 * phone, the stage beside the about card above the panel in between); to the window's height
 * when the panels are beside it (so the stage and its readout stay above the fold). */
function fitStage() {
  const w = parseFloat(stage.style.width) || 375, h = parseFloat(stage.style.height) || 667;
  sceneSize = { width: w, height: h };
  const area = stageBox.parentElement, outerW = w + 2 * BEZEL, outerH = h + 2 * BEZEL;
  let scale;
  if (matchMedia("(max-width: 719px)").matches) {
    scale = Math.min(1, area.clientWidth / outerW);
  } else if (matchMedia("(max-width: 1099px)").matches) {
    // The stage's column is sized by the stage itself: take the width the about card leaves.
    const grid = area.parentElement, g = getComputedStyle(grid);
    const inner = grid.clientWidth - parseFloat(g.paddingLeft) - parseFloat(g.paddingRight);
    scale = Math.min(1, (inner - ABOUT_MIN - parseFloat(g.columnGap)) / outerW);
  } else {
    const top = area.getBoundingClientRect().top + window.scrollY;
    const available = Math.max(outerH * 0.5, window.innerHeight - top - 16);
    scale = Math.min(1, available / outerH);
  }
  scale = Math.max(0.25, scale);   // a degenerate column never hides the scene
  stage.style.transform = "translate(" + BEZEL * scale + "px," + BEZEL * scale + "px) scale(" + scale + ")";
  stageBox.style.width = outerW * scale + "px";
  stageBox.style.height = outerH * scale + "px";
  window.kineticStageScale = scale;
}
window.addEventListener("resize", () => { fitStage(); inspector.redraw(); });
fitStage();

// --- Tabs ------------------------------------------------------------------------------------------
const tabs = { inspector: $("tab-inspector"), code: $("tab-code") };
function showTab(name) {
  for (const [key, tab] of Object.entries(tabs)) {
    tab.setAttribute("aria-selected", String(key === name));
    $(key).hidden = key !== name;
  }
  try { localStorage.setItem("kinetic.tab", name); } catch { /* private mode */ }
  inspector.openChanged();
}
for (const [key, tab] of Object.entries(tabs)) tab.addEventListener("click", () => showTab(key));

// --- The code tab ----------------------------------------------------------------------------------
const code = (() => {
  let manifest = null;
  const loaded = fetch("sources/manifest.txt").then(r => r.ok ? r.json() : null).catch(() => null)
    .then(m => { manifest = m; });
  async function open(file) {
    for (const b of $("code-files").children) b.classList.toggle("on", b._file === file);
    $("code-path").textContent = file.path;
    const text = await fetch("sources/" + file.file).then(r => r.ok ? r.text() : null).catch(() => null);
    $("code-text").innerHTML = text === null ? "" : KineticHighlight.swift(text);
    if (text === null) $("code-text").textContent = "Could not load " + file.path + ".";
  }
  async function show(scene) {
    await loaded;
    const files = manifest?.scenes?.[scene.name] ?? [];
    $("code-files").replaceChildren(...(files.length > 1 ? files.map(f => {
      const b = document.createElement("button");
      b._file = f; b.textContent = f.path.split("/").pop();
      b.addEventListener("click", () => open(f));
      return b;
    }) : []));
    if (files.length) return open(files[0]);
    $("code-path").textContent = "";
    $("code-text").textContent = manifest ? "No source file names the scene \"" + scene.name + "\"." :
      "This build has no sources/ folder: build the page with Scripts/build-web to see each scene's Swift source here.";
  }
  /** How an exported test finds the scenes: the app's module and scene list (a user's package,
   * from the manifest), or null for the demos (the module's defaults). */
  const app = () => manifest?.app ?? null;
  return { show, loaded, app };
})();

// --- The inspector: timeline and curves sampled from runtime.inspect() ---------------------------------
const inspector = (() => {
  let runtime = null;
  // key → { key, id, name, label, kind, state, group, member, internal, order, segments: [{t0, t1, mode}], end,
  // samples: [{t, props}] }. A row's key is the module's (an animation id, "id/item" for a dynamic
  // item, "group:…" for like tracks shown as one row with a count).
  const history = new Map();
  const MAX_SAMPLES = 1800, MAX_TRACKS = 48, WINDOW = 8;
  let onScreen = true, selected = null, channel = 0, hover = null, cost = 0, skip = 0, lastT = -1, more = 0;
  // Internal rows (moving only nodes outside the scene, such as the pane's hidden shadows) are
  // hidden unless asked for, and never selected by themselves.
  let showInternal = false, internalCount = 0;
  // Repeated runs of one property are told apart: name → the keys seen with it, in order.
  const runs = new Map();
  let order = 0;
  // A retuned replay's curves of one component: { name, label, before, after } ([{t, m, p, v}]),
  // drawn instead of the sampled history while that animation (or none) is selected.
  let overlay = null;
  const timeline = $("timeline"), curves = $("curves");
  new IntersectionObserver(e => { onScreen = e[0].isIntersecting; openChanged(); }).observe($("panel"));

  // Sampled while the Inspector tab is chosen, even scrolled out of view (on a phone the scene is
  // above it: what a tap did is there when the reader scrolls down); drawn only when in view.
  const isOpen = () => !!runtime && !$("inspector").hidden;
  const inView = () => isOpen() && onScreen;
  function openChanged() { if (isOpen()) sample(true); if (inView()) redraw(); }

  function modeOf(e) {
    if (e.running) return e.reversed ? "reversed" : "running";
    if (e.state === "active") return "paused";
    return "stopped";
  }
  /** One sample of every live animation at the scene's time, unless the inspector is closed;
   * true if it took one. */
  function sample(force = false) {
    if (!isOpen() || !runtime.supports.inspect) return false;
    const t = runtime.time;
    if (!force && t === lastT) return false;
    // Keep the inspection under about a quarter of a frame: skip frames when it costs more.
    if (!force && skip-- > 0) return false;
    const t0 = performance.now();
    const tracks = runtime.inspect();
    cost = performance.now() - t0;
    skip = Math.min(30, Math.floor(cost / 4));
    lastT = t;
    const seen = new Set();
    internalCount = tracks.filter(e => e.internal).length;
    const shown = showInternal ? tracks : tracks.filter(e => !e.internal);
    more = Math.max(0, shown.length - MAX_TRACKS);
    for (const e of shown.slice(0, MAX_TRACKS)) {
      const key = e.key ?? String(e.id);
      seen.add(key);
      let h = history.get(key);
      if (!h) {
        h = { key, segments: [], samples: [], end: null, order: order++ };
        history.set(key, h);
        // The first row of a name keeps it; the next ones (a property animated again) are "run 2"…
        const keys = runs.get(e.name) ?? [];
        if (!keys.includes(key)) keys.push(key);
        runs.set(e.name, keys);
        h.run = keys.indexOf(key) + 1;
        h.sortId = e.id;
      }
      Object.assign(h, { id: e.id, name: e.name, label: h.run > 1 ? e.name + " · run " + h.run : e.name, kind: e.kind,
                         state: e.state, fraction: e.fraction, timing: e.timing, end: null, group: e.group ?? null,
                         member: e.member ?? null, internal: !!e.internal });
      const mode = modeOf(e), last = h.segments[h.segments.length - 1];
      if (last && last.mode === mode && t >= last.t1) last.t1 = t; else h.segments.push({ t0: t, t1: t, mode });
      h.samples.push({ t, props: e.properties || [] });
      if (h.samples.length > MAX_SAMPLES) h.samples.shift();
    }
    for (const h of history.values()) if (h.end === null && !seen.has(h.key)) h.end = t;
    // Forget the oldest finished animations beyond the bound.
    if (history.size > MAX_TRACKS * 2) {
      const finished = [...history.values()].filter(h => h.end !== null).sort((a, b) => a.end - b.end);
      for (const h of finished.slice(0, history.size - MAX_TRACKS * 2)) history.delete(h.key);
    }
    if (selected === null || !history.has(selected) || (history.get(selected).internal && !showInternal)) {
      const own = shown.filter(e => !e.internal), live = own.find(e => e.running) ?? own[0];
      if (live) select(live.key ?? String(live.id));
    }
    const toggle = $("internal-toggle");
    toggle.hidden = internalCount === 0 && !showInternal;
    $("internal-count").textContent = String(internalCount);
    return true;
  }
  $("show-internal").addEventListener("change", e => {
    showInternal = e.target.checked;
    if (!showInternal) for (const [key, h] of history) if (h.internal) history.delete(key);
    sample(true); redraw();
  });
  /** Expands or collapses a group row (the module lists its first members after it). */
  function toggleGroup(h) {
    if (!h.group || !runtime.expandGroup) return;
    const open = !h.group.expanded;
    runtime.expandGroup(h.group.key, open);
    h.group.expanded = open;
    if (!open) for (const [key, m] of history) if (m.member === h.group.key) history.delete(key);
    sample(true); redraw();
  }
  /** After a seek to `t`: what was sampled after it is another branch of history. */
  function truncate(t) {
    for (const [id, h] of history) {
      h.samples = h.samples.filter(s => s.t <= t);
      h.segments = h.segments.filter(s => s.t0 <= t);
      const last = h.segments[h.segments.length - 1];
      if (!h.samples.length) {
        history.delete(id);
        const keys = runs.get(h.name);
        if (keys?.includes(id)) keys.splice(keys.indexOf(id), 1);
        continue;
      }
      if (last) last.t1 = Math.min(last.t1, t);
      if (h.end !== null && h.end > t) h.end = null;
    }
    lastT = -1;
  }
  function reset() { history.clear(); runs.clear(); selected = null; hover = null; lastT = -1; fillChannels(); }

  function select(id) {
    selected = id; channel = 0; hover = null; channelChosen = false;
    fillChannels();
  }
  /** Until a channel is chosen by hand, the first one of the selected animation that moves (a
   * drawer's transform moves in its y translation, not in its first component). */
  let channelChosen = false;
  function followMotion() {
    const h = history.get(selected);
    if (channelChosen || !h || h.samples.length < 2) return;
    const list = channels(), at = (s, ch) => s.props[ch.pi]?.presentation?.[ch.c];
    const moves = ch => h.samples.some(s => at(s, ch) !== at(h.samples[0], ch));
    if (list[channel] && moves(list[channel])) return;
    const i = list.findIndex(moves);
    if (i >= 0 && i !== channel) { channel = i; $("curve-channel").value = i; hover = null; }
  }
  /** The channels of the selected animation: each property's components (x, y, width…). */
  function channels() {
    const h = history.get(selected), last = h?.samples[h.samples.length - 1];
    if (!last) return [];
    const labels = { 1: [""], 2: [".x", ".y"], 4: [".x", ".y", ".width", ".height"] };
    const out = [];
    last.props.forEach((p, pi) => {
      const n = (p.model || []).length;
      for (let c = 0; c < n; c++) out.push({ label: p.name + (labels[n]?.[c] ?? "[" + c + "]"), property: p.name, pi, c });
    });
    return out;
  }
  function fillChannels() {
    const list = channels(), select = $("curve-channel");
    select.replaceChildren(...list.map((ch, i) => { const o = document.createElement("option"); o.value = i; o.textContent = ch.label; return o; }));
    select.hidden = !list.length;
    if (channel >= list.length) channel = 0;
    select.value = channel;
    const h = history.get(selected);
    $("curve-title").textContent = h ? "· " + h.label + (h.group ? " (" + h.kind + ", first of " + h.group.count + ")" : " (" + h.kind + ")") : "";
    retune.selectionChanged();
  }
  $("curve-channel").addEventListener("change", e => { channel = Number(e.target.value); channelChosen = true; hover = null; drawCurves(); });

  // Canvas helpers: a canvas sized to its CSS width at the device's pixel ratio.
  function prepare(canvas, cssHeight) {
    const ratio = window.devicePixelRatio || 1, width = canvas.clientWidth || 300;
    canvas.style.height = cssHeight + "px";
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(cssHeight * ratio)) {
      canvas.width = Math.round(width * ratio); canvas.height = Math.round(cssHeight * ratio);
    }
    const ctx = canvas.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, cssHeight);
    ctx.font = "11px system-ui, sans-serif";
    return { ctx, width, height: cssHeight };
  }
  // The page's colours (style.css's custom properties), read once.
  const colors = {};
  const css = name => colors[name] ??= getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  /** Round tick values covering [lo, hi], about `count` of them. */
  function ticks(lo, hi, count) {
    const span = hi - lo || 1, raw = span / count, mag = Math.pow(10, Math.floor(Math.log10(raw)));
    const step = [1, 2, 5, 10].map(m => m * mag).find(s => span / s <= count) ?? 10 * mag;
    const out = [];
    for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
    return out;
  }
  const label = v => Math.abs(v) >= 1000 ? v.toFixed(0) : String(Number(v.toPrecision(4)));

  const ROW = 22, AXIS = 22, STATE = 74;
  let rows = [];
  function timeRange() {
    const now = runtime ? runtime.time : 0;
    return [Math.max(0, now - WINDOW), Math.max(WINDOW, now)];
  }
  function drawTimeline() {
    const empty = $("timeline-empty");
    if (!runtime?.supports.inspect) {
      empty.textContent = "The timeline and curves need kinetic_inspect, which this module does not export yet.";
      empty.hidden = false; timeline.hidden = curves.hidden = $("curve-readout").hidden = $("curves-head").hidden = true;
      return;
    }
    curves.hidden = $("curve-readout").hidden = $("curves-head").hidden = false;
    // By id (a group at its first member's), an expanded group's members right after it.
    const groupOrder = new Map([...history.values()].filter(h => h.group).map(h => [h.group.key, h.sortId]));
    const sortKey = h => h.member !== null && groupOrder.has(h.member) ? [groupOrder.get(h.member), 1, h.id] : [h.sortId, 0, h.order];
    rows = [...history.values()].sort((a, b) => {
      const x = sortKey(a), y = sortKey(b);
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
    empty.hidden = rows.length > 0;
    empty.textContent = "No animation has run yet: touch the scene.";
    timeline.hidden = !rows.length;
    if (!rows.length) return;
    const { ctx, width } = prepare(timeline, rows.length * ROW + AXIS + (more ? ROW : 0));
    // Room for a name and its run ("drawer.transform · run 2") even on a phone.
    const NAMES = Math.min(200, Math.round(width * 0.42)), bars = width - NAMES - STATE;
    const [t0, t1] = timeRange(), x = t => NAMES + (t - t0) / (t1 - t0) * bars;
    ctx.textBaseline = "middle";
    rows.forEach((h, i) => {
      const y = i * ROW;
      if (h.key === selected) { ctx.fillStyle = css("--accent-soft"); ctx.fillRect(0, y, width, ROW); }
      ctx.fillStyle = css("--ink");
      if (h.group) {
        // A group: a disclosure triangle, the family's name and how many.
        const open = h.group.expanded;
        ctx.beginPath();
        if (open) { ctx.moveTo(8, y + 8); ctx.lineTo(16, y + 8); ctx.lineTo(12, y + 14); }
        else { ctx.moveTo(9, y + 7); ctx.lineTo(15, y + 11); ctx.lineTo(9, y + 15); }
        ctx.fill();
        ctx.fillText(fit(ctx, h.label + " ×" + h.group.count.toLocaleString("en-US"), NAMES - 28), 20, y + ROW / 2);
      } else {
        const indent = h.member !== null ? 20 : 8;
        ctx.fillText(fit(ctx, h.label, NAMES - 4 - indent), indent, y + ROW / 2);
      }
      for (const s of h.segments) {
        if (s.t1 < t0) continue;
        ctx.fillStyle = css("--" + s.mode);
        const a = x(Math.max(s.t0, t0)), b = Math.max(a + 2, x(s.t1));
        ctx.fillRect(a, y + 6, b - a, ROW - 12);
      }
      const state = h.end !== null ? "finished" : h.group ? h.group.running.toLocaleString("en-US") + " running" :
        h.state + (typeof h.fraction === "number" && Number.isFinite(h.fraction) ? " " + h.fraction.toFixed(2) : "");
      if (h.end !== null && h.end >= t0) { ctx.fillStyle = css("--ink"); ctx.fillRect(x(h.end) - 1, y + 3, 2, ROW - 6); }
      ctx.fillStyle = css("--muted");
      ctx.textAlign = "right";
      ctx.fillText(state, width - 8, y + ROW / 2);
      ctx.textAlign = "left";
    });
    const axisY = rows.length * ROW + (more ? ROW : 0);
    if (more) { ctx.fillStyle = css("--muted"); ctx.fillText("+" + more + " more animations not shown", 8, rows.length * ROW + ROW / 2); }
    ctx.strokeStyle = css("--line"); ctx.beginPath(); ctx.moveTo(NAMES, axisY + 0.5); ctx.lineTo(NAMES + bars, axisY + 0.5); ctx.stroke();
    ctx.fillStyle = css("--muted"); ctx.textAlign = "center";
    for (const v of ticks(t0, t1, Math.max(2, Math.floor(bars / 56)))) ctx.fillText(label(v) + " s", x(v), axisY + AXIS / 2);
    ctx.textAlign = "left";
    // The playhead: the scene's time.
    ctx.fillStyle = css("--accent");
    ctx.fillRect(x(runtime.time) - 0.5, 0, 1, axisY);
  }
  function fit(ctx, text, width) {
    if (ctx.measureText(text).width <= width) return text;
    while (text.length > 1 && ctx.measureText(text + "…").width > width) text = text.slice(0, -1);
    return text + "…";
  }
  timeline.addEventListener("click", e => {
    const h = rows[Math.floor(e.offsetY / ROW)];
    if (!h) return;
    // A group's triangle (or a second click on its row) expands or collapses it.
    if (h.group && (e.offsetX < 22 || selected === h.key)) toggleGroup(h);
    select(h.key); redraw();
  });

  // Curves: model (solid), presentation (dashed) on the left axis, velocity (dotted) on the right.
  const PAD = { left: 58, right: 62, top: 28, bottom: 34 };
  let plot = null;
  function drawCurves() {
    const ch = channels()[channel], h = history.get(selected);
    const { ctx, width, height } = prepare(curves, 220);
    plot = null;
    ctx.fillStyle = css("--muted");
    if (!runtime?.supports.inspect) { ctx.fillText("Curves need kinetic_inspect.", 16, 24); return; }
    const shown = overlay && (!h || h.name === overlay.name) ? overlay : null;
    if (!shown && (!ch || !h)) { ctx.fillText("Select an animation in the timeline.", 16, 24); return; }
    const pts = shown ? shown.after : h.samples.map(s => {
      const p = s.props[ch.pi];
      return p ? { t: s.t, m: p.model?.[ch.c], p: p.presentation?.[ch.c], v: p.velocity?.[ch.c] } : null;
    }).filter(Boolean);
    const faint = shown ? shown.before : [];
    if (!pts.length) return;
    const finite = a => a.filter(v => typeof v === "number" && Number.isFinite(v));
    const all = pts.concat(faint);
    const values = finite(all.flatMap(q => [q.m, q.p])), velocities = finite(all.map(q => q.v));
    const range = (a, fallback) => {
      if (!a.length) return fallback;
      let lo = Math.min(...a), hi = Math.max(...a);
      if (lo === hi) { lo -= 1; hi += 1; }
      const pad = (hi - lo) * 0.08;
      return [lo - pad, hi + pad];
    };
    const [v0, v1] = range(values, [0, 1]), [w0, w1] = range(velocities, [-1, 1]);
    let t0 = Math.min(...all.map(q => q.t)), t1 = Math.max(...all.map(q => q.t));
    if (t1 - t0 < 0.05) t1 = t0 + 0.05;
    const X = t => PAD.left + (t - t0) / (t1 - t0) * (width - PAD.left - PAD.right);
    const Y = v => PAD.top + (1 - (v - v0) / (v1 - v0)) * (height - PAD.top - PAD.bottom);
    const YV = v => PAD.top + (1 - (v - w0) / (w1 - w0)) * (height - PAD.top - PAD.bottom);
    plot = { pts, X, t0, t1 };
    // Grid, ticks and axis labels.
    ctx.strokeStyle = css("--line"); ctx.lineWidth = 1; ctx.fillStyle = css("--muted");
    ctx.textAlign = "right"; ctx.textBaseline = "middle";
    for (const v of ticks(v0, v1, 5)) {
      const y = Math.round(Y(v)) + 0.5;
      ctx.beginPath(); ctx.moveTo(PAD.left, y); ctx.lineTo(width - PAD.right, y); ctx.stroke();
      ctx.fillText(label(v), PAD.left - 6, y);
    }
    ctx.textAlign = "left";
    for (const v of ticks(w0, w1, 5)) ctx.fillText(label(v), width - PAD.right + 6, YV(v));
    ctx.textAlign = "center"; ctx.textBaseline = "top";
    for (const t of ticks(t0, t1, Math.max(3, Math.floor((width - PAD.left - PAD.right) / 70)))) {
      const x = Math.round(X(t)) + 0.5;
      ctx.beginPath(); ctx.moveTo(x, height - PAD.bottom); ctx.lineTo(x, height - PAD.bottom + 4); ctx.stroke();
      ctx.fillText(label(t), x, height - PAD.bottom + 6);
    }
    ctx.fillText("scene time (s)", (PAD.left + width - PAD.right) / 2, height - 14);
    ctx.save(); ctx.translate(12, (PAD.top + height - PAD.bottom) / 2); ctx.rotate(-Math.PI / 2);
    ctx.fillText(shown ? shown.label : ch.label, 0, -6); ctx.restore();
    ctx.save(); ctx.translate(width - 10, (PAD.top + height - PAD.bottom) / 2); ctx.rotate(Math.PI / 2);
    ctx.fillText("velocity (/s)", 0, -6); ctx.restore();
    // The three series.
    const series = [["v", YV, css("--muted"), [2, 3], 1.25], ["p", Y, css("--running"), [6, 4], 2], ["m", Y, css("--ink"), [], 1.5]];
    // The last run's series first, faint (a retuned replay's "before"), then the shown run's.
    for (const [run, alpha] of [[faint, 0.28], [pts, 1]]) {
      ctx.globalAlpha = alpha;
      for (const [key, map, color, dash, lw] of series) {
        ctx.strokeStyle = color; ctx.setLineDash(dash); ctx.lineWidth = lw; ctx.beginPath();
        let pen = false;
        for (const q of run) {
          const v = q[key];
          if (typeof v !== "number" || !Number.isFinite(v)) { pen = false; continue; }
          if (pen) ctx.lineTo(X(q.t), map(v)); else { ctx.moveTo(X(q.t), map(v)); pen = true; }
        }
        ctx.stroke();
      }
    }
    ctx.globalAlpha = 1;
    ctx.setLineDash([]);
    // Legend.
    ctx.textAlign = "left"; ctx.textBaseline = "middle";
    let lx = 12;
    for (const [name, color, dash] of [["model", css("--ink"), []], ["presentation", css("--running"), [6, 4]], ["velocity", css("--muted"), [2, 3]]]) {
      ctx.strokeStyle = color; ctx.setLineDash(dash); ctx.lineWidth = 2;
      ctx.beginPath(); ctx.moveTo(lx, 12); ctx.lineTo(lx + 22, 12); ctx.stroke();
      ctx.setLineDash([]); ctx.fillStyle = css("--ink"); ctx.fillText(name, lx + 28, 12);
      lx += 40 + ctx.measureText(name).width;
    }
    if (faint.length) { ctx.fillStyle = css("--muted"); ctx.fillText("faint: before the timing edit", lx, 12); }
    // The hovered sample, with exact values below.
    if (hover) {
      const x = X(hover.t);
      ctx.strokeStyle = css("--accent"); ctx.lineWidth = 1;
      ctx.beginPath(); ctx.moveTo(x, PAD.top); ctx.lineTo(x, height - PAD.bottom); ctx.stroke();
      for (const [key, map] of [["m", Y], ["p", Y], ["v", YV]]) {
        if (typeof hover[key] === "number") { ctx.fillStyle = css("--accent"); ctx.beginPath(); ctx.arc(x, map(hover[key]), 3, 0, 7); ctx.fill(); }
      }
    }
  }
  curves.addEventListener("mousemove", e => {
    if (!plot) return;
    let best = null;
    for (const q of plot.pts) if (!best || Math.abs(plot.X(q.t) - e.offsetX) < Math.abs(plot.X(best.t) - e.offsetX)) best = q;
    hover = best;
    $("curve-readout").textContent = best ? "t = " + exact(best.t) + " s · model " + exact(best.m) +
      " · presentation " + exact(best.p) + " · velocity " + exact(best.v) + " /s" : "";
    drawCurves();
  });
  curves.addEventListener("mouseleave", () => { hover = null; drawCurves(); });

  function redraw() {
    if (!inView()) return;
    drawTimeline();
    fillChannelsIfChanged();
    followMotion();
    drawCurves();
  }
  let channelKey = "";
  function fillChannelsIfChanged() {
    const key = selected + ":" + channels().map(c => c.label).join(",");
    if (key !== channelKey) { channelKey = key; fillChannels(); }
  }
  function frame() { if (sample()) redraw(); }
  function attach(r) { runtime = r; openChanged(); }
  /** The selected animation ({ name, kind, timing }) and the channel shown ({ label, property, c }). */
  function selection() {
    const h = history.get(selected);
    return h ? { name: h.name, label: h.label, kind: h.kind, timing: h.timing, channel: channels()[channel] ?? null } : null;
  }
  function showOverlay(o) { overlay = o; hover = null; drawCurves(); }
  /** The rows the timeline draws, as { key, label, kind, group, member, internal } (for tools and tests). */
  const shownRows = () => rows.map(h => ({ key: h.key, label: h.label, name: h.name, kind: h.kind, group: h.group,
                                           member: h.member, internal: h.internal, end: h.end }));
  return { attach, frame, reset, truncate, redraw, openChanged, sample, selection, showOverlay, prepare, css, shownRows, toggleGroup: key => { const h = history.get(key); if (h) toggleGroup(h); } };
})();

// --- Live timing edits: replay the recorded gesture with another timing --------------------------------
const retune = (() => {
  let runtime = null, target = null;   // target: { name, label, c, channelLabel } of the last replay
  const FORMS = {
    "spring": [["mass", "mass"], ["stiffness", "stiffness"], ["damping", "damping"]],
    "spring-response": [["dampingRatio", "damping ratio"], ["response", "response (s)"]],
    "spring-bounce": [["duration", "duration (s)"], ["bounce", "bounce"]],
    "cubic": [["x1", "x1"], ["y1", "y1"], ["x2", "x2"], ["y2", "y2"]],
    "decay": [["rate", "rate (/ms)"]],
  };
  const form = $("retune-form"), fields = $("retune-fields"), status = $("retune-status");
  function showForm(kind, values = {}) {
    form.value = kind;
    fields.replaceChildren(...FORMS[kind].map(([key, text]) => {
      const l = document.createElement("label"), i = document.createElement("input");
      i.type = "number"; i.step = "any"; i.id = "retune-" + key; i.value = values[key] ?? "";
      i.addEventListener("input", drawPreview);
      l.append(text, i);
      return l;
    }));
    drawPreview();
  }
  form.addEventListener("change", () => showForm(form.value));
  const value = key => Number($("retune-" + key)?.value);
  const numbers = () => FORMS[form.value].map(([key]) => value(key));
  /** The form as HostSession's spec line ("spring 1 300 20"), or null if a field is not a number. */
  function spec() {
    const n = numbers();
    return n.every(Number.isFinite) ? form.value + " " + n.join(" ") : null;
  }
  /** The form as Kinetic code (the initializers HostSession.setTimingOverride(spec:) uses). */
  function swift() {
    const n = numbers(), f = x => String(x);
    switch (form.value) {
      case "spring": return "SpringTimingParameters(mass: " + f(n[0]) + ", stiffness: " + f(n[1]) + ", damping: " + f(n[2]) + ")";
      case "spring-response": return "SpringTimingParameters(dampingRatio: " + f(n[0]) + ", response: " + f(n[1]) + ")";
      case "spring-bounce": return "SpringTimingParameters(duration: " + f(n[0]) + ", bounce: " + f(n[1]) + ")";
      case "cubic": return "CubicTimingParameters(controlPoint1: Point(x: " + f(n[0]) + ", y: " + f(n[1]) +
        "), controlPoint2: Point(x: " + f(n[2]) + ", y: " + f(n[3]) + "))";
      default: return "DecayTimingParameters(rate: " + f(n[0]) + ")";
    }
  }
  // The form's curve: a cubic's progress over its fraction of the duration, with its two control
  // points as handles to drag (their coordinates go into the fields); a spring's step response
  // (from 0 to 1, over its settling time: the closed form of the damped oscillator); a decay's
  // distance as a fraction of where it comes to rest.
  const preview = $("retune-curve"), previewNote = $("retune-curve-note"), HEIGHT = 150, PAD = 16;
  const CUBIC_Y = [-0.6, 1.6];   // fixed while dragging, so a handle stays under the pointer
  let geometry = null, dragging = 0;
  /** ω₀ and ζ of the spring in the form, or null. */
  function springOf(kind, n) {
    if (!n.every(x => Number.isFinite(x) && x > -1)) return null;
    if (kind === "spring") {
      const [m, k, c] = n;
      return m > 0 && k > 0 && c >= 0 ? { w: Math.sqrt(k / m), z: c / (2 * Math.sqrt(k * m)) } : null;
    }
    const [a, b] = n;
    if (kind === "spring-response") return a >= 0 && b > 0 ? { w: 2 * Math.PI / b, z: a } : null;
    const bounce = Math.min(Math.max(b, -0.999), 1);   // as SpringTimingParameters(duration:bounce:) clamps
    return a > 0 ? { w: 2 * Math.PI / a, z: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce) } : null;
  }
  /** The unit step response of a spring at time t (0 → 1, starting at rest). */
  function stepResponse({ w, z }, t) {
    if (z < 1) {
      const wd = w * Math.sqrt(1 - z * z);
      return 1 - Math.exp(-z * w * t) * (Math.cos(wd * t) + z * w / wd * Math.sin(wd * t));
    }
    if (z === 1) return 1 - Math.exp(-w * t) * (1 + w * t);
    const s = w * Math.sqrt(z * z - 1), r1 = -z * w + s, r2 = -z * w - s;
    return 1 - (r2 * Math.exp(r1 * t) - r1 * Math.exp(r2 * t)) / (r2 - r1);
  }
  /** The curve of the form as points {x, y} with x in [0, 1], its axis labels and its y range. */
  function curveOf() {
    const kind = form.value, n = numbers(), steps = 160, pts = [];
    if (kind === "cubic") {
      if (!n.every(Number.isFinite)) return null;
      const [x1, y1, x2, y2] = n, b = (t, a, c) => 3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * c + t * t * t;
      for (let i = 0; i <= steps; i++) { const t = i / steps; pts.push({ x: b(t, x1, x2), y: b(t, y1, y2) }); }
      return { pts, y: CUBIC_Y, handles: [[x1, y1], [x2, y2]], xLabel: "fraction of the duration", note: "Drag the two handles, or type the control points." };
    }
    if (kind === "decay") {
      const rate = n[0];
      if (!(rate > 0 && rate < 1)) return null;
      const k = -1000 * Math.log(rate), end = Math.log(1000) / k;   // 0.1 % of the distance left
      for (let i = 0; i <= steps; i++) { const t = i / steps * end; pts.push({ x: i / steps, y: 1 - Math.exp(-k * t) }); }
      return { pts, y: [0, 1.1], xLabel: "0 to " + label(end) + " s", note: "A decay's distance travelled, as a fraction of where it comes to rest." };
    }
    const spring = springOf(kind, n);
    if (!spring) return null;
    const slow = spring.z < 1 ? spring.z * spring.w : spring.w * (spring.z - Math.sqrt(spring.z * spring.z - 1));
    const end = Math.min(60, Math.max(0.05, Math.log(1000) / slow));
    let lo = 0, hi = 1;
    for (let i = 0; i <= steps; i++) {
      const y = stepResponse(spring, i / steps * end);
      pts.push({ x: i / steps, y }); lo = Math.min(lo, y); hi = Math.max(hi, y);
    }
    return { pts, y: [lo - 0.05, hi + 0.05], xLabel: "0 to " + label(end) + " s (settled within 0.1 %)",
             note: "The spring from 0 to 1 from rest: damping ratio " + label(spring.z) + ", response " + label(2 * Math.PI / spring.w) + " s." };
  }
  const label = v => String(Number(v.toPrecision(3)));
  function drawPreview() {
    const curve = curveOf();
    const { ctx, width } = inspector.prepare(preview, HEIGHT);
    preview.classList.toggle("draggable", form.value === "cubic");
    geometry = null;
    if (!curve) { ctx.fillStyle = inspector.css("--muted"); ctx.fillText("Every field needs a valid number.", PAD, 24); previewNote.textContent = ""; return; }
    const [lo, hi] = curve.y, w = width - 2 * PAD, h = HEIGHT - 2 * PAD;
    const X = x => PAD + x * w, Y = y => PAD + (hi - y) / (hi - lo) * h;
    geometry = { X, Y, lo, hi, w, h };
    ctx.strokeStyle = inspector.css("--line"); ctx.lineWidth = 1;
    for (const y of [0, 1]) { ctx.beginPath(); ctx.moveTo(X(0), Y(y)); ctx.lineTo(X(1), Y(y)); ctx.stroke(); }
    ctx.fillStyle = inspector.css("--muted");
    ctx.fillText("1", 4, Y(1) + 4); ctx.fillText("0", 4, Y(0) + 4);
    ctx.textAlign = "right"; ctx.fillText(curve.xLabel, width - PAD, HEIGHT - 3); ctx.textAlign = "left";
    if (curve.handles) {
      ctx.strokeStyle = inspector.css("--muted");
      const ends = [[0, 0], [1, 1]];
      curve.handles.forEach(([x, y], i) => { ctx.beginPath(); ctx.moveTo(X(ends[i][0]), Y(ends[i][1])); ctx.lineTo(X(x), Y(y)); ctx.stroke(); });
    }
    ctx.strokeStyle = inspector.css("--accent"); ctx.lineWidth = 2; ctx.beginPath();
    curve.pts.forEach((q, i) => i ? ctx.lineTo(X(q.x), Y(q.y)) : ctx.moveTo(X(q.x), Y(q.y)));
    ctx.stroke();
    if (curve.handles) {
      curve.handles.forEach(([x, y], i) => {
        ctx.beginPath(); ctx.arc(X(x), Y(Math.min(hi, Math.max(lo, y))), 6, 0, 2 * Math.PI);
        ctx.fillStyle = dragging === i + 1 ? inspector.css("--accent") : "#fff"; ctx.fill();
        ctx.strokeStyle = inspector.css("--accent"); ctx.lineWidth = 2; ctx.stroke();
      });
    }
    previewNote.textContent = curve.note;
  }
  /** The cubic handle (1 or 2) within 14 px of a pointer event, or 0. */
  function handleAt(e) {
    if (form.value !== "cubic" || !geometry) return 0;
    const r = preview.getBoundingClientRect(), x = e.clientX - r.left, y = e.clientY - r.top;
    const [x1, y1, x2, y2] = numbers();
    const d = (hx, hy) => Math.hypot(geometry.X(hx) - x, geometry.Y(Math.min(geometry.hi, Math.max(geometry.lo, hy))) - y);
    const d1 = d(x1, y1), d2 = d(x2, y2);
    return Math.min(d1, d2) > 14 ? 0 : d1 <= d2 ? 1 : 2;
  }
  preview.addEventListener("pointerdown", e => {
    dragging = handleAt(e);
    if (!dragging) return;
    preview.setPointerCapture(e.pointerId); preview.classList.add("dragging");
    e.preventDefault(); drawPreview();
  });
  preview.addEventListener("pointermove", e => {
    if (!dragging || !geometry) return;
    const r = preview.getBoundingClientRect(), round = v => Math.round(v * 1000) / 1000;
    const x = Math.min(1, Math.max(0, (e.clientX - r.left - PAD) / geometry.w));
    const y = Math.min(geometry.hi, Math.max(geometry.lo, geometry.hi - (e.clientY - r.top - PAD) / geometry.h * (geometry.hi - geometry.lo)));
    $("retune-x" + dragging).value = round(x); $("retune-y" + dragging).value = round(y);
    drawPreview();
  });
  const release = () => { if (dragging) { dragging = 0; preview.classList.remove("dragging"); drawPreview(); } };
  preview.addEventListener("pointerup", release);
  preview.addEventListener("pointercancel", release);
  new ResizeObserver(() => drawPreview()).observe(preview);

  /** Prefills the form from the newly selected animation's timing (runtime.inspect()'s). */
  function selectionChanged() {
    const s = inspector.selection();
    if (!s || s.name === target?.name) return;
    $("retune-title").textContent = "· " + s.name;
    const t = s.timing || {};
    if (t.type === "spring") showForm("spring", { mass: t.mass, stiffness: t.stiffness, damping: t.damping });
    else if (t.type === "cubic") showForm("cubic", { x1: t.c1x, y1: t.c1y, x2: t.c2x, y2: t.c2y });
    else if (t.type === "decay") showForm("decay", { rate: t.rate });
  }
  /** Replays the whole session with the current overrides, recording property `label`: its
   * samples ({ time, model, presentation, velocity }), one per frame time (the frame a page
   * draws at the replayed instant holds the engine there: no new sample). */
  function run(label) {
    runtime.watch(label);
    runtime.replay();
    const out = runtime.samples().samples.filter((q, i, all) => i === 0 || q.time !== all[i - 1].time);
    runtime.unwatch();
    return out;
  }
  /** Component `c` of recorded samples, as the curves draw them: [{t, m, p, v}]. */
  const component = (samples, c) => samples.map(q => ({ t: q.time, m: q.model[c], p: q.presentation[c], v: q.velocity[c] }));
  /** Replays with `change` applied ("set" the form's timing, or "clear" every override). */
  function replay(change) {
    const s = inspector.selection();
    const chosen = s && s.channel ? { name: s.name, kind: s.kind, label: s.channel.property, c: s.channel.c, channelLabel: s.channel.label } : target;
    if (!chosen) { status.textContent = "Select an animation in the timeline first."; return; }
    // A timing edit replaces an animator's timing. Physics (UIKit Dynamics, POP, a spring or
    // decay animation) has no timing to replace: say so rather than report a replay that changed
    // nothing, with no samples before or after.
    const kind = s && s.name === chosen.name ? s.kind : chosen.kind;
    if (change === "set" && kind && kind !== "animator") {
      status.textContent = "Cannot retune " + chosen.name + ": it is " + ({ dynamics: "a UIKit Dynamics simulation",
        pop: "a POP animation", spring: "a spring animation", decay: "a decay", boundedDecay: "a decay" }[kind] ?? "physics") +
        ", whose motion comes from its own parameters, not from a timing curve. Timing edits apply to property animators.";
      return;
    }
    const line = spec();
    if (change === "set" && line === null) { status.textContent = "Every field needs a number."; return; }
    // The last run's curves: the previous replay's, else the recorded session replayed as it is.
    const before = target && target.name === chosen.name && target.after ? target.after : run(chosen.label);
    if (change === "set") {
      const result = runtime.setTiming(chosen.name, line);
      if (!result.ok) { status.textContent = "Refused: " + result.error; return; }
    } else {
      runtime.clearTimings();
    }
    const after = run(chosen.label);
    if (!after.length && !before.length) {
      status.textContent = "Nothing was replayed for " + chosen.name + ": the replay recorded no samples of " + chosen.label + ".";
      return;
    }
    target = { ...chosen, after };
    // The channel shown, or, if it stands still in both runs (a transform's first component
    // while the drawer moves in y), the first component that moves.
    const moves = c => before.concat(after).some(q => q.presentation[c] !== after[0]?.presentation[c]);
    const n = after[0]?.presentation.length ?? 0;
    let c = chosen.c;
    if (!moves(c)) for (let i = 0; i < n; i++) if (moves(i)) { c = i; break; }
    const label = c === chosen.c ? chosen.channelLabel : chosen.label + "[" + c + "]";
    inspector.showOverlay({ name: chosen.name, label, before: component(before, c), after: component(after, c) });
    window.kineticRetune = { name: chosen.name, spec: change === "set" ? line : null, swift: swift(), before, after };
    status.textContent = change === "set"
      ? "Replayed the whole session with " + chosen.name + " on " + line + "."
      : "Replayed the whole session with the original timing.";
  }
  function attach(r) {
    runtime = r;
    if (!fields.children.length) showForm("spring", { mass: 1, stiffness: 300, damping: 20 });
    if (!runtime.supports.retune) {
      for (const id of ["retune-replay", "retune-clear", "retune-copy"]) $(id).disabled = true;
      status.textContent = "Timing edits need kinetic_set_timing and kinetic_replay, which this module does not export yet.";
      return;
    }
    $("retune-replay").addEventListener("click", () => replay("set"));
    $("retune-clear").addEventListener("click", () => replay("clear"));
    $("retune-copy").addEventListener("click", async () => {
      const code = swift();
      window.kineticRetune = { ...(window.kineticRetune || {}), swift: code };
      try { await navigator.clipboard.writeText(code); status.textContent = "Copied: " + code; }
      catch { status.textContent = "Copy this: " + code; }
    });
  }
  /** A newly shown scene starts with its own timing (the module cleared the overrides). */
  function reset() { target = null; inspector.showOverlay(null); }
  return { attach, selectionChanged, reset };
})();

// --- Transport, scrubber, export and import ------------------------------------------------------------
const transport = (() => {
  let runtime = null, span = 0, scrubbing = false;
  const pause = $("pause"), step = $("step"), scrubber = $("scrubber");
  // The compact copy under the scene on a phone: the same clock, through the same buttons.
  const miniPause = $("mini-pause"), miniScrubber = $("mini-scrubber"), scrubbers = [scrubber, miniScrubber];
  function sync() {
    if (!runtime) return;
    for (const b of [pause, miniPause]) {
      b.textContent = runtime.running ? "Pause" : "Resume";
      b.setAttribute("aria-pressed", String(!runtime.running));
    }
    for (const b of document.querySelectorAll("[data-rate]")) b.classList.toggle("on", Number(b.dataset.rate) === runtime.rate);
    for (const b of document.querySelectorAll("[data-motion]")) {
      b.classList.toggle("on", b.dataset.motion === runtime.motionPolicy);
      b.setAttribute("aria-pressed", String(b.dataset.motion === runtime.motionPolicy));
    }
    tick();
  }
  /** Per frame: the clock readout and the recorded span. */
  function tick() {
    if (!runtime) return;
    const t = runtime.time;
    // The recorded session as the module logs it (a new branch after a seek back shortens it);
    // without time travel, as far as the clock went.
    span = runtime.supports?.seek ? Math.max(t, runtime.loggedEndTime()) : Math.max(span, t);
    $("clock").textContent = $("mini-clock").textContent = seconds(t);
    if (!scrubbing) {
      for (const r of scrubbers) { r.max = String(span); r.value = String(t); }
      $("span").textContent = span.toFixed(2) + " s recorded";
    }
  }
  function reset() { span = 0; sync(); }   // a newly shown scene starts with the clock running
  function attach(r) {
    runtime = r;
    pause.addEventListener("click", () => runtime.running ? runtime.pause() : runtime.resume());
    step.addEventListener("click", () => runtime.step(1));
    miniPause.addEventListener("click", () => pause.click());
    $("mini-step").addEventListener("click", () => step.click());
    for (const b of document.querySelectorAll("[data-rate]")) b.addEventListener("click", () => runtime.setRate(Number(b.dataset.rate)));
    for (const b of document.querySelectorAll("[data-motion]")) {
      if (!runtime.setMotionPolicy) { b.disabled = true; continue; }
      b.addEventListener("click", () => { runtime.setMotionPolicy(b.dataset.motion); sync(); });
    }
    document.addEventListener("keydown", e => {
      if (e.target.closest?.("input, select, textarea, button, summary") || e.metaKey || e.ctrlKey || e.altKey) return;
      if (e.key === " ") { e.preventDefault(); pause.click(); } else if (e.key === ".") step.click();
    });
    if (!runtime.supports.seek) {
      scrubber.disabled = miniScrubber.disabled = true;
      $("scrub-note").hidden = false;
      $("scrub-note").textContent = "Seeking needs kinetic_seek, which this module does not export yet.";
    }
    for (const r of scrubbers) r.addEventListener("input", () => {
      scrubbing = true;
      for (const other of scrubbers) if (other !== r) other.value = r.value;
      $("span").textContent = "seek to " + Number(r.value).toFixed(2) + " s";
      $("mini-clock").textContent = seconds(Number(r.value));
    });
    // Seek on release, by exact replay; the logged future stays reachable until new input
    // starts a new branch of history from that instant.
    // A long session (the pyramid's 30 s) takes a moment to replay: say so, let the page paint
    // that, then replay, and say how long it took if it was long enough to notice.
    for (const r of scrubbers) r.addEventListener("change", () => {
      const t = Number(r.value);
      $("span").textContent = "replaying to " + t.toFixed(2) + " s…";
      requestAnimationFrame(() => setTimeout(() => {
        const t0 = performance.now();
        runtime.seek(t);   // onRebuild truncates the span and the inspector's history
        const ms = performance.now() - t0;
        scrubbing = false;
        tick();
        if (ms > 150) $("span").textContent = "replayed " + t.toFixed(2) + " s in " + (ms / 1000).toFixed(1) + " s";
      }, 0));
    });
    wireExports();
    sync();
  }
  function download(name, text, type) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type }));
    a.download = name;
    document.body.appendChild(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }
  /** The Swift test the export button saves: { name, text } (text "" if refused). It imports the
   * app's module (a user's package, named by the build's manifest) or the demos'. */
  function testFile() {
    const name = (runtime.current?.name ?? "scene").split(/[^A-Za-z0-9]+/).filter(Boolean).map(w => w[0].toUpperCase() + w.slice(1)).join("");
    return { name: name + "ReplayTests.swift", text: runtime.testSource(code.app() ?? {}) };
  }
  function wireExports() {
    const status = $("io-status"), scene = () => runtime.current?.name ?? "scene";
    const need = (button, ok, what) => { button.disabled = !ok; if (!ok) button.title = "needs " + what + " in the module"; };
    need($("export-script"), runtime.supports.script, "kinetic_script");
    need($("export-test"), runtime.supports.testSource, "kinetic_test_source");
    if (!runtime.supports.importScript) {
      $("import-script").disabled = true;
      document.querySelector("label[for=import-script]").setAttribute("aria-disabled", "true");
    }
    if (!runtime.supports.script || !runtime.supports.importScript) {
      status.textContent = "Export and import need the module's kinetic_script, kinetic_test_source and kinetic_import_script.";
    }
    $("export-script").addEventListener("click", () => {
      download(scene() + "-gesture.txt", runtime.script(), "text/plain");
      status.textContent = "Saved the gesture script of this session (" + seconds(runtime.time) + ").";
    });
    $("export-test").addEventListener("click", () => {
      const file = testFile();
      if (!file.text) { status.textContent = "No test: " + (runtime.lastError || "nothing to replay") + "."; return; }
      download(file.name, file.text, "text/x-swift");
      status.textContent = "Saved " + file.name + ": a Swift Testing file that replays this session and checks its values.";
    });
    $("import-script").addEventListener("change", async e => {
      const file = e.target.files[0];
      e.target.value = "";
      if (!file) return;
      const result = runtime.importScript(await file.text());
      if (result.ok) status.textContent = "Replayed " + file.name + ".";
      else status.textContent = "Could not import " + file.name + ": " + result.error;
    });
  }
  /** After a seek to `t` the recorded input ends there. */
  // A seek back keeps the logged future (the module drops it at the first new input), so the
  // scrubber still reaches it.
  function truncate(t) { span = Math.max(t, runtime.loggedEndTime()); }
  return { attach, sync, tick, reset, truncate, testFile };
})();

// --- The scene's words ---------------------------------------------------------------------------------
function describe(scene) {
  const notes = KineticDemoNotes[scene.name];
  $("title").textContent = scene.title;
  // The scene's own one-line hint (SceneEntry.hint, a user's app's too); the page's as a fallback.
  const hint = scene.hint || notes?.hint || "";
  $("hint").textContent = hint;
  $("hint").hidden = !hint;
  $("try").replaceChildren(...(notes?.try ?? []).map(t => { const li = document.createElement("li"); li.textContent = t; return li; }));
  $("try").hidden = $("try-heading").hidden = !notes;
  $("description").textContent = scene.description;
  document.title = scene.title + " · Kinetic Studio";
}

let stageWidth = "";
KineticRuntime.start({
  stage,
  onScenes(scenes) {
    for (const s of scenes) {
      const o = document.createElement("option");
      o.value = s.name; o.textContent = s.title;
      picker.appendChild(o);
    }
    picker.addEventListener("change", () => { location.hash = picker.value; });
  },
  onSelect(scene) {
    picker.value = scene.name;
    describe(scene);
    code.show(scene);
    inspector.reset();
    transport.reset();
    retune.reset();
  },
  onClock() { transport.sync(); inspector.frame(); },
  onRebuild(t, how) {
    // A seek or a retuned replay keeps the session's history up to the instant it lands on (the
    // same input replays the same animations with the same ids); an import starts a new one.
    if (how === "seek" || how === "replay") { transport.truncate(t); inspector.truncate(t); } else { transport.reset(); inspector.reset(); }
  },
  onFrame(stats) {
    if (stage.style.width + stage.style.height !== stageWidth) { stageWidth = stage.style.width + stage.style.height; fitStage(); }
    transport.tick();
    inspector.frame();
    if (stats.frames % 15 !== 0) return;
    const mean = a => (a.reduce((x, y) => x + y, 0) / a.length).toFixed(3);
    $("frametime").textContent = mean(stats.samples) + " ms (mean of " + stats.samples.length + ")";
    $("enginetime").textContent = mean(stats.engineSamples) + " ms";
    $("drawtime").textContent = mean(stats.drawSamples) + " ms";
  },
}).then(runtime => {
  if (!runtime) { document.querySelector(".about")?.setAttribute("hidden", ""); $("panel").setAttribute("hidden", ""); return; }
  window.kineticStudio = runtime;   // for tools and tests: supports, time, inspect()…
  window.kineticTimeline = { rows: inspector.shownRows, toggleGroup: inspector.toggleGroup };   // the rows drawn
  runtime.testFile = transport.testFile;   // the export button's Swift test: { name, text }
  runtime.studio = { selection: inspector.selection, showOverlay: inspector.showOverlay };   // for kinetic-live.js
  transport.attach(runtime);
  inspector.attach(runtime);
  retune.attach(runtime);
  let tab = "inspector";
  try { tab = localStorage.getItem("kinetic.tab") === "code" ? "code" : "inspector"; } catch { /* private mode */ }
  showTab(tab);
});
