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
//   5. forwards pointer events on the stage, in scene points, stamped in scene time;
//   6. runs one engine frame per animation frame (`kinetic_frame(t)`, t the scene clock's time)
//      and draws the encoded render list as absolutely positioned <div>s, one per command (a dot
//      batch on a <canvas>, an image as an <img> with CSS object-fit, a shadow as a box-shadow),
//      each KEYED BY ITS NODE (the command's node id and kind), not by its place in the list: a
//      node's element is reused from frame to frame, so inserting or removing a node creates or
//      removes only its own elements and restyles nothing else; each element gets
//      `data-node` (the id), and the accessibility the list gives it (`role`, `aria-label`, an
//      <img>'s `alt`, `aria-hidden`);
//   7. exposes `window.kineticRecord(name, script, fps)`: the scene run under a gesture script
//      in the module, as `kinetic render` runs it natively (for comparing the numbers);
//   8. exposes the inspector's reads: `runtime.inspect()` (the shown scene's live animations,
//      parsed from the module's JSON: HostSession.inspect(); [] with no scene or an old module),
//      `runtime.watch(idOrLabel, property)` (record a property each frame: an animation id and
//      property index, or a label such as "drawer.center"; true if found), `runtime.unwatch()`
//      and `runtime.samples()` ({ components, samples: [{ time, model, presentation, velocity }] },
//      oldest first, at most 600);
//   9. time travel (HostSession's input log): runtime.seek(t) shows the scene as it was at scene
//      time t by exact replay and redraws (true, or false with no scene / NaN / no export);
//      runtime.sceneTime() / sceneStartTime() / loggedEndTime() (seconds, the frames' clock; the
//      last is how far a seek can go, the future a seek back keeps included); runtime.script() the
//      logged input as a gesture script; runtime.testSource({ module, scenes, testable }) a
//      Swift Testing file replaying it (default: the demos; null with runtime.lastError set on
//      failure); runtime.importScript(text) replays a script into the shown scene and redraws
//      (true, or false with runtime.lastError = the parse error). Each degrades to null/false
//      when the module lacks the export;
//  10. live timing edits: runtime.setTiming(name, spec) overrides the timing of the animations
//      named `name` (an inspect() name, e.g. "drawer.transform"; spec "spring MASS STIFFNESS
//      DAMPING", "spring-response DAMPINGRATIO RESPONSE", "spring-bounce DURATION BOUNCE",
//      "cubic X1 Y1 X2 Y2" or "decay RATE": { ok } or { ok: false, error }),
//      runtime.clearTimings() drops them all, runtime.replay() replays the whole recorded session
//      from the start with them, paused at its end (true, or false with no scene / no export);
//  11. live reload: runtime.reload(url) swaps in a rebuilt module (kinetic-live.js calls it when
//      `kinetic web serve --watch` has rebuilt the app) and keeps the session: the recorded
//      gesture is run on the old module and on the new one as `kinetic render` runs it
//      (`before` and `after`, as kineticRecord returns them), then replayed into the shown scene.
//      { ok, scene, script, replayed, before, after }, or { ok: false, error } (the old module
//      keeps running; `scenesChanged` when the app's scene list changed: reload the page).

//
// Usage (index.html):
//   <div id="stage"></div>
//   <script src="kinetic-runtime.js"></script>
//   <script>KineticRuntime.start({ stage: document.getElementById("stage") })</script>
//
// The scene clock. Each scene starts at scene time 0 when it is shown. While the clock runs,
// scene time advances by the wall-clock time between animation frames times the rate; paused, it
// stands still and no frame is computed (a pointer event while paused is sent at the paused
// time and gets one frame at that same time, so a drag still shows). Pointer events are stamped
// with the scene time of their own timestamp (never behind the last frame), so a scene runs the
// same at any rate and a recorded session replays exactly.
//
// start(options) resolves to a runtime object or to null when the module is refused or fails to
// load. The runtime object:
//   scenes, current, stats, select(name)   the scene list, the shown scene, frame timings, show one
//   pause(), resume(), running             stop and restart the scene clock (no value moves)
//   step(frames)                           pause, then advance 1...600 frames of 1/60 s each (inside
//                                          a recording, after a seek back: along it, by replay)
//   setRate(r), rate                       scene seconds per wall second, clamped to 0.1...1
//   time                                   the scene time of the last frame, in seconds
//   supports                               { inspect, seek, script, testSource, importScript }:
//                                          which of the module's Studio exports exist
//   inspect()                              the timeline's rows (kinetic_inspect's JSON, parsed): every
//                                          live animation, a dynamic animator's items by name, more
//                                          than 16 like ones as one row with `group` { key, count,
//                                          running, expanded }; [] without a scene or the export
//   expandGroup(key, expanded)             list (or not) a group's first 40 members after its row
//   seek(t)                                pause and rebuild the scene at scene time t by exact
//                                          replay (kinetic_seek); false if refused or unsupported
//   sceneTime()                            the engine's time (kinetic_scene_time, else `time`)
//   script(), testSource()                 the session's gesture script / a Swift test replaying
//                                          it ("" without the export)
//   importScript(text)                     replay a gesture script from the start of the scene:
//                                          { ok: true } or { ok: false, error }
//   setMotionPolicy(p), motionPolicy       "full", "reduced" or "none" for every engine from now on
//                                          (kinetic_set_motion_policy; animations in flight keep
//                                          their timing); starts as prefers-reduced-motion says
// and window.kineticInspector = { pause, resume, step, seek, setRate, time, tracks, recording }
// (time a getter, tracks() = inspect(), recording() = script()).
//
// Options:
//   stage          the element to draw into (required); it is sized to the scene (points = CSS px;
//                  a page may scale it with a CSS transform: pointers are mapped through it)
//   module         the module's URL (default "kinetic.wasm")
//   formatVersion  the render-list format this page draws (default KineticRuntime.FORMAT_VERSION;
//                  a page built for another format passes its own)
//   onScenes(list) called once with [{name, title, description}]
//   onSelect(scene) called after each selection
//   onFrame(stats) called after each drawn frame: { last, engine, draw, samples, engineSamples,
//                  drawSamples, frames } (ms: Swift + drawing, the wasm frame call alone, the
//                  drawing alone; the sample arrays hold the last 120 frames); not called while
//                  the scene clock is paused and nothing happens
//   onClock()      called after the clock is paused, resumed, stepped, slowed, or the scene is
//                  rebuilt by a seek or an import
//   onRebuild(t, how) called when a seek (how "seek"), an import ("import") or a retuned replay
//                  ("replay") has rebuilt the
//                  scene at scene time t, before its first frame is drawn
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

  const textOf = (k, len) => new TextDecoder().decode(new Uint8Array(k.memory.buffer, k.kinetic_text(), len));

  /** Loads, checks and starts the module at `url`: its exports `k`, render-list layout `L` and
   * scenes, or throws an Error whose message says why it is refused (steps 1 to 4). */
  async function open(url, expected) {
    let k;
    try {
      const response = await fetch(url, { cache: "no-store" });
      if (!response.ok) throw new Error("HTTP " + response.status);
      const module = await WebAssembly.compile(await response.arrayBuffer());
      const imports = {};
      for (const imp of WebAssembly.Module.imports(module)) {
        imports[imp.module] ??= {};
        if (imp.kind === "function") imports[imp.module][imp.name] = () => 0;
      }
      k = (await WebAssembly.instantiate(module, imports)).exports;
    } catch (e) {
      throw new Error("Could not load the Kinetic module: " + (e.message ?? e));
    }
    const text = len => textOf(k, len);

    // (2) The layout, from the module; refuse another format before calling anything else.
    if (typeof k.kinetic_format_version !== "function" || typeof k.kinetic_layout_count !== "function") {
      throw new Error("This Kinetic module is too old for this page: it does not export its render-list " +
        "format (kinetic_format_version). Rebuild it with Scripts/build-web.");
    }
    const version = k.kinetic_format_version();
    if (version !== expected) {
      throw new Error("This page draws Kinetic render-list format " + expected + ", but kinetic.wasm writes format " +
        version + ". Rebuild the module and the page together (Scripts/build-web) so that they match.");
    }
    const L = {};
    for (let i = 0, n = k.kinetic_layout_count(); i < n; i++) L[text(k.kinetic_layout_name(i))] = k.kinetic_layout_value(i);
    const required = ["version", "headerCount", "stride", "header.version", "header.count", "header.width", "header.height",
      "kind.rect", "kind.text", "kind.pushClip", "kind.popClip", "field.kind", "field.name", "field.width", "field.height",
      "field.matrix", "field.opacity", "field.radii", "field.text", "field.color", "field.blur", "field.fontSize"];
    const absent = required.filter(name => !(name in L));
    if (absent.length || L.version !== expected) {
      throw new Error("The Kinetic module's render-list layout does not match this page's format " + expected +
        (absent.length ? " (missing " + absent.join(", ") + ")" : "") + ". Rebuild it with Scripts/build-web.");
    }

    // (3) The app's start: registers its scenes.
    if (typeof k.__main_argc_argv !== "function") {
      throw new Error("The Kinetic module has no start export (__main_argc_argv): is it built from an app's @main?");
    }
    k.__main_argc_argv(0, 0);

    // (4) Scenes.
    const scenes = [];
    for (let i = 0, n = k.kinetic_scene_count(); i < n; i++) {
      scenes.push({ name: text(k.kinetic_describe(i, 0)), title: text(k.kinetic_describe(i, 1)),
                    description: text(k.kinetic_describe(i, 2)), hint: text(k.kinetic_describe(i, 3)) });
    }
    if (!scenes.length) throw new Error("The Kinetic app offers no scenes.");
    return { k, L, scenes };
  }

  /** Runs scene `index` of module `k` under a gesture script at `fps`, as `kinetic render` does
   * natively: { frames, channels, values } (values row-major: frame, channel, then model,
   * presentation, velocity) or { error }. */
  function recordIn(k, index, script, fps) {
    const utf8 = new TextEncoder().encode(script);
    const at = k.kinetic_input(utf8.length);
    if (at === 0 && utf8.length) return { error: "the script is too long: at most 1 MiB" };
    new Uint8Array(k.memory.buffer, at, utf8.length).set(utf8);
    const frames = k.kinetic_record(index, utf8.length, fps);
    const names = textOf(k, k.kinetic_text_length());
    if (frames < 0) return { error: names };
    const values = Array.from(new Float64Array(k.memory.buffer, k.kinetic_recording(), k.kinetic_recording_length()));
    return { frames, channels: names ? names.split(",") : [], values };
  }

  async function start(options) {
    const stage = options.stage;
    const expected = options.formatVersion ?? FORMAT_VERSION;
    let k, L, scenes;
    try {
      ({ k, L, scenes } = await open(options.module ?? "kinetic.wasm", expected));
    } catch (e) {
      return refuse(stage, e.message);
    }
    const text = len => textOf(k, len);
    options.onScenes?.(scenes);

    const stats = { last: 0, engine: 0, draw: 0, samples: [], engineSamples: [], drawSamples: [], frames: 0 };
    const runtime = { scenes, current: null, stats, select: name => { location.hash = name; } };
    // The drawn elements by key: "<node id>:<kind>" (by position only for a command with no id).
    const elements = new Map();
    let generation = 0;
    let size = { width: 0, height: 0 };

    // The scene clock: scene time `scene` at wall time `wall` (ms, performance.now's timeline),
    // advancing at `rate` while `running`. `last` is the scene time of the last frame computed,
    // `pending` says a pointer event arrived while paused (it gets one frame at the paused time).
    const clock = { scene: 0, wall: 0, rate: 1, running: true, last: 0, stamped: 0, pending: false };
    const sceneAt = wall => clock.running ? clock.scene + Math.max(0, wall - clock.wall) / 1000 * clock.rate : clock.scene;
    function anchor(scene) { clock.scene = scene; clock.wall = performance.now(); }

    /** Shows the scene the URL names, its clock starting at scene time `time` (0: a new session). */
    function select(time = 0) {
      let i = scenes.findIndex(s => "#" + s.name === location.hash);
      if (i < 0) i = 0;
      stage.replaceChildren();
      elements.clear();
      stats.samples = []; stats.engineSamples = []; stats.drawSamples = [];
      anchor(time);
      clock.last = clock.stamped = time;
      clock.running = true;
      k.kinetic_select(i, time);
      runtime.current = scenes[i];
      window.kineticDemo = scenes[i].name;
      options.onSelect?.(scenes[i]);
    }

    // (5) Pointer events, in scene points, stamped with the scene time of the event's own
    // timestamp (never behind the last frame or event, so the engine's input is in order).
    function forward(phase) {
      return e => {
        const r = stage.getBoundingClientRect();
        if (!r.width || !r.height) return;
        const x = (e.clientX - r.left) * size.width / r.width, y = (e.clientY - r.top) * size.height / r.height;
        if (phase === 0) stage.setPointerCapture(e.pointerId);
        clock.stamped = Math.max(sceneAt(e.timeStamp), clock.last, clock.stamped);
        k.kinetic_pointer(phase, e.pointerId, x, y, clock.stamped);
        if (!clock.running) clock.pending = true;
        e.preventDefault();
      };
    }
    stage.addEventListener("pointerdown", forward(0));
    stage.addEventListener("pointermove", forward(1));
    stage.addEventListener("pointerup", forward(2));
    stage.addEventListener("pointercancel", forward(3));

    // (6) One engine frame per animation frame while the clock runs (paused: only after a
    // pointer event), then draw.
    let stopped = false;
    function frame(now) {
      if (stopped) return;
      // The next frame is asked for first: an exception in this one is reported (uncaught, in
      // the console) without ending the page's loop.
      requestAnimationFrame(frame);
      if (clock.running || clock.pending) {
        clock.pending = false;
        compute(Math.max(sceneAt(now), clock.last));
      }
    }
    /** Advances the scene to scene time `t` (one kinetic_frame), draws it and reports it. */
    function compute(t) {
      const t0 = performance.now();
      k.kinetic_frame(t);
      // The page's time is the engine's: a pointer event stamped after the last frame may have
      // carried the engine past `t` (the frame is then held there), and seek(time) must land on
      // the instant that was drawn.
      clock.last = typeof k.kinetic_scene_time === "function" ? Math.max(t, k.kinetic_scene_time()) : t;
      const t1 = performance.now();
      draw();
      const t2 = performance.now();
      // The engine's own time (the wasm call: tick + encode) and the drawing's, apart.
      stats.last = t2 - t0; stats.engine = t1 - t0; stats.draw = t2 - t1; stats.frames++;
      stats.samples.push(stats.last); stats.engineSamples.push(stats.engine); stats.drawSamples.push(stats.draw);
      if (stats.samples.length > 120) { stats.samples.shift(); stats.engineSamples.shift(); stats.drawSamples.shift(); }
      options.onFrame?.(stats);
    }

    // The render list as DOM elements, one per command, keyed by node, written only where they change.
    function set(el, key, value, apply) { if (el["_" + key] !== value) { el["_" + key] = value; apply(value); } }
    function rgba(n, i) {
      return "rgba(" + Math.round(n[i] * 255) + "," + Math.round(n[i + 1] * 255) + "," + Math.round(n[i + 2] * 255) + "," + n[i + 3] + ")";
    }
    const decoder = new TextDecoder();
    const H = L.headerCount, S = L.stride;
    const F = { kind: L["field.kind"], name: L["field.name"], w: L["field.width"], h: L["field.height"], m: L["field.matrix"],
                opacity: L["field.opacity"], radii: L["field.radii"], text: L["field.text"], color: L["field.color"],
                blur: L["field.blur"], fontSize: L["field.fontSize"], node: L["field.node"], access: L["field.accessibility"],
                label: L["field.label"], url: L["field.url"], mode: L["field.contentMode"], shadowRadius: L["field.shadowRadius"],
                shadowOffset: L["field.shadowOffset"] };
    const K = { rect: L["kind.rect"], text: L["kind.text"], push: L["kind.pushClip"], pop: L["kind.popClip"], dots: L["kind.dots"],
                image: L["kind.image"], shadow: L["kind.shadow"] };
    const A = { button: L["accessibility.button"], image: L["accessibility.image"], text: L["accessibility.text"],
                hidden: L["accessibility.hidden"] };
    const FIT = ["fill", "contain", "cover"];   // contentMode.scaleToFill, .scaleAspectFit, .scaleAspectFill
    const drawable = kind => kind === K.rect || kind === K.text || kind === K.push || kind === K.dots ||
      (kind !== undefined && (kind === K.image || kind === K.shadow));
    // The role, name and hiding the list gives an element (field.accessibility and field.label).
    function accessibility(el, n, i, str) {
      if (F.access === undefined) return;
      const a = n[i + F.access], label = a === A.button || a === A.image || a === A.text ? str(n[i + F.label], n[i + F.label + 1]) : "";
      set(el, "a11y", a + "|" + label, () => {
        const role = a === A.button ? "button" : a === A.image && el.tagName !== "IMG" ? "img" : "";
        if (role) el.setAttribute("role", role); else el.removeAttribute("role");
        if (el.tagName === "IMG") el.alt = a === A.image || a === A.button ? label : "";
        else if (label && a !== A.text) el.setAttribute("aria-label", label); else el.removeAttribute("aria-label");
        if (a === A.hidden) el.setAttribute("aria-hidden", "true"); else el.removeAttribute("aria-hidden");
      });
    }
    const D = { block: L["field.dotsBlock"], count: L["field.dotsCount"], radius: L["field.dotsRadius"], palette: L["field.dotsPaletteCount"] };
    // The strings decoded from the module's string table, by offset, kept while the header's
    // bytesVersion stays the same (the table is then unchanged); a module without it: per frame.
    const BV = L["header.bytesVersion"], decoded = new Map();
    let bytesVersion = NaN;
    function draw() {
      const n = new Float64Array(k.memory.buffer, k.kinetic_numbers(), k.kinetic_numbers_length());
      const b = new Uint8Array(k.memory.buffer, k.kinetic_bytes(), k.kinetic_bytes_length());
      if (n.length < H) return;
      if (n[L["header.version"]] !== expected) {   // a frame in another format: stop drawing, say why
        stopped = true;
        refuse(stage, "Kinetic render-list format " + n[L["header.version"]] + " in a frame, but this page draws format " + expected + ".");
        return;
      }
      if (BV === undefined || n[BV] !== bytesVersion) { decoded.clear(); bytesVersion = BV === undefined ? NaN : n[BV]; }
      const str = (o, l) => {
        if (!l) return "";
        let s = decoded.get(o);
        if (s === undefined) { s = decoder.decode(b.subarray(o, o + l)); decoded.set(o, s); }
        return s;
      };
      const width = n[L["header.width"]], height = n[L["header.height"]];
      if (width !== size.width || height !== size.height) {
        size = { width, height };
        stage.style.width = width + "px";
        stage.style.height = height + "px";
      }
      const count = n[L["header.count"]];
      const parents = [stage], indices = [0], seen = ++generation;
      for (let c = 0; c < count; c++) {
        const i = H + c * S, kind = n[i + F.kind];
        if (kind === K.pop) { if (parents.length > 1) { parents.pop(); indices.pop(); } continue; }
        if (!drawable(kind)) continue;   // a kind this page does not draw
        // The element of this node and kind, whatever its place in the list (a module without
        // node ids falls back to the place).
        const id = F.node === undefined ? 0 : n[i + F.node];
        const key = id > 0 ? id + ":" + kind : "@" + c + ":" + kind;
        let el = elements.get(key);
        if (!el) {
          el = document.createElement(kind === K.dots ? "canvas" : kind === K.image ? "img" : "div");
          el._kind = kind;
          if (kind === K.text) el.className = "t";
          if (kind === K.image) { el.draggable = false; el.decoding = "async"; el.alt = ""; }
          if (id > 0) el.dataset.node = id;
          elements.set(key, el);
        }
        el._seen = seen;
        const parent = parents[parents.length - 1], at = indices[indices.length - 1]++;
        if (parent.children[at] !== el) parent.insertBefore(el, parent.children[at] || null);
        const s = el.style, m = i + F.m;
        set(el, "w", n[i + F.w], v => s.width = v + "px");
        set(el, "h", n[i + F.h], v => s.height = v + "px");
        set(el, "m", "matrix(" + n[m] + "," + n[m + 1] + "," + n[m + 2] + "," + n[m + 3] + "," + n[m + 4] + "," + n[m + 5] + ")", v => s.transform = v);
        if (kind === K.rect || kind === K.push || kind === K.image || kind === K.shadow) {
          const r = i + F.radii;
          set(el, "r", n[r] + "px " + n[r + 1] + "px " + n[r + 2] + "px " + n[r + 3] + "px", v => s.borderRadius = v);
        }
        if (kind !== K.push) {
          set(el, "name", str(n[i + F.name], n[i + F.name + 1]), v => el.dataset.name = v);
          set(el, "o", n[i + F.opacity], v => s.opacity = v);
        }
        if (kind !== K.push && kind !== K.shadow) accessibility(el, n, i, str);
        if (kind === K.rect) {
          set(el, "bg", rgba(n, i + F.color), v => s.background = v);
          // Blur is drawn as a backdrop blur: what is behind the node, as UIVisualEffectView.
          set(el, "blur", n[i + F.blur], v => s.backdropFilter = s.webkitBackdropFilter = v > 0 ? "blur(" + v + "px)" : "");
        } else if (kind === K.text) {
          set(el, "text", str(n[i + F.text], n[i + F.text + 1]), v => el.textContent = v);
          set(el, "fg", rgba(n, i + F.color), v => s.color = v);
          set(el, "fs", n[i + F.fontSize], v => s.fontSize = v + "px");
        } else if (kind === K.image) {
          // border-radius clips an <img>'s content: the image is clipped to the rounded box.
          set(el, "fit", FIT[n[i + F.mode]] ?? "fill", v => s.objectFit = v);
          set(el, "src", str(n[i + F.url], n[i + F.url + 1]), v => el.src = v);
        } else if (kind === K.shadow) {
          // The box casts the shadow; CSS blur is twice the Gaussian's standard deviation.
          const o = i + F.shadowOffset;
          set(el, "shadow", n[o] + "px " + n[o + 1] + "px " + 2 * n[i + F.shadowRadius] + "px " + rgba(n, i + F.color),
              v => s.boxShadow = v);
          if (!el._hidden) { el._hidden = true; el.setAttribute("aria-hidden", "true"); }
        } else if (kind === K.dots) {
          drawDots(el, n, i);
        } else {
          set(el, "clip", 1, () => s.overflow = "hidden");
          parents.push(el); indices.push(0);
        }
      }
      // Remove the elements of the nodes the list no longer draws.
      for (const [key, el] of elements) if (el._seen !== seen) { el.remove(); elements.delete(key); }
    }

    // A dot batch on the <canvas> that is its slot: the command's box (clipping the dots),
    // CSS-transformed like a rect, at the device's pixel ratio. The per-dot numbers are the packed
    // block the command points at: P colours, N (x, y) centres in the box, N palette indices.
    // Canvas paths of 10,000 arcs take tens of ms in software, so the dots are rasterized straight
    // into an ImageData: grouped by colour (a counting sort, so colours are painted in palette
    // order), each stamped from a precomputed coverage mask (dotStamps), written as one 32-bit
    // word (RGBA bytes in a little-endian word, as on every browser's hardware) where it covers an
    // empty or fully covered pixel, and blended source-over elsewhere.
    // Nothing is redrawn while the block is the same as the last frame's.
    function drawDots(canvas, n, i) {
      const w = n[i + F.w], h = n[i + F.h], ratio = window.devicePixelRatio || 1;
      const pw = Math.max(1, Math.ceil(w * ratio)), ph = Math.max(1, Math.ceil(h * ratio));
      const block = n[i + D.block], count = n[i + D.count], colors = n[i + D.palette];
      const end = block + colors * 4 + count * 3;
      const radius = n[i + D.radius] * ratio, last = canvas._block;
      if (canvas.width === pw && canvas.height === ph && last && last.length === end - block + 1 && last[0] === radius) {
        let same = true;
        for (let j = block; j < end; j++) if (last[j - block + 1] !== n[j]) { same = false; break; }
        if (same) return;
      }
      const saved = canvas._block = last && last.length === end - block + 1 ? last : new Float64Array(end - block + 1);
      saved[0] = radius;
      saved.set(n.subarray(block, end), 1);
      if (canvas.width !== pw) canvas.width = pw;
      if (canvas.height !== ph) canvas.height = ph;
      const ctx = canvas._ctx ??= canvas.getContext("2d");
      let image = canvas._image;
      if (!image || image.width !== pw || image.height !== ph) {
        image = canvas._image = ctx.createImageData(pw, ph);
        canvas._words = new Uint32Array(image.data.buffer);
      }
      const px = image.data, words = canvas._words;
      words.fill(0);
      const stamps = dotStamps(radius, pw), size = stamps.size, reach = radius + 0.5;
      // The dots grouped by colour (a counting sort), so each colour is painted over the last.
      let order = canvas._order, starts = canvas._starts, fill = canvas._fill;
      if (!order || order.length < count) order = canvas._order = new Int32Array(count);
      if (!starts || starts.length < colors + 1) {
        starts = canvas._starts = new Int32Array(colors + 1);
        fill = canvas._fill = new Int32Array(colors + 1);
      }
      starts.fill(0);
      const xy = block + colors * 4, index = xy + 2 * count;
      for (let d = 0; d < count; d++) { const c = n[index + d]; if (c >= 0 && c < colors) starts[c + 1]++; }
      for (let c = 0; c < colors; c++) starts[c + 1] += starts[c];
      fill.set(starts);   // each colour's next slot (no allocation per frame)
      for (let d = 0; d < count; d++) { const c = n[index + d]; if (c >= 0 && c < colors) order[fill[c]++] = d; }
      for (let c = 0; c < colors; c++) {
        const o = block + c * 4, red = n[o] * 255, green = n[o + 1] * 255, blue = n[o + 2] * 255, alpha = n[o + 3];
        const rgb = (Math.round(blue) << 16) | (Math.round(green) << 8) | Math.round(red), solid = alpha >= 1;
        for (let s = starts[c], e = starts[c + 1]; s < e; s++) {
          const d = order[s];
          const x = n[xy + 2 * d] * ratio - reach, y = n[xy + 2 * d + 1] * ratio - reach;
          const fx = Math.floor(x), fy = Math.floor(y);
          const stamp = stamps[((y - fy) * stamps.q | 0) * stamps.q + ((x - fx) * stamps.q | 0)];
          const cover = stamp.cover, offsets = stamp.offsets, m = cover.length, base = fy * pw + fx;
          const inside = fx >= 0 && fy >= 0 && fx + size <= pw && fy + size <= ph;
          for (let k = 0; k < m; k++) {
            if (!inside) {
              const xx = fx + stamp.dx[k], yy = fy + stamp.dy[k];
              if (xx < 0 || yy < 0 || xx >= pw || yy >= ph) continue;
            }
            const p = base + offsets[k];
            let a = cover[k];
            if (a >= 1 && solid) { words[p] = (0xFF000000 | rgb) >>> 0; continue; }
            a *= alpha;
            if (words[p] === 0) { words[p] = (((a * 255 + 0.5) | 0) << 24 | rgb) >>> 0; continue; }
            const q = p * 4, below = px[q + 3];
            const under = below / 255 * (1 - a), out = a + under;
            px[q] = (red * a + px[q] * under) / out;
            px[q + 1] = (green * a + px[q + 1] * under) / out;
            px[q + 2] = (blue * a + px[q + 2] * under) / out;
            px[q + 3] = out * 255;
          }
        }
      }
      ctx.putImageData(image, 0, 0);
    }
    const stampCache = new Map();
    // A dot's coverage of the pixels it touches, for each of q × q positions of its top-left corner
    // within a pixel (an eighth of a pixel apart: a dot is drawn at most 1/16 px from where it is):
    // each pixel gets r + ½ − (distance from the pixel's centre to the dot's), at most 1; only the
    // covered pixels are kept, with their offsets in a canvas `pw` pixels wide.
    function dotStamps(radius, pw) {
      const key = radius + "/" + pw;
      let stamps = stampCache.get(key);
      if (stamps) return stamps;
      const q = 8, reach = radius + 0.5, size = Math.ceil(2 * reach) + 1;
      stamps = [];
      for (let sy = 0; sy < q; sy++) for (let sx = 0; sx < q; sx++) {
        const cx = reach + (sx + 0.5) / q, cy = reach + (sy + 0.5) / q, dx = [], dy = [], cover = [];
        for (let yy = 0; yy < size; yy++) for (let xx = 0; xx < size; xx++) {
          const ex = xx + 0.5 - cx, ey = yy + 0.5 - cy, a = Math.min(1, reach - Math.sqrt(ex * ex + ey * ey));
          if (a > 0) { dx.push(xx); dy.push(yy); cover.push(a); }
        }
        stamps.push({ dx: Int32Array.from(dx), dy: Int32Array.from(dy), cover: Float64Array.from(cover),
                      offsets: Int32Array.from(dx.map((x, k) => dy[k] * pw + x)) });
      }
      stamps.q = q; stamps.size = size;
      if (stampCache.size > 8) stampCache.clear();
      stampCache.set(key, stamps);
      return stamps;
    }

    // (7) The same script run natively by `kinetic render` and here, for comparing the numbers.
    window.kineticRecord = (name, script, fps) => {
      const i = scenes.findIndex(s => s.name === name);
      if (i < 0) return { error: "unknown scene " + name };
      return recordIn(k, i, script, fps);
    };

    // The Studio: the scene clock's controls, and the module's inspection and time-travel exports
    // where it has them (the page degrades without them).
    const has = name => typeof k[name] === "function";
    const supported = () => ({ inspect: has("kinetic_inspect"), seek: has("kinetic_seek") && has("kinetic_scene_time"),
                               script: has("kinetic_script"), testSource: has("kinetic_test_source"),
                               importScript: has("kinetic_import_script"),
                               retune: has("kinetic_set_timing") && has("kinetic_replay") });
    runtime.supports = supported();
    Object.defineProperties(runtime, {
      time: { get: () => clock.last, enumerable: true },
      rate: { get: () => clock.rate, enumerable: true },
      running: { get: () => clock.running, enumerable: true },
    });
    runtime.pause = () => {
      if (clock.running) { clock.running = false; anchor(clock.last); options.onClock?.(); }
    };
    runtime.resume = () => {
      if (!clock.running) { anchor(clock.last); clock.running = true; options.onClock?.(); }
    };
    runtime.step = (frames = 1) => {
      const n = Math.min(600, Math.max(1, Math.round(Number(frames) || 1)));
      runtime.pause();
      // Inside a recording (after a seek back), a step moves forward along it by exact replay,
      // so the recording stays whole: the page shows, and exports, the same session. A seek
      // lands on logged frames, so it goes as far as the next one past the step's time.
      const end = runtime.loggedEndTime();
      if (runtime.supports.seek && end > clock.last + 1e-9) {
        const from = clock.last;
        for (let target = Math.min(end, from + n / 60); ; target = Math.min(end, target + 1 / 60)) {
          runtime.seek(target);
          if (clock.last > from + 1e-9 || target >= end) break;
        }
        return clock.last;
      }
      for (let f = 0; f < n; f++) compute(clock.last + 1 / 60);
      anchor(clock.last);
      options.onClock?.();
      return clock.last;
    };
    runtime.setRate = r => {
      r = Number(r);
      if (!Number.isFinite(r)) return clock.rate;
      anchor(sceneAt(performance.now()));
      clock.rate = Math.min(1, Math.max(0.1, r));
      options.onClock?.();
      return clock.rate;
    };
    runtime.inspect = () => {
      if (!runtime.supports.inspect || k.kinetic_inspect() < 0) return [];
      try { return JSON.parse(text(k.kinetic_text_length())); } catch { return []; }
    };
    runtime.sceneTime = () => runtime.supports.seek ? k.kinetic_scene_time() : clock.last;
    // After a seek or an import the module holds a rebuilt scene: the clock takes its time, and
    // one frame at that same time (the engine holds it) re-encodes the render list to draw.
    function adopt(running, how) {
      const t = k.kinetic_scene_time();
      clock.running = running;
      anchor(t);
      clock.last = clock.stamped = t;
      options.onRebuild?.(t, how);
      compute(t);
      options.onClock?.();
    }
    runtime.seek = t => {
      t = Number(t);
      if (!runtime.supports.seek || !Number.isFinite(t)) return false;
      const ok = k.kinetic_seek(t) > 0;
      if (ok) adopt(false, "seek");
      return ok;
    };
    runtime.script = () => runtime.supports.script ? text(k.kinetic_script()) : "";
    runtime.lastError = null;
    // A Swift Testing file replaying the session: the demos by default, or { module, scenes,
    // testable } of a user's app ("" with runtime.lastError set when refused).
    runtime.testSource = (options = {}) => {
      if (!runtime.supports.testSource) return "";
      const spec = options.module ? (options.testable ? "@testable " : "") + options.module + " " + options.scenes : "";
      const utf8 = new TextEncoder().encode(spec);
      const at = k.kinetic_input(utf8.length);
      if (at === 0 && utf8.length > 0) { runtime.lastError = "too long"; return ""; }
      new Uint8Array(k.memory.buffer, at, utf8.length).set(utf8);
      const n = k.kinetic_test_source(utf8.length);
      if (n < 0) { runtime.lastError = text(k.kinetic_text_length()); return ""; }
      return text(n);
    };
    runtime.sceneStartTime = () => has("kinetic_scene_start_time") ? k.kinetic_scene_start_time() : 0;
    // How far a seek can go: the last logged frame (a seek back keeps the future until new input).
    runtime.loggedEndTime = () => has("kinetic_logged_end_time") ? k.kinetic_logged_end_time() : clock.last;
    runtime.importScript = script => {
      if (!runtime.supports.importScript) return { ok: false, error: "this module has no kinetic_import_script" };
      const utf8 = new TextEncoder().encode(String(script));
      const at = k.kinetic_input(utf8.length);
      if (at === 0) return { ok: false, error: "the script is too long: at most 1 MiB" };
      new Uint8Array(k.memory.buffer, at, utf8.length).set(utf8);
      if (k.kinetic_import_script(utf8.length) > 0) { adopt(clock.running, "import"); return { ok: true }; }
      return { ok: false, error: text(k.kinetic_text_length()) };
    };
    // Live timing edits (HostSession's timing overrides): set one for an animation's name
    // (a spec line such as "spring 1 300 20", "cubic 0.2 0.9 0.3 1" or "decay 0.99"), clear
    // them, and replay the whole recorded session from the start with them.
    runtime.setTiming = (name, spec) => {
      if (!runtime.supports.retune) return { ok: false, error: "this module has no kinetic_set_timing" };
      const utf8 = new TextEncoder().encode(String(name) + "\n" + String(spec));
      const at = k.kinetic_input(utf8.length);
      if (at === 0) return { ok: false, error: "the timing spec is too long" };
      new Uint8Array(k.memory.buffer, at, utf8.length).set(utf8);
      if (k.kinetic_set_timing(utf8.length) > 0) return { ok: true };
      return { ok: false, error: text(k.kinetic_text_length()) };
    };
    runtime.clearTimings = () => { if (runtime.supports.retune) k.kinetic_clear_timings(); };
    // Reduced motion (HostSession.setMotionPolicy): the browser's setting first, then the page's switch.
    const policies = ["full", "reduced", "none"];
    runtime.motionPolicy = "full";
    runtime.setMotionPolicy = p => {
      const i = policies.indexOf(p);
      if (i < 0 || !has("kinetic_set_motion_policy") || k.kinetic_set_motion_policy(i) !== 1) return false;
      runtime.motionPolicy = p;
      return true;
    };
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)");
    if (reduce?.matches) runtime.setMotionPolicy("reduced");
    reduce?.addEventListener?.("change", e => { runtime.setMotionPolicy(e.matches ? "reduced" : "full"); options.onClock?.(); });
    runtime.replay = () => {
      if (!runtime.supports.retune) return false;
      const ok = k.kinetic_replay() > 0;
      if (ok) adopt(false, "replay");
      return ok;
    };
    window.kineticInspector = {
      pause: runtime.pause, resume: runtime.resume, step: runtime.step, seek: runtime.seek, setRate: runtime.setRate,
      get time() { return clock.last; },
      tracks: runtime.inspect, recording: runtime.script,
    };
    // (11) Live reload (`kinetic web serve --watch`): the module rebuilt from edited code takes
    // the place of this one, keeping the session. The recorded session is run on the old module
    // and on the new one as `kinetic render` runs it (kinetic_record, frames at i/60 s), then the
    // new module replays it into the shown scene, so the page goes on from the same instant of
    // the same gesture, on the new code.
    runtime.reload = async (url = options.module ?? "kinetic.wasm") => {
      let next;
      try { next = await open(url, expected); } catch (e) { return { ok: false, error: e.message }; }
      const same = next.scenes.length === scenes.length && next.scenes.every((s, i) => s.name === scenes[i].name);
      if (!same) return { ok: false, scenesChanged: true, error: "the app's scenes changed: reload the page to list them" };
      const index = Math.max(0, scenes.findIndex(s => s === runtime.current));
      const script = runtime.supports.script ? runtime.script() : "";
      const before = script ? recordIn(k, index, script, 60) : null;
      const after = script ? recordIn(next.k, index, script, 60) : null;
      // The new module's scene starts at the instant the old one had reached, so the replayed
      // session lands at the same scene times: the clock and the scrubber go on as they were.
      const running = clock.running, policy = runtime.motionPolicy, time = clock.last;
      k = next.k;
      for (const key of Object.keys(L)) delete L[key];
      Object.assign(L, next.L);
      scenes.splice(0, scenes.length, ...next.scenes);
      Object.assign(runtime.supports, supported());
      stage.replaceChildren();
      elements.clear();
      runtime.motionPolicy = "full";
      if (policy !== "full") runtime.setMotionPolicy(policy);
      select(time);
      let replayed = false;
      if (script && runtime.supports.importScript) replayed = runtime.importScript(script).ok;
      if (!running) runtime.pause();
      return { ok: true, scene: runtime.current.name, script, replayed, before, after };
    };
    // The Swift-side recorder of one property's curves (absent exports: nothing recorded).
    runtime.watch = (target, property = 0) => {
      if (typeof k.kinetic_watch !== "function") return false;
      if (typeof target === "number") return k.kinetic_watch(target, property) === 1;
      const utf8 = new TextEncoder().encode(String(target));
      const at = k.kinetic_input(utf8.length);
      if (at === 0 && utf8.length) return false;
      new Uint8Array(k.memory.buffer, at, utf8.length).set(utf8);
      return k.kinetic_watch_label(utf8.length) === 1;
    };
    runtime.unwatch = () => { if (typeof k.kinetic_unwatch === "function") k.kinetic_unwatch(); };
    // Expand or collapse a group of like tracks (a row of inspect() with `group`, by its key).
    runtime.expandGroup = (key, expanded) => {
      if (typeof k.kinetic_inspect_group !== "function") return false;
      const utf8 = new TextEncoder().encode(String(key));
      const at = k.kinetic_input(utf8.length);
      if (at === 0 && utf8.length) return false;
      new Uint8Array(k.memory.buffer, at, utf8.length).set(utf8);
      return k.kinetic_inspect_group(utf8.length, expanded ? 1 : 0) === 1;
    };
    runtime.samples = () => {
      if (typeof k.kinetic_samples !== "function") return { components: 0, samples: [] };
      const count = k.kinetic_samples(), stride = k.kinetic_sample_stride(), n = (stride - 1) / 3;
      const v = new Float64Array(k.memory.buffer, k.kinetic_sample_values(), k.kinetic_sample_values_length());
      const samples = [];
      for (let i = 0; i < count; i++) {
        const b = i * stride;
        samples.push({ time: v[b], model: Array.from(v.subarray(b + 1, b + 1 + n)),
                       presentation: Array.from(v.subarray(b + 1 + n, b + 1 + 2 * n)),
                       velocity: Array.from(v.subarray(b + 1 + 2 * n, b + 1 + 3 * n)) });
      }
      return { components: n, samples };
    };

    window.addEventListener("hashchange", () => select());
    select();
    window.kineticStats = stats;
    requestAnimationFrame(frame);
    window.kineticReady = true;
    return runtime;
  }

  return { FORMAT_VERSION, start };
})();
