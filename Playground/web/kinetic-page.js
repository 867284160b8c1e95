// kinetic-page.js — Kinetic on a page of your own: your HTML and CSS lay the elements out, Swift
// moves them.
//
// A Kinetic app built for the browser (`kinetic web serve`) may offer a scene whose `page`
// (PageLayout) adopts elements of the page by their `id`. This runtime, and nothing else, stands
// between the page and the module:
//   1. it loads the module (stubbing the WASI imports wasi-libc declares), runs the app's @main
//      and shows the scene named by `options.scene` (default: the first);
//   2. it finds each adopted element by its id (`kinetic_page_key`) and MEASURES its layout box:
//      where CSS put it, in page coordinates (CSS pixels from the document's top left), WITHOUT
//      the transform Kinetic writes (offsetLeft/offsetTop/offsetWidth/offsetHeight, which no
//      transform changes, summed up the offsetParent chain less the scroll of the containers in
//      between). It measures only when something may have moved: at start, when an element or
//      the page is resized (ResizeObserver), when the DOM under `options.root` changes
//      (MutationObserver: children, class, style of other elements), on window resize, and when
//      the app calls `runtime.layoutChanged()`. Each box that changed goes to Swift
//      (`kinetic_page_layout`) stamped with the scene's time, like a pointer event;
//   3. once per animation frame it runs the engine (`kinetic_frame`) and WRITES each adopted
//      element's `transform` (a CSS matrix with transform-origin 0 0) and `opacity` (at opacity 0
//      also `visibility: hidden`, so an invisible element takes no input or focus), batched
//      after every read: the frame's reads (measures) all come before its writes, so a frame
//      never forces a layout in its write phase;
//   3b. presence: an adopted element the page removes stays drawn, out of the flow at its last
//      place and inert, while Swift plays its exit (PageLayout.presence), and is removed when
//      Swift says it is gone; put back mid-exit (the same element, or a new one with its id),
//      it turns back from where it is drawn. An element missing at the start enters when the
//      page adds it;
//   4. it forwards pointer events that start on an adopted element (and the rest of that
//      pointer's gesture, captured) to Swift in page coordinates; every other event, and the
//      defaults of these (focus, clicks, selection), stay the page's: the page is fully usable
//      while anything moves;
//   5. reduced motion follows `prefers-reduced-motion` (and its change event) and
//      `runtime.setMotionPolicy("full" | "reduced" | "none")`.
//
// Usage:
//   <img id="photo" src="photo.png" alt="A photo">
//   <script src="kinetic-page.js"></script>
//   <script>KineticPage.start({ scene: "gallery" })</script>
//
// start(options) resolves to a runtime object, or null (with the reason in window.kineticError)
// when the module fails to load or lacks the page exports. The runtime object:
//   elements          [{ key, element }] in adoption order (element null when no such id)
//   time              the scene time of the last frame, in seconds
//   stats             { frames, lastScriptMs, scriptMs, measureMs, engineMs, writeMs, measures }:
//                     each frame's script time in ms and its three parts (the last 600 frames),
//                     and how many measures
//   layoutChanged()   measure again on the next frame (call after changing the layout by script)
//   setMotionPolicy(p), motionPolicy
//   styles()          the last frame's styles as [{ key, matrix: [a, b, c, d, tx, ty], opacity }]
//   script()          the session so far as a gesture script: pointer events, and the measured
//                     layouts as `page` and `layout` lines (`kinetic render --script` replays it)
//   record(script, fps)  that script run from the scene's start in the module, as `kinetic
//                     render` runs it natively: { frames, channels, values } or { error }
//   boxes()           the last measured layout boxes as [{ key, x, y, width, height }]
"use strict";

const KineticPage = (() => {
  const PHASES = { pointerdown: 0, pointermove: 1, pointerup: 2, pointercancel: 3 };
  const POLICIES = { full: 0, reduced: 1, none: 2 };

  function fail(message) {
    window.kineticError = message;
    console.error("Kinetic:", message);
    return null;
  }

  /// The element's layout box in page coordinates, without any transform: offsets up the
  /// offsetParent chain, less the scroll of every scrolled container between it and the page.
  function layoutBox(element) {
    let x = 0, y = 0;
    for (let e = element; e; e = e.offsetParent) {
      x += e.offsetLeft + (e === element ? 0 : e.clientLeft);
      y += e.offsetTop + (e === element ? 0 : e.clientTop);
    }
    for (let p = element.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
      x -= p.scrollLeft;
      y -= p.scrollTop;
    }
    return [x, y, element.offsetWidth, element.offsetHeight];
  }

  async function start(options = {}) {
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
      return fail("Could not load the Kinetic module: " + e);
    }
    if (typeof k.kinetic_page_layout !== "function" || typeof k.__main_argc_argv !== "function") {
      return fail("This Kinetic module has no page exports (kinetic_page_layout): rebuild it with this Kinetic.");
    }
    const text = len => new TextDecoder().decode(new Uint8Array(k.memory.buffer, k.kinetic_text(), len));
    k.__main_argc_argv(0, 0);
    let index = 0;
    if (options.scene) {
      index = -1;
      for (let i = 0, n = k.kinetic_scene_count(); i < n; i++) if (text(k.kinetic_describe(i, 0)) === options.scene) index = i;
      if (index < 0) return fail("The Kinetic app has no scene named " + options.scene);
    }

    // The scene clock: seconds since start, on performance.now().
    const origin = performance.now();
    const now = () => (performance.now() - origin) / 1000;
    let time = 0;
    if (!k.kinetic_select(index, 0)) return fail("The Kinetic app refused its scene " + index);

    const elements = [];
    for (let i = 0, n = k.kinetic_page_count(); i < n; i++) {
      const key = text(k.kinetic_page_key(i));
      const element = document.getElementById(key);
      if (element) element.style.transformOrigin = "0 0";
      elements.push({ key, element, box: null, written: "", opacity: "", ghost: false });
    }
    // An element the page does not have (yet) is gone from the start, and enters when it appears.
    elements.forEach((e, i) => { if (!e.element) k.kinetic_page_presence(i, 0, 0); });
    const stride = k.kinetic_page_style_stride();
    const root = options.root ?? document.body;

    // What may have moved: measured in the next frame's read phase, never in a write.
    let dirty = true;
    const invalidate = () => { dirty = true; };
    const resize = new ResizeObserver(invalidate);
    resize.observe(document.documentElement);
    for (const e of elements) if (e.element) resize.observe(e.element);
    // Presence: an adopted element the page removes is kept, drawn out of the flow at its last
    // place (a "ghost": absolutely positioned, inert), while Swift plays its exit; it is let go
    // when Swift says it is gone. Put back (the same element or a new one with its id), it is
    // the page's again and Swift turns it back or lets it enter.
    const stamp = () => Math.max(time, now());
    function keep(e, i, parent, before) {
      const el = e.element, [x, y, w, h] = e.box;
      parent.insertBefore(el, before && before.parentNode === parent ? before : null);
      Object.assign(el.style, { position: "absolute", margin: "0", left: "0px", top: "0px", width: w + "px",
                                height: h + "px", pointerEvents: "none" });
      el.inert = true;
      const [x0, y0] = layoutBox(el);      // its containing block's origin on the page
      el.style.left = (x - x0) + "px";
      el.style.top = (y - y0) + "px";
      e.ghost = true;
      k.kinetic_page_presence(i, 0, stamp());
    }
    function release(e) {
      for (const p of ["position", "margin", "left", "top", "width", "height", "pointerEvents"]) e.element.style[p] = "";
      e.element.inert = false;
      e.ghost = false;
    }
    function removed(node, record) {
      elements.forEach((e, i) => {
        if (!e.element || e.ghost || e.element.isConnected || !(node === e.element || node.contains(e.element))) return;
        if (node === e.element && e.box) {
          keep(e, i, record.target, record.nextSibling);
        } else {
          k.kinetic_page_presence(i, 0, stamp());
          e.element = null;
        }
      });
    }
    function added(node) {
      if (node.nodeType !== 1) return;
      elements.forEach((e, i) => {
        const el = node.id === e.key ? node : node.querySelector?.("#" + CSS.escape(e.key));
        if (!el || (el === e.element && !e.ghost)) return;
        if (el === e.element) {
          release(e);                       // the page put the very element back
        } else {
          if (e.ghost) e.element.remove();  // a new element with its id: the ghost goes
          e.element = el;
          e.ghost = false;
          el.style.transformOrigin = "0 0";
          e.written = e.opacity = "";
          resize.observe(el);
        }
        e.box = null;
        k.kinetic_page_presence(i, 1, stamp());
      });
    }
    // The page's own changes: Kinetic's writes are made with the observer disconnected (see the
    // write phase), so every record here is the page's.
    function changes(records) {
      let changed = false;
      for (const r of records) {
        if (r.type === "attributes") {
          changed = true;
          continue;
        }
        changed = true;
        for (const node of r.removedNodes) removed(node, r);
        for (const node of r.addedNodes) added(node);
      }
      mutations.takeRecords();              // the ghosts' own insertions
      if (changed) dirty = true;
    }
    const mutations = new MutationObserver(changes);
    const watched = { subtree: true, childList: true, attributes: true, attributeFilter: ["class", "style", "hidden"] };
    mutations.observe(root, watched);
    window.addEventListener("resize", invalidate);
    let pageSize = [-1, -1];
    let measures = 0;

    function measure(t) {
      dirty = false;
      measures++;
      const doc = document.documentElement;
      const size = [Math.max(doc.scrollWidth, doc.clientWidth), Math.max(doc.scrollHeight, doc.clientHeight)];
      if (size[0] !== pageSize[0] || size[1] !== pageSize[1]) {
        pageSize = size;
        k.kinetic_page_layout(-1, 0, 0, size[0], size[1], t);
      }
      elements.forEach((e, i) => {
        if (!e.element || e.ghost || !e.element.isConnected) return;
        const box = layoutBox(e.element);
        if (e.box && box.every((v, j) => v === e.box[j])) return;
        e.box = box;
        k.kinetic_page_layout(i, box[0], box[1], box[2], box[3], t);
      });
    }

    // Pointers that start on an adopted element go to Swift, in page coordinates.
    const captured = new Set();
    function forward(event) {
      const phase = PHASES[event.type];
      if (phase === 0) {
        if (!elements.some(e => e.element && e.element.contains(event.target))) return;
        captured.add(event.pointerId);
        event.target.setPointerCapture?.(event.pointerId);
      } else if (!captured.has(event.pointerId)) {
        return;
      }
      if (phase >= 2) captured.delete(event.pointerId);
      const t = Math.max(time, (event.timeStamp - origin) / 1000);
      k.kinetic_pointer(phase, event.pointerId, event.pageX, event.pageY, t);
    }
    for (const type of Object.keys(PHASES)) document.addEventListener(type, forward, { passive: true });

    // Reduced motion: the system's setting until the page says otherwise.
    const runtime = { elements: elements.map(e => ({ key: e.key, element: e.element })), time: 0,
                      stats: { frames: 0, lastScriptMs: 0, scriptMs: [], measureMs: [], engineMs: [], writeMs: [], measures: 0 }, motionPolicy: "full" };
    const query = window.matchMedia?.("(prefers-reduced-motion: reduce)");
    let policyFromPage = false;
    runtime.setMotionPolicy = policy => {
      if (!(policy in POLICIES) || typeof k.kinetic_set_motion_policy !== "function") return false;
      k.kinetic_set_motion_policy(POLICIES[policy]);
      runtime.motionPolicy = policy;
      return true;
    };
    if (query) {
      if (query.matches) runtime.setMotionPolicy("reduced");
      query.addEventListener?.("change", () => { if (!policyFromPage) runtime.setMotionPolicy(query.matches ? "reduced" : "full"); });
    }
    const setPolicy = runtime.setMotionPolicy;
    runtime.setMotionPolicy = policy => { policyFromPage = true; return setPolicy(policy); };
    runtime.layoutChanged = invalidate;
    runtime.styles = () => {
      const s = new Float64Array(k.memory.buffer, k.kinetic_page_styles(), k.kinetic_page_styles_length());
      return elements.map((e, i) => ({ key: e.key, matrix: Array.from(s.subarray(i * stride, i * stride + 6)),
                                        opacity: s[i * stride + 6] }));
    };
    // The session as a gesture script (its pointer events and measured layouts, HostSession.script),
    // and a script run from the scene's start at a fixed rate, as `kinetic render` runs it natively
    // (kinetic_record): { frames, channels, values } or { error }.
    runtime.script = () => typeof k.kinetic_script === "function" ? text(k.kinetic_script()) : "";
    runtime.record = (script, fps = 60) => {
      const utf8 = new TextEncoder().encode(script);
      const at = k.kinetic_input(utf8.length);
      if (at === 0) return { error: "the script is too long: at most 1 MiB" };
      new Uint8Array(k.memory.buffer, at, utf8.length).set(utf8);
      const frames = k.kinetic_record(index, utf8.length, fps);
      const names = text(k.kinetic_text_length());
      if (frames < 0) return { error: names };
      const values = Array.from(new Float64Array(k.memory.buffer, k.kinetic_recording(), k.kinetic_recording_length()));
      return { frames, channels: names ? names.split(",") : [], values };
    };
    runtime.boxes = () => elements.map(e => e.box && { key: e.key, x: e.box[0], y: e.box[1], width: e.box[2], height: e.box[3] });

    function frame() {
      const started = performance.now();
      time = Math.max(time, now());
      // Read phase: measure if anything may have moved (before any write of this frame).
      if (dirty) measure(time);
      const measured = performance.now();
      k.kinetic_frame(time);
      const engine = performance.now();
      // Write phase: only what changed, and nothing is read from here on. The observer is off
      // meanwhile (a thousand style writes would be a thousand records to sift); what the page
      // changed this frame is handled first.
      const pending = mutations.takeRecords();
      if (pending.length) changes(pending);
      mutations.disconnect();
      const s = new Float64Array(k.memory.buffer, k.kinetic_page_styles(), k.kinetic_page_styles_length());
      elements.forEach((e, i) => {
        if (!e.element) return;
        const o = i * stride;
        if (s[o + 7] === 2 && e.ghost) {    // its exit has ended: let it go
          e.element.remove();
          e.element = null;
          e.ghost = false;
          return;
        }
        // A pure move is written as a translate: Chromium parses it in less than half the time
        // of a matrix (1,000 writes: 0.8-1.0 ms against 1.8-2.3 ms).
        const moves = s[o] === 1 && s[o + 1] === 0 && s[o + 2] === 0 && s[o + 3] === 1;
        const transform = moves ? (s[o + 4] === 0 && s[o + 5] === 0 ? "" : "translate(" + s[o + 4] + "px," + s[o + 5] + "px)")
                                : "matrix(" + s[o] + "," + s[o + 1] + "," + s[o + 2] + "," + s[o + 3] + "," + s[o + 4] + "," + s[o + 5] + ")";
        if (transform !== e.written) { e.element.style.transform = transform; e.written = transform; }
        // Always written (a stylesheet may start an element transparent until Swift shows it).
        const opacity = String(s[o + 6]);
        if (opacity !== e.opacity) {
          e.element.style.opacity = opacity;
          // As UIKit skips a view of alpha 0 in hit testing: an element Swift made invisible
          // takes no pointer, no focus and leaves the accessibility tree, so the page under it
          // stays usable.
          if ((opacity === "0") !== (e.opacity === "0")) e.element.style.visibility = opacity === "0" ? "hidden" : "visible";
          e.opacity = opacity;
        }
      });
      mutations.observe(root, watched);
      runtime.time = time;
      runtime.stats.frames++;
      runtime.stats.measures = measures;
      const ended = performance.now();
      runtime.stats.lastScriptMs = ended - started;
      runtime.stats.lastMeasureMs = measured - started;
      runtime.stats.lastEngineMs = engine - measured;
      runtime.stats.lastWriteMs = ended - engine;
      for (const [list, value] of [["scriptMs", ended - started], ["measureMs", measured - started],
                                   ["engineMs", engine - measured], ["writeMs", ended - engine]]) {
        runtime.stats[list].push(value);
        if (runtime.stats[list].length > 600) runtime.stats[list].shift();
      }
      requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
    window.kineticPage = runtime;
    return runtime;
  }

  return { start, layoutBox };
})();
