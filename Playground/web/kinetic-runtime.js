// kinetic-runtime.js — the one JavaScript file between a Kinetic app's WebAssembly module and a page.
//
// A Kinetic app (`@main struct …: KineticApp`, built by Scripts/build-web into kinetic.wasm) does
// every piece of animation in Swift. This runtime only:
//   1. loads the module, stubbing the few WASI imports wasi-libc declares (the scenes never reach
//      them);
//   2. reads the render-list layout from the module (`kinetic_layout_count/_name/_value`: header
//      size, stride, field indices, kind numbers, format version; nothing here is copied by hand)
//      and REFUSES a module whose format version differs from FORMAT_VERSION below, with a
//      visible message on the page (and `window.kineticError`); a frame whose header names
//      another format later stops the drawing with the same kind of message;
//   3. calls the app's start export `__main_argc_argv(0, 0)` (what `@main` becomes on wasm32):
//      it registers the app's scenes;
//   4. lists the scenes (`kinetic_scene_count`, `kinetic_describe`) and shows the one named by the
//      URL's `#name` (the first if none), again whenever the hash changes;
//   5. forwards pointer events on the stage with their own timestamps, in scene points;
//   6. runs one engine frame per animation frame (`kinetic_frame(now / 1000)`) and draws the
//      encoded render list as absolutely positioned <div>s, one per command;
//   7. exposes `window.kineticRecord(name, script, fps)`: the scene run under a gesture script
//      in the module, as `kinetic render` runs it natively (for comparing the numbers).
//
// Usage (index.html):
//   <div id="stage"></div>
//   <script src="kinetic-runtime.js"></script>
//   <script>KineticRuntime.start({ stage: document.getElementById("stage") })</script>
//
// start(options) resolves to a runtime object ({ scenes, select(name), current, stats }) or to
// null when the module is refused or fails to load. Options:
//   stage          the element to draw into (required); it is sized to the scene (points = CSS px)
//   module         the module's URL (default "kinetic.wasm")
//   formatVersion  the render-list format this page draws (default KineticRuntime.FORMAT_VERSION;
//                  a page built for another format passes its own)
//   onScenes(list) called once with [{name, title, description}]
//   onSelect(scene) called after each selection
//   onFrame(stats) called after each drawn frame: { last, samples, frames } (ms of Swift + drawing)
//
// Page globals set for tests and tools: window.kineticReady (true once running), kineticDemo
// (the scene's name), kineticStats, kineticRecord, kineticError (the refusal message, if any).
"use strict";

const KineticRuntime = (() => {
  /** The render-list format this runtime draws (RenderListEncoder.formatVersion). */
  const FORMAT_VERSION = 1;

  /** Shows `message` on the page, visibly, and records it for tools. */
  function refuse(stage, message) {
    window.kineticError = message;
    const box = document.createElement("div");
    box.className = "kinetic-error";
    box.setAttribute("role", "alert");
    box.textContent = message;
    box.style.cssText = "position:relative;margin:16px;padding:16px;border:2px solid #ff3b30;" +
      "border-radius:12px;background:#fff0f0;color:#1c1c1e;font:15px/1.4 system-ui,sans-serif;";
    (stage.parentNode || document.body).insertBefore(box, stage);
    stage.style.display = "none";
    return null;
  }

  async function start(options) {
    const stage = options.stage;
    const expected = options.formatVersion ?? FORMAT_VERSION;
    let k;
    try {
      const bytes = await (await fetch(options.module ?? "kinetic.wasm")).arrayBuffer();
      const module = await WebAssembly.compile(bytes);
      const imports = {};
      for (const imp of WebAssembly.Module.imports(module)) {
        imports[imp.module] ??= {};
        if (imp.kind === "function") imports[imp.module][imp.name] = () => 0;
      }
      k = (await WebAssembly.instantiate(module, imports)).exports;
    } catch (e) {
      return refuse(stage, "Could not load the Kinetic module: " + e);
    }
    const text = len => new TextDecoder().decode(new Uint8Array(k.memory.buffer, k.kinetic_text(), len));

    // (2) The layout, from the module; refuse another format before calling anything else.
    if (typeof k.kinetic_format_version !== "function" || typeof k.kinetic_layout_count !== "function") {
      return refuse(stage, "This Kinetic module is too old for this page: it does not export its render-list " +
        "format (kinetic_format_version). Rebuild it with Scripts/build-web.");
    }
    const version = k.kinetic_format_version();
    if (version !== expected) {
      return refuse(stage, "This page draws Kinetic render-list format " + expected + ", but kinetic.wasm writes format " +
        version + ". Rebuild the module and the page together (Scripts/build-web) so that they match.");
    }
    const L = {};
    for (let i = 0, n = k.kinetic_layout_count(); i < n; i++) L[text(k.kinetic_layout_name(i))] = k.kinetic_layout_value(i);
    const required = ["version", "headerCount", "stride", "header.version", "header.count", "header.width", "header.height",
      "kind.rect", "kind.text", "kind.pushClip", "kind.popClip", "field.kind", "field.name", "field.width", "field.height",
      "field.matrix", "field.opacity", "field.radii", "field.text", "field.color", "field.blur", "field.fontSize"];
    const absent = required.filter(name => !(name in L));
    if (absent.length || L.version !== expected) {
      return refuse(stage, "The Kinetic module's render-list layout does not match this page's format " + expected +
        (absent.length ? " (missing " + absent.join(", ") + ")" : "") + ". Rebuild it with Scripts/build-web.");
    }

    // (3) The app's start: registers its scenes.
    if (typeof k.__main_argc_argv !== "function") {
      return refuse(stage, "The Kinetic module has no start export (__main_argc_argv): is it built from an app's @main?");
    }
    k.__main_argc_argv(0, 0);

    // (4) Scenes.
    const scenes = [];
    for (let i = 0, n = k.kinetic_scene_count(); i < n; i++) {
      scenes.push({ name: text(k.kinetic_describe(i, 0)), title: text(k.kinetic_describe(i, 1)),
                    description: text(k.kinetic_describe(i, 2)) });
    }
    if (!scenes.length) return refuse(stage, "The Kinetic app offers no scenes.");
    options.onScenes?.(scenes);

    const stats = { last: 0, samples: [], frames: 0 };
    const runtime = { scenes, current: null, stats, select: name => { location.hash = name; } };
    const slots = [];
    let size = { width: 0, height: 0 };

    function select() {
      let i = scenes.findIndex(s => "#" + s.name === location.hash);
      if (i < 0) i = 0;
      stage.replaceChildren();
      slots.length = 0;
      stats.samples = [];
      k.kinetic_select(i, performance.now() / 1000);
      runtime.current = scenes[i];
      window.kineticDemo = scenes[i].name;
      options.onSelect?.(scenes[i]);
    }

    // (5) Pointer events, in scene points, with the event's own timestamp (the frames' clock).
    function forward(phase) {
      return e => {
        const r = stage.getBoundingClientRect();
        if (!r.width || !r.height) return;
        const x = (e.clientX - r.left) * size.width / r.width, y = (e.clientY - r.top) * size.height / r.height;
        if (phase === 0) stage.setPointerCapture(e.pointerId);
        k.kinetic_pointer(phase, e.pointerId, x, y, e.timeStamp / 1000);
        e.preventDefault();
      };
    }
    stage.addEventListener("pointerdown", forward(0));
    stage.addEventListener("pointermove", forward(1));
    stage.addEventListener("pointerup", forward(2));
    stage.addEventListener("pointercancel", forward(3));

    // (6) One engine frame per animation frame, then draw.
    let stopped = false;
    function frame(now) {
      if (stopped) return;
      const t0 = performance.now();
      k.kinetic_frame(now / 1000);
      draw();
      const dt = performance.now() - t0;
      stats.last = dt; stats.frames++;
      stats.samples.push(dt);
      if (stats.samples.length > 120) stats.samples.shift();
      options.onFrame?.(stats);
      requestAnimationFrame(frame);
    }

    // The render list as DOM elements, one per command slot, written only where they change.
    function set(el, key, value, apply) { if (el["_" + key] !== value) { el["_" + key] = value; apply(value); } }
    function rgba(n, i) {
      return "rgba(" + Math.round(n[i] * 255) + "," + Math.round(n[i + 1] * 255) + "," + Math.round(n[i + 2] * 255) + "," + n[i + 3] + ")";
    }
    const decoder = new TextDecoder();
    const H = L.headerCount, S = L.stride;
    const F = { kind: L["field.kind"], name: L["field.name"], w: L["field.width"], h: L["field.height"], m: L["field.matrix"],
                opacity: L["field.opacity"], radii: L["field.radii"], text: L["field.text"], color: L["field.color"],
                blur: L["field.blur"], fontSize: L["field.fontSize"] };
    const K = { rect: L["kind.rect"], text: L["kind.text"], push: L["kind.pushClip"], pop: L["kind.popClip"] };
    function draw() {
      const n = new Float64Array(k.memory.buffer, k.kinetic_numbers(), k.kinetic_numbers_length());
      const b = new Uint8Array(k.memory.buffer, k.kinetic_bytes(), k.kinetic_bytes_length());
      if (n.length < H) return;
      if (n[L["header.version"]] !== expected) {   // a frame in another format: stop drawing, say why
        stopped = true;
        refuse(stage, "Kinetic render-list format " + n[L["header.version"]] + " in a frame, but this page draws format " + expected + ".");
        return;
      }
      const str = (o, l) => decoder.decode(b.subarray(o, o + l));
      const width = n[L["header.width"]], height = n[L["header.height"]];
      if (width !== size.width || height !== size.height) {
        size = { width, height };
        stage.style.width = width + "px";
        stage.style.height = height + "px";
      }
      const count = n[L["header.count"]];
      const parents = [stage], indices = [0];
      for (let c = 0; c < count; c++) {
        const i = H + c * S, kind = n[i + F.kind];
        if (kind === K.pop) { if (parents.length > 1) { parents.pop(); indices.pop(); } continue; }
        if (kind !== K.rect && kind !== K.text && kind !== K.push) continue;   // a kind this page does not draw
        let el = slots[c];
        if (!el || el._kind !== kind) {
          el = document.createElement("div");
          el._kind = kind;
          if (kind === K.text) el.className = "t";
          if (slots[c]) slots[c].remove();
          slots[c] = el;
        }
        const parent = parents[parents.length - 1], at = indices[indices.length - 1]++;
        if (parent.children[at] !== el) parent.insertBefore(el, parent.children[at] || null);
        const s = el.style, m = i + F.m;
        set(el, "w", n[i + F.w], v => s.width = v + "px");
        set(el, "h", n[i + F.h], v => s.height = v + "px");
        set(el, "m", "matrix(" + n[m] + "," + n[m + 1] + "," + n[m + 2] + "," + n[m + 3] + "," + n[m + 4] + "," + n[m + 5] + ")", v => s.transform = v);
        if (kind === K.rect || kind === K.push) {
          const r = i + F.radii;
          set(el, "r", n[r] + "px " + n[r + 1] + "px " + n[r + 2] + "px " + n[r + 3] + "px", v => s.borderRadius = v);
        }
        if (kind === K.rect || kind === K.text) {
          set(el, "name", str(n[i + F.name], n[i + F.name + 1]), v => el.dataset.name = v);
          set(el, "o", n[i + F.opacity], v => s.opacity = v);
        }
        if (kind === K.rect) {
          set(el, "bg", rgba(n, i + F.color), v => s.background = v);
          // Blur is drawn as a backdrop blur: what is behind the node, as UIVisualEffectView.
          set(el, "blur", n[i + F.blur], v => s.backdropFilter = s.webkitBackdropFilter = v > 0 ? "blur(" + v + "px)" : "");
        } else if (kind === K.text) {
          set(el, "text", str(n[i + F.text], n[i + F.text + 1]), v => el.textContent = v);
          set(el, "fg", rgba(n, i + F.color), v => s.color = v);
          set(el, "fs", n[i + F.fontSize], v => s.fontSize = v + "px");
        } else {
          set(el, "clip", 1, () => s.overflow = "hidden");
          parents.push(el); indices.push(0);
        }
      }
      // Remove what the list no longer has.
      for (let c = count; c < slots.length; c++) slots[c]?.remove();
      slots.length = Math.min(slots.length, count);
      while (stage.children.length > indices[0]) stage.lastChild.remove();
    }

    // (7) The same script run natively by `kinetic render` and here, for comparing the numbers.
    window.kineticRecord = (name, script, fps) => {
      const i = scenes.findIndex(s => s.name === name);
      if (i < 0) return { error: "unknown scene " + name };
      const utf8 = new TextEncoder().encode(script);
      const at = k.kinetic_input(utf8.length);
      if (at === 0) return { error: "the script is too long: at most 1 MiB" };
      new Uint8Array(k.memory.buffer, at, utf8.length).set(utf8);
      const frames = k.kinetic_record(i, utf8.length, fps);
      const names = text(k.kinetic_text_length());
      if (frames < 0) return { error: names };
      const values = Array.from(new Float64Array(k.memory.buffer, k.kinetic_recording(), k.kinetic_recording_length()));
      return { frames, channels: names ? names.split(",") : [], values };
    };

    window.addEventListener("hashchange", select);
    select();
    window.kineticStats = stats;
    requestAnimationFrame(frame);
    window.kineticReady = true;
    return runtime;
  }

  return { FORMAT_VERSION, start };
})();
