// The playground's JavaScript: it (a) forwards pointer events with their timestamps, (b) calls
// the Swift engine once per animation frame with the frame's time, and (c) draws the render list
// Swift encodes (RenderListEncoder) as DOM elements. No animation logic lives here.
"use strict";
const STRIDE = 21, HEADER = 4;
const stage = document.getElementById("stage");
let k = null;               // the module's exports
let demos = [];             // {name, title, description}
const stats = { last: 0, engine: 0, draw: 0, samples: [], engineSamples: [], drawSamples: [], frames: 0 };
window.kineticStats = stats;

function text(len) {
  return new TextDecoder().decode(new Uint8Array(k.memory.buffer, k.kinetic_text(), len));
}

async function load() {
  const bytes = await (await fetch("kinetic.wasm")).arrayBuffer();
  const module = await WebAssembly.compile(bytes);
  // wasi-libc imports a few WASI functions the demos never reach; stub them.
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    imports[imp.module] ??= {};
    if (imp.kind === "function") imports[imp.module][imp.name] = () => 0;
  }
  k = (await WebAssembly.instantiate(module, imports)).exports;
  const n = k.kinetic_demo_count();
  const picker = document.getElementById("picker");
  for (let i = 0; i < n; i++) {
    const d = { name: text(k.kinetic_describe(i, 0)), title: text(k.kinetic_describe(i, 1)),
                description: text(k.kinetic_describe(i, 2)) };
    demos.push(d);
    const o = document.createElement("option");
    o.value = d.name; o.textContent = d.title;
    picker.appendChild(o);
  }
  picker.addEventListener("change", () => { location.hash = picker.value; });
  window.addEventListener("hashchange", select);
  select();
  requestAnimationFrame(frame);
  window.kineticReady = true;
}

function select() {
  let i = demos.findIndex(d => "#" + d.name === location.hash);
  if (i < 0) i = 0;
  document.getElementById("picker").value = demos[i].name;
  document.getElementById("title").textContent = demos[i].title;
  document.getElementById("description").textContent = demos[i].description;
  stage.replaceChildren();
  slots.length = 0;
  stats.samples = []; stats.engineSamples = []; stats.drawSamples = [];
  k.kinetic_select(i, performance.now() / 1000);
  window.kineticDemo = demos[i].name;
}

// (a) Pointer events, in stage points, with the event's own timestamp (same clock as frames).
function forward(phase) {
  return e => {
    const r = stage.getBoundingClientRect();
    const x = (e.clientX - r.left) * 375 / r.width, y = (e.clientY - r.top) * 667 / r.height;
    if (phase === 0) stage.setPointerCapture(e.pointerId);
    k.kinetic_pointer(phase, e.pointerId, x, y, e.timeStamp / 1000);
    e.preventDefault();
  };
}
stage.addEventListener("pointerdown", forward(0));
stage.addEventListener("pointermove", forward(1));
stage.addEventListener("pointerup", forward(2));
stage.addEventListener("pointercancel", forward(3));

// (b) One engine frame per animation frame; (c) draw. The readout is the script time of both,
// split into the engine's own time (the wasm kinetic_frame call: tick + encode) and the draw.
function frame(now) {
  const t0 = performance.now();
  k.kinetic_frame(now / 1000);
  const t1 = performance.now();
  draw();
  const t2 = performance.now();
  const dt = t2 - t0;
  stats.last = dt; stats.engine = t1 - t0; stats.draw = t2 - t1; stats.frames++;
  stats.samples.push(dt); stats.engineSamples.push(stats.engine); stats.drawSamples.push(stats.draw);
  if (stats.samples.length > 120) { stats.samples.shift(); stats.engineSamples.shift(); stats.drawSamples.shift(); }
  if (stats.frames % 15 === 0) {
    const mean = a => (a.reduce((x, y) => x + y, 0) / a.length).toFixed(3);
    document.getElementById("frametime").textContent = mean(stats.samples) + " ms (mean of " + stats.samples.length + ")";
    document.getElementById("enginetime").textContent = mean(stats.engineSamples) + " ms";
    document.getElementById("drawtime").textContent = mean(stats.drawSamples) + " ms";
  }
  requestAnimationFrame(frame);
}

// (c) The render list as DOM elements, one per command slot, written only where they change.
const slots = [];
function set(el, key, value, apply) { if (el["_" + key] !== value) { el["_" + key] = value; apply(value); } }
function rgba(n, i, opacityScale) {
  return "rgba(" + Math.round(n[i] * 255) + "," + Math.round(n[i + 1] * 255) + "," + Math.round(n[i + 2] * 255) + "," + n[i + 3] + ")";
}
function draw() {
  const n = new Float64Array(k.memory.buffer, k.kinetic_numbers(), k.kinetic_numbers_length());
  const b = new Uint8Array(k.memory.buffer, k.kinetic_bytes(), k.kinetic_bytes_length());
  const decoder = draw.decoder ??= new TextDecoder();
  const str = (o, l) => decoder.decode(b.subarray(o, o + l));
  const count = n[1];
  const parents = [stage], indices = [0];
  for (let c = 0; c < count; c++) {
    const i = HEADER + c * STRIDE, kind = n[i];
    if (kind === 4) { parents.pop(); indices.pop(); continue; }
    let el = slots[c];
    if (!el || el._kind !== kind) {
      el = document.createElement(kind === 5 ? "canvas" : "div");
      el._kind = kind;
      if (kind === 2) el.className = "t";
      if (slots[c]) slots[c].remove();
      slots[c] = el;
    }
    const parent = parents[parents.length - 1], at = indices[indices.length - 1]++;
    if (parent.children[at] !== el) parent.insertBefore(el, parent.children[at] || null);
    const s = el.style;
    set(el, "w", n[i + 3], v => s.width = v + "px");
    set(el, "h", n[i + 4], v => s.height = v + "px");
    set(el, "m", "matrix(" + n[i + 5] + "," + n[i + 6] + "," + n[i + 7] + "," + n[i + 8] + "," + n[i + 9] + "," + n[i + 10] + ")", v => s.transform = v);
    if (kind === 1 || kind === 3) {
      set(el, "r", n[i + 12] + "px " + n[i + 13] + "px " + n[i + 14] + "px " + n[i + 15] + "px", v => s.borderRadius = v);
    }
    if (kind === 1 || kind === 2) {
      set(el, "name", str(n[i + 1], n[i + 2]), v => el.dataset.name = v);
      set(el, "o", n[i + 11], v => s.opacity = v);
    }
    if (kind === 1) {
      set(el, "bg", rgba(n, i + 16), v => s.background = v);
      // Blur is drawn as a backdrop blur: what is behind the node, as UIVisualEffectView.
      set(el, "blur", n[i + 20], v => s.backdropFilter = s.webkitBackdropFilter = v > 0 ? "blur(" + v + "px)" : "");
    } else if (kind === 2) {
      set(el, "text", str(n[i + 12], n[i + 13]), v => el.textContent = v);
      set(el, "fg", rgba(n, i + 16), v => s.color = v);
      set(el, "fs", n[i + 20], v => s.fontSize = v + "px");
    } else if (kind === 3) {
      set(el, "clip", 1, () => s.overflow = "hidden");
      parents.push(el); indices.push(0);
    }
    if (kind === 5) {
      set(el, "name", str(n[i + 1], n[i + 2]), v => el.dataset.name = v);
      set(el, "o", n[i + 11], v => s.opacity = v);
      drawDots(el, n, i);
    }
  }
  // Remove what the list no longer has.
  for (let c = count; c < slots.length; c++) slots[c].remove();
  slots.length = Math.min(slots.length, count);
  const trim = (el, from) => { while (el.children.length > from) el.lastChild.remove(); };
  trim(stage, indices[0]);
}

// (d) Kind 5, a dot batch, on the <canvas> that is its slot: the command's box (clipping the
// dots), CSS-transformed like a rect, at the device's pixel ratio. The per-dot numbers are the
// packed block at n[i + 12]: P colours, N (x, y) centres in the box, N palette indices. Canvas
// paths of 10,000 arcs take tens of ms in software, so the dots are rasterized straight into an
// ImageData: each pixel within half a pixel of a dot gets coverage r + ½ − distance (a smooth
// edge), blended source-over, colour by colour in palette order. Nothing is redrawn while the
// block is the same as the last frame's.
function drawDots(canvas, n, i) {
  const w = n[i + 3], h = n[i + 4], ratio = window.devicePixelRatio || 1;
  const pw = Math.max(1, Math.ceil(w * ratio)), ph = Math.max(1, Math.ceil(h * ratio));
  const block = n[i + 12], count = n[i + 13], colors = n[i + 15];
  const end = block + colors * 4 + count * 3;
  const radius = n[i + 14] * ratio, last = canvas._block;
  if (canvas.width === pw && canvas.height === ph && last && last.length === end - block + 1 && last[0] === radius) {
    let same = true;
    for (let j = block; j < end; j++) if (last[j - block + 1] !== n[j]) { same = false; break; }
    if (same) return;
  }
  const saved = canvas._block = new Float64Array(end - block + 1);
  saved[0] = radius;
  saved.set(n.subarray(block, end), 1);
  if (canvas.width !== pw) canvas.width = pw;
  if (canvas.height !== ph) canvas.height = ph;
  const ctx = canvas._ctx ??= canvas.getContext("2d");
  let image = canvas._image;
  if (!image || image.width !== pw || image.height !== ph) image = canvas._image = ctx.createImageData(pw, ph);
  const px = image.data;
  px.fill(0);
  const xy = block + colors * 4, index = xy + 2 * count, reach = radius + 0.5;
  for (let c = 0; c < colors; c++) {
    const o = block + c * 4, red = n[o] * 255, green = n[o + 1] * 255, blue = n[o + 2] * 255, alpha = n[o + 3];
    for (let d = 0; d < count; d++) {
      if (n[index + d] !== c) continue;
      const x = n[xy + 2 * d] * ratio, y = n[xy + 2 * d + 1] * ratio;
      const x0 = Math.max(0, Math.floor(x - reach)), x1 = Math.min(pw - 1, Math.floor(x + reach));
      const y0 = Math.max(0, Math.floor(y - reach)), y1 = Math.min(ph - 1, Math.floor(y + reach));
      for (let yy = y0; yy <= y1; yy++) {
        const dy = yy + 0.5 - y;
        for (let xx = x0; xx <= x1; xx++) {
          const dx = xx + 0.5 - x;
          let a = reach - Math.sqrt(dx * dx + dy * dy);
          if (a <= 0) continue;
          a = (a > 1 ? 1 : a) * alpha;
          const p = (yy * pw + xx) * 4, under = px[p + 3] / 255 * (1 - a), out = a + under;
          px[p] = (red * a + px[p] * under) / out;
          px[p + 1] = (green * a + px[p + 1] * under) / out;
          px[p + 2] = (blue * a + px[p + 2] * under) / out;
          px[p + 3] = out * 255;
        }
      }
    }
  }
  ctx.putImageData(image, 0, 0);
}

// The same script run natively by `kinetic render` and here, for comparing the numbers.
window.kineticRecord = (name, script, fps) => {
  const i = demos.findIndex(d => d.name === name);
  const utf8 = new TextEncoder().encode(script);
  new Uint8Array(k.memory.buffer, k.kinetic_input(utf8.length), utf8.length).set(utf8);
  const frames = k.kinetic_record(i, utf8.length, fps);
  const names = text(k.kinetic_text_length());
  if (frames < 0) return { error: names };
  const values = Array.from(new Float64Array(k.memory.buffer, k.kinetic_recording(), k.kinetic_recording_length()));
  return { frames, channels: names.split(","), values };
};

load();
