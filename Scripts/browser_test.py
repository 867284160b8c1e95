"""Browser tests of the Kinetic playground (run by Scripts/browser-test).

Headless Chromium through Selenium, with real pointer input (W3C actions: the browser
dispatches genuine pointerdown/move/up events to the page, which forwards them to Swift).
Positions are read back from the DOM (the elements the page draws from Swift's render list,
found by their data-name), in stage points (375 x 667): the Studio page may scale the stage with
a CSS transform (on a phone, or a short window), so every position is divided by the stage's
on-screen scale and every pointer position multiplied by it.

    python3 Scripts/browser_test.py URL OUTDIR [--frame-cost]

With --frame-cost, only the wall-clock bars, strictly and twice each (Benchmarks/browser-frame-cost);
without it, those bars are loose regression guards and every other check runs.

Last, opens version-check.html (a page expecting another render-list format) and checks that the
runtime refuses the module with a visible message.

Then the Studio page itself: its layout at 390x844, 1280x720 and 1440x900 (screenshot-studio-*.png),
the transport (pause, step, rate) driven by real clicks on its buttons, the code tab, and the
inspector (or, with a module without kinetic_inspect, its note saying so).

Issue 42: the inspector at scale (10,000 moving springs one timeline row with a count, expanded by
a click; tracks() timed, under 10 ms strictly with --frame-cost), internal tracks hidden, dynamic
items by name, a second run told apart; and the finish at 390x844, 1280x720 and 1440x900 (no
scrolling past the cards, the about card and every picker title whole, in-scene text >= 11 px,
timing fields whole, headings clear of the sticky header, the compact transport on a phone, the
field's ring, the drawer's row titles: screenshot-finish-*.png, screenshot-studio-stress-inspector.png).

Issue 39: the grid's photos are loaded <img>s with alt text, and a node inserted mid-list leaves
every other element the same DOM object (Scripts/browser_content_test.py).

Issue 41, item 1: the grid's flight through NavigationStack's matched push and pop, on the push's
cubic animator, scrubbed by the pull-down, cancelled, popped, caught and reversed, with the
session's frames replayed to check that the progress follows the pointer and nothing jumps
(Scripts/browser_grid_test.py).

Issue 23: the grid's matched-geometry flight caught mid-flight and thrown back, the list's exit
undone mid-way, with real pointer input (screenshot-grid-*.png, screenshot-list-*.png at 390x844
and 1280x720).

Writes OUTDIR/screenshot-DEMO.png (each demo mid-animation; the pane in each of its three modes,
the dynamics catalog's exhibits, the pyramid before and after, the stress demo mid-sweep),
OUTDIR/report.json, and prints
one line per check and a closing 'N passed, N failed' line. Exit status 1 if any check failed.
"""
import csv
import json
import os
import sys
import time

from kinetic_browser import check, chromium, finish, mouse, retried
import kinetic_browser

URL, OUT = sys.argv[1], sys.argv[2]
FRAME_COST = "--frame-cost" in sys.argv[3:]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
report = {}

d = chromium()


def open_demo(name):
    d.get(URL + "#" + name)
    for _ in range(100):
        if d.execute_script("return window.kineticReady === true && window.kineticDemo === arguments[0]", name):
            break
        time.sleep(0.05)
    d.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)


def stage_origin():
    """The stage's top left corner in the viewport (CSS px) and its scale (CSS px per point)."""
    r = d.execute_script("""
        const s = document.getElementById('stage'), r = s.getBoundingClientRect();
        return [r.left, r.top, r.width / (parseFloat(s.style.width) || 375)]""")
    return r[0], r[1], r[2]


def rect(name):
    """The bounding box of the element named `name`, in stage points, or None."""
    return d.execute_script("""
        const stage = document.getElementById('stage'), s = stage.getBoundingClientRect();
        const k = s.width / (parseFloat(stage.style.width) || 375);
        const e = document.querySelector('[data-name="' + arguments[0] + '"]');
        if (!e) return null;
        const r = e.getBoundingClientRect();
        return {x: (r.left - s.left) / k, y: (r.top - s.top) / k, w: r.width / k, h: r.height / k};
    """, name)


def Pointer():
    """Real pointer input at stage points (kinetic_browser.Pointer on this page's stage)."""
    return kinetic_browser.Pointer(d, *stage_origin())


def close(a, b, tol):
    return a is not None and b is not None and abs(a - b) <= tol


def sample(seconds, every, read):
    """`read()` every `every` seconds for `seconds` (wall clock): the list of what it returned."""
    out, t0 = [], time.time()
    while time.time() - t0 < seconds:
        out.append(read())
        time.sleep(every)
    return out


def width_of(name, digits):
    """The drawn width of `name` rounded to `digits`, or None when it is not drawn."""
    r = rect(name)
    return r and round(r["w"], digits)


# --- Frame cost: timed bars are benchmarks ----------------------------------------------------
# The comments panel's script time per frame (< 1 ms) and the stress demo's engine + draw with
# 10,000 springs moving (<= 8 ms, issue 19) are wall-clock bars: on a shared 2-core CI machine a
# build next door lifts them two- or threefold. In the test run they are regression guards with
# room for that (a median comments frame under 3 ms; the stress demo's median engine + median
# draw under 24 ms) and their figures are printed; `Scripts/browser-test --frame-cost`
# (Benchmarks/browser-frame-cost) measures them alone, each twice on a fresh page, against the bars.
def median_of(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else float("nan")


def comments_frame_cost(run, strict):
    """The comments panel mid-transition: the page's script time (the wasm frame call and the DOM
    update) over 40 frames. Returns the median, mean and max."""
    d.get("about:blank")
    open_demo("comments")
    time.sleep(0.5)
    Pointer().tap(140, 635).perform()
    frame_times = d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const s = window.kineticStats; const out = [];
        (function poll() {
            if (s.frames !== poll.seen) { poll.seen = s.frames; out.push(s.last); }
            if (out.length >= 40) return done(out);
            requestAnimationFrame(poll);
        })();
    """)
    frame_times = frame_times[1:]
    mean = sum(frame_times) / len(frame_times)
    median = median_of(frame_times)
    # The median, not the mean: on a shared 2-core machine one frame in forty can wait 15-20 ms
    # for the CPU (another process, not the page's script), which alone lifts the mean of 0.4 ms
    # frames past 1 ms. The mean and max are reported beside it.
    bar = 1.0 if strict else 3.0
    check("comments panel mid-transition (run %d): median script time per frame < %g ms%s"
          % (run + 1, bar, "" if strict else " (regression guard; the 1 ms bar: --frame-cost)"), median < bar,
          "median %.3f ms, mean %.3f ms, max %.3f ms over %d frames" % (median, mean, max(frame_times), len(frame_times)))
    return {"median": median, "mean": mean, "max": max(frame_times), "samples": frame_times}


# --- Ten thousand springs: the engine's time per frame with every spring moving -----------------
def stress_sweep(run, strict):
    """Sweeps the stress demo's field with real pointer input (a zigzag over the whole stage, five
    times: passes 49.5 pt apart, so every dot is within 25 pt of one and each pass throws it)
    and records, frame by frame in the page, the engine's time (the wasm kinetic_frame call: tick
    + encode), the canvas draw time and the number of springs moving (the demo's counter); the
    numbers are over the first 120 frames with all 10,000 springs moving (strict: there must be
    120; in the test run 30 are enough, a loaded machine draws fewer frames in the sweep's 3.5 s).
    Returns them; the first run also takes the screenshot."""
    d.get("about:blank")   # a fresh page each run (the same URL again would not reload)
    open_demo("stress")
    time.sleep(0.5)
    d.execute_script("""
        const s = window.kineticStats, out = window.stressFrames = [];
        const label = () => document.querySelector('.t[data-name="count"]');
        let seen = s.frames;
        (function poll() {
            if (s.frames !== seen) {
                seen = s.frames;
                const l = label();
                out.push([s.engine, s.draw, l ? parseInt(l.textContent, 10) : -1]);
            }
            if (!window.stressStop) requestAnimationFrame(poll);
        })();
    """)

    def zigzag(p, rows, x0=-15, x1=390, seconds=0.05, steps=2):
        for k, y in enumerate(rows):
            a, b = (x0, x1) if k % 2 == 0 else (x1, x0)
            p.move(a, y)
            for s in range(1, steps + 1):
                p.pause(seconds / steps)
                p.move(a + (b - a) * s / steps, y)
        return p

    down_rows = [12 + k * (655 - 12) / 13 for k in range(14)]   # 49.5 pt apart, top to bottom
    # One chain, the pointer held down (the page captures it on the stage, so moves just outside
    # it still arrive); the screenshot is taken before it lifts, with the field in full swing.
    p = Pointer().down(30, down_rows[0])   # clear of the stage's rounded corner
    zigzag(p, down_rows)
    for _ in range(2):
        zigzag(p, list(reversed(down_rows)))
        zigzag(p, down_rows)
    p.perform()
    shot = os.path.join(OUT, "screenshot-stress.png")
    if run == 0:
        d.save_screenshot(shot)
    Pointer().up().perform()
    time.sleep(0.3)
    frames = d.execute_script("window.stressStop = true; return window.stressFrames")
    moving = [f for f in frames if f[2] == 10000]
    window = moving[:120]
    engine = [f[0] for f in window]
    draw = [f[1] for f in window]
    needed = 120 if strict else 30
    ok = len(window) >= needed
    mean = sum(engine) / len(engine) if engine else float("nan")
    dmean = sum(draw) / len(draw) if draw else float("nan")
    check("stress (run %d): %d frames with all 10,000 springs moving under a real sweep" % (run + 1, needed), ok,
          "%d of %d frames had 10000 moving (most %d)" % (len(moving), len(frames), max(f[2] for f in frames)))
    if run == 0:
        check("stress: screenshot mid-sweep", os.path.getsize(shot) > 10000, shot)
    return {"ok": ok, "engine_ms": {"mean": mean, "max": max(engine or [0]), "samples": engine},
            "draw_ms": {"mean": dmean, "max": max(draw or [0]), "samples": draw},
            "frames_all_moving": len(moving), "frames": len(frames)}


def stress_demo(strict):
    """The stress demo's bar (issue 19): the engine's time (tick + encode, wasm) plus the canvas
    draw, with all 10,000 springs moving, at most 8 ms per frame on average (a 120 Hz budget),
    measured the same way twice: both runs must meet it (strict, `--frame-cost`). In the test run,
    one sweep and a regression guard on the medians (engine + draw under 24 ms: three times the
    bar, room for a loaded machine, far below a frame that lost its batching); the figures are
    printed either way."""
    runs = [stress_sweep(k, strict) for k in range(2 if strict else 1)]
    for k, r in enumerate(runs):
        e, dr = r["engine_ms"], r["draw_ms"]
        em, dm = median_of(e["samples"]), median_of(dr["samples"])
        figures = ("engine mean %.3f ms (median %.3f, max %.3f) + canvas draw mean %.3f ms (median %.3f, max %.3f)"
                   " = %.3f ms mean, %.3f ms medians, over %d frames"
                   % (e["mean"], em, e["max"], dr["mean"], dm, dr["max"], e["mean"] + dr["mean"], em + dm, len(e["samples"])))
        if strict:
            check("stress (run %d): engine + draw with every spring moving: mean <= 8 ms" % (k + 1),
                  r["ok"] and e["mean"] + dr["mean"] <= 8.0, figures)
        else:
            check("stress: engine + draw with every spring moving: medians under 24 ms"
                  " (regression guard; the 8 ms bar: --frame-cost)", r["ok"] and em + dm < 24.0, figures)
    report["stress"] = runs[0]
    report["stress_runs"] = [{"engine_mean": r["engine_ms"]["mean"], "draw_mean": r["draw_ms"]["mean"]} for r in runs]


def frame_cost(strict):
    runs = [comments_frame_cost(k, strict) for k in range(2 if strict else 1)]
    report["frame_ms"] = runs[0]
    report["frame_ms_runs"] = [r["median"] for r in runs]
    stress_demo(strict)


def timeline_rows():
    return d.execute_script("return window.kineticTimeline.rows()")


def studio_inspector_at_scale():
    """Issue 42, item 4: the stress demo's 10,000 moving springs are one timeline row with a count
    that expands on demand (a real click on its triangle), and tracks() (kinetic_inspect, its JSON
    and its parse) takes under 10 ms with all of them moving: timed in the page, 40 calls, the
    median printed. The bar is strict under --frame-cost; the test run guards it at 30 ms."""
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    d.get("about:blank")
    open_demo("stress")
    d.execute_script("document.getElementById('tab-inspector').click()")
    time.sleep(0.3)
    rows = [12 + k * (655 - 12) / 13 for k in range(14)]   # 49.5 pt apart: every dot within 25 pt of a pass
    p = Pointer().down(30, rows[0])
    for k, y in enumerate(rows):
        a, b = (-15, 390) if k % 2 == 0 else (390, -15)
        p.move(a, y).pause(0.025).move((a + b) / 2, y).pause(0.025).move(b, y)
    p.up().perform()
    d.execute_script("window.kineticInspector.pause()")
    timed = d.execute_script("""
        const t = []; let rows = null;
        for (let i = 0; i < 40; i++) { const a = performance.now(); rows = window.kineticInspector.tracks(); t.push(performance.now() - a); }
        t.sort((a, b) => a - b);
        return {median: t[20], max: t[39], min: t[0], rows: rows.map(r => ({key: r.key, name: r.name, group: r.group || null}))};""")
    time.sleep(0.3)
    group = timed["rows"][0]["group"] if timed["rows"] else None
    figures = "tracks() median %.2f ms (min %.2f, max %.2f) over 40 calls, %d rows, group %s" % (
        timed["median"], timed["min"], timed["max"], len(timed["rows"]), json.dumps(group))
    print("    " + figures)
    report.setdefault("tracks_ms_10000_springs", []).append({k: timed[k] for k in ("median", "min", "max")})
    check("studio inspector: 10,000 moving springs are one row with their count",
          len(timed["rows"]) == 1 and group is not None and group["count"] == 10000 and group["running"] == 10000, figures)
    check("studio inspector: tracks() with 10,000 springs moving " + ("under 10 ms (median)" if FRAME_COST else
          "under 30 ms (regression guard; the 10 ms bar: --frame-cost)"), timed["median"] < (10 if FRAME_COST else 30), figures)
    d.execute_script("window.kineticInspector.resume()")
    time.sleep(0.1)
    d.execute_script("window.kineticInspector.pause(); document.getElementById('timeline').scrollIntoView({block: 'center'})")
    time.sleep(0.1)
    shown, height = timeline_rows(), d.execute_script("return document.getElementById('timeline').clientHeight")
    r = d.execute_script("const r = document.getElementById('timeline').getBoundingClientRect(); return {left: r.left, top: r.top}")
    b = mouse(d)
    b.pointer_action.move_to_location(int(r["left"] + 11), int(r["top"] + 11)).pointer_down().pause(0.03).pointer_up()
    b.perform()
    time.sleep(0.2)
    expanded = timeline_rows()
    members = [x for x in expanded if x["member"]]
    check("studio inspector: the group row is one 22 px row, and a click on its triangle lists its first 40 members",
          len(shown) == 1 and height < 60 and len(members) == 40 and all(m["label"].startswith("spring ") for m in members),
          "%d rows (%d px) -> %d rows, %d members: %s" % (len(shown), height, len(expanded), len(members),
                                                         [m["label"] for m in members[:3]]))
    if FRAME_COST:
        return
    d.save_screenshot(os.path.join(OUT, "screenshot-studio-stress-inspector.png"))
    d.execute_script("window.kineticTimeline.toggleGroup(window.kineticTimeline.rows()[0].key); window.kineticInspector.resume()")


if FRAME_COST:
    frame_cost(strict=True)
    for _ in range(2):   # measured twice, each on a fresh page, as the other bars
        studio_inspector_at_scale()
    d.quit()
    json.dump(report, open(os.path.join(OUT, "report.json"), "w"), indent=1)
    finish()


# --- The drawer ------------------------------------------------------------------------------
open_demo("drawer")
top0 = rect("drawer")["y"]
check("drawer starts closed: top at 667 - 45", close(top0, 622, 0.6), "top %.2f" % top0)
Pointer().tap(187, 645).perform()
t_tap = time.time()
samples = []
while time.time() - t_tap < 1.4:
    samples.append(rect("drawer")["y"])
    time.sleep(0.08)
mid = [y for y in samples if 330 < y < 610]
check("drawer opening: seen mid-flight at several points", len(mid) >= 3, "tops %s" % [round(y, 1) for y in samples])
check("drawer opening: moves up monotonically", all(b <= a + 0.01 for a, b in zip(samples, samples[1:])))
top_open = rect("drawer")["y"]
check("drawer open: top at 622 - 305 = 317", close(top_open, 317, 0.6), "top %.2f" % top_open)
# Tap again to close, catch it mid-flight (0.35 s later) and swipe it back up.
p = Pointer().tap(187, 340).pause(0.35)
p.drag(40, 650, 40, 590, 0.15, steps=9, release=False)
p.perform()
caught = rect("drawer")["y"]
check("drawer caught mid-flight: held between open and closed while the finger is down",
      317 < caught < 622, "top %.2f" % caught)
time.sleep(0.2)
still = rect("drawer")["y"]
check("drawer caught: it stays under the finger (paused)", close(still, caught, 0.6), "%.2f then %.2f" % (caught, still))
Pointer().up().perform()
after = []
t0 = time.time()
while time.time() - t0 < 1.2:
    after.append(rect("drawer")["y"])
    time.sleep(0.08)
check("drawer swiped back: reversed, it rises to open", close(after[-1], 317, 0.6) and all(b <= a + 0.01 for a, b in zip(after, after[1:])),
      "tops %s" % [round(y, 1) for y in after])
report["drawer"] = {"closed": top0, "opening": samples, "caught": caught, "after": after}

# --- The photo transition -----------------------------------------------------------------------
def names_present(*names):
    return [rect(n) is not None for n in names]


open_demo("photo")
Pointer().tap(187, 283).perform()
time.sleep(0.12)
zoom = rect("transition.photo")
check("photo push: the photo zooms out of its tile (mid-flight)", zoom is not None and 119 < zoom["w"] < 375 + 40,
      "width %s" % (zoom and round(zoom["w"], 1)))
time.sleep(1.2)
check("photo pushed: the stack shows the detail screen only (grid removed)", names_present("detail", "grid", "transition.photo") == [True, False, False])
# Pull down 120 pt, hold, release (past a third: it animates to the end), then catch it and flick up.
p = Pointer().drag(187, 300, 187, 420, 0.4, steps=24, release=False, hold=0.12)
p.perform()
pulled = rect("transition.photo")
check("photo pulled down: the photo follows the finger and shrinks", pulled is not None and pulled["w"] < 375 and pulled["y"] + pulled["h"] / 2 > 400,
      str(pulled and {k: round(v, 1) for k, v in pulled.items()}))
check("photo pulled down: both screens in the stack's container mid-transition", names_present("detail", "grid") == [True, True])
Pointer().up().pause(0.1).drag(187, 400, 187, 250, 0.2, steps=12).perform()
time.sleep(1.3)
check("photo caught and flicked up: cancelled, the stack still shows the detail screen",
      names_present("detail", "grid", "transition.photo") == [True, False, False])
Pointer().drag(187, 300, 187, 450, 0.15, steps=9).perform()
time.sleep(1.3)
check("photo flicked down: popped, the stack shows the grid only", names_present("detail", "grid", "tile4") == [False, True, True])

# --- The pane, three ways -------------------------------------------------------------------------
# The mode buttons (Dynamics, Spring, POP) sit at the top; each mode throws the pane up and down.
MODE_BUTTONS = {"dynamics": (67.5, 30), "spring": (187.5, 30), "pop": (307.5, 30)}


def throw_pane(mode, direction, drag, start, wait):
    """Throws the pane with a real drag (x0, y0, x1, y1, seconds, moves) and returns its top 0.1 s
    after the release and `wait` s later, thrown again (`retried`) while it lands back within 3 pt
    of `start`, as a slow drag does."""
    def throw():
        Pointer().drag(*drag).perform()
        time.sleep(0.1)
        flying = rect("pane")["y"]
        time.sleep(wait)
        return flying, rect("pane")["y"]
    (flying, top), _ = retried(throw, lambda thrown: abs(thrown[1] - start) < 3,
                               lambda attempt, thrown: "pane (%s) thrown %s: attempt %d read as a slow drag (back at %.1f), thrown again"
                               % (mode, direction, attempt, thrown[1]))
    return flying, top
report["pane"] = {}
for mode, (bx, by) in MODE_BUTTONS.items():
    open_demo("pane")
    check("pane (%s) starts closed: top at 587" % mode, close(rect("pane")["y"], 587, 0.6))
    Pointer().tap(bx, by).perform()
    time.sleep(0.1)
    flying, top = throw_pane(mode, "up", (187, 620, 187, 470, 0.15, 9), start=587, wait=1.8)
    check("pane (%s) thrown up: settles open at top 147" % mode, close(top, 147, 0.6) and flying < 560,
          "mid-flight %.1f, settled %.2f" % (flying, top))
    # Tap it to close, tap again mid-flight: it turns round and settles open again.
    # The second tap is near the stage's bottom edge, on the pane wherever it is by then
    # (Selenium's round trips take tens of ms while the pane moves at up to ~2000 pt/s).
    Pointer().tap(187, 300).pause(0.1).tap(187, 655).perform()
    mid = rect("pane")["y"]
    time.sleep(2.0)
    top2 = rect("pane")["y"]
    check("pane (%s) tapped closed then tapped mid-flight: turns round and settles open" % mode,
          147 + 5 < mid and close(top2, 147, 0.6), "mid-flight %.1f, settled %.2f" % (mid, top2))
    # A slower throw than the one up, with more moves: one CI run saw a 0.12 s, 7-move throw end
    # open in the spring mode (Chromium coalesces pointer moves under load), so give the pan and its
    # velocity tracker samples to spare.
    _, top = throw_pane(mode, "down", (187, 300, 187, 460, 0.2, 12), start=147, wait=2.2)
    check("pane (%s) thrown down: settles closed at top 587" % mode, close(top, 587, 0.6), "settled %.2f" % top)
    report["pane"][mode] = {"flying": flying, "tapped_mid_flight": mid}

# --- The pyramid ------------------------------------------------------------------------------------
def boxes():
    return d.execute_script("""
        const stage = document.getElementById('stage'), s = stage.getBoundingClientRect(), out = {};
        const k = s.width / (parseFloat(stage.style.width) || 375);
        for (const e of document.querySelectorAll('[data-name^="box"]')) {
            const r = e.getBoundingClientRect();
            out[e.dataset.name] = [(r.left + r.width / 2 - s.left) / k, (r.top + r.height / 2 - s.top) / k];
        }
        return out;
    """)


open_demo("pyramid")
time.sleep(1.0)
b0 = boxes()
time.sleep(1.5)
b1 = boxes()
still = max(((b1[n][0] - b0[n][0]) ** 2 + (b1[n][1] - b0[n][1]) ** 2) ** 0.5 for n in b0) if b0 else 99
check("pyramid: 210 boxes drawn", len(b0) == 210, "%d boxes" % len(b0))
check("pyramid stands: no box moves more than 0.5 pt (screen) in 1.5 s", still < 0.5, "largest move %.3f pt" % still)
d.save_screenshot(os.path.join(OUT, "screenshot-pyramid-before.png"))
Pointer().tap(62, 30).perform()          # Throw: the ball flies in from the left
time.sleep(2.5)
b2 = boxes()
moved = sum(1 for n in b1 if ((b2[n][0] - b1[n][0]) ** 2 + (b2[n][1] - b1[n][1]) ** 2) ** 0.5 > 15)
check("pyramid knocked over by the thrown ball: many boxes moved more than a box width", moved > 30,
      "%d of %d boxes moved > 15 pt" % (moved, len(b1)))
d.save_screenshot(os.path.join(OUT, "screenshot-pyramid-after.png"))
report["pyramid"] = {"standing_max_move": still, "moved_after_throw": moved}

frame_cost(strict=False)

# --- Screenshots of each demo mid-animation ------------------------------------------------------
shots = {
    "basics": lambda: Pointer().tap(231, 388).pause(0.1).tap(53, 440).pause(1.0),
    "scrubbing": lambda: Pointer().tap(60, 125).pause(2.2),
    "drawer": lambda: Pointer().tap(187, 645).pause(0.3),
    "pane-spring": lambda: Pointer().drag(187, 620, 187, 470, 0.15, steps=9).pause(0.12),
    "pane-dynamics": lambda: Pointer().tap(67.5, 30).pause(0.1).drag(187, 620, 187, 470, 0.15, steps=9).pause(0.12),
    "pane-pop": lambda: Pointer().tap(307.5, 30).pause(0.1).drag(187, 620, 187, 470, 0.15, steps=9).pause(0.12),
    "pane-graph": lambda: Pointer().drag(187, 620, 187, 470, 0.15, steps=9).pause(0.35).tap(187, 400).pause(1.6),
    "photo": lambda: Pointer().tap(187, 283).pause(1.3).drag(187, 300, 187, 420, 0.3, steps=18, release=False),
    "comments": lambda: Pointer().tap(140, 635).pause(0.45),
    "spring2d": lambda: Pointer().down(187, 300).pause(0.05).move(237, 300).pause(0.05).move(287, 300)
    .pause(0.03).move(287, 275).pause(0.03).move(287, 250).up().pause(0.1),
    "rotation": lambda: Pointer().tap(187, 502).pause(1.6),
    "dynamics-gravity": lambda: Pointer().pause(0.05).drag(60, 122, 250, 200, 0.4, steps=24).pause(0.5),
    "dynamics-pendulum": lambda: Pointer().tap(113.5, 26).pause(0.8),
    "dynamics-snap": lambda: Pointer().tap(186.5, 26).pause(0.2).tap(300, 500).pause(0.25),
    "dynamics-push": lambda: Pointer().tap(259.5, 26).pause(1.2).tap(187, 352).pause(0.2),
    "dynamics-field": lambda: Pointer().tap(332.5, 26).pause(0.2).drag(187.5, 352, 120, 480, 0.6, steps=36).pause(0.8),
}
for shot, action in shots.items():
    name = shot if shot in ("pane-dynamics", "pane-pop") or not shot.startswith(("pane", "dynamics")) else shot.split("-")[0]
    # pane-graph: the three engines' curves of one throw and one mid-flight tap.
    open_demo(name)
    action().perform()
    path = os.path.join(OUT, "screenshot-%s.png" % shot)
    d.save_screenshot(path)
    check("screenshot of %s mid-animation" % shot, os.path.getsize(path) > 10000, path)
    if name == "photo":
        Pointer().up().perform()

# --- Native and WebAssembly runs of the same scripts agree frame by frame ------------------------
worst = {}
for script in sorted(os.listdir(os.path.join(ROOT, "gestures"))):
    name = script[:-4]
    text = open(os.path.join(ROOT, "gestures", script)).read()
    wasm = d.execute_script("return window.kineticRecord(arguments[0], arguments[1], 60)", name, text)
    rows = list(csv.reader(open(os.path.join(OUT, "native", name, "properties.csv"))))
    header, rows = rows[0], rows[1:]
    channels = wasm["channels"]
    ok = wasm.get("frames") == len(rows) and header[2::3] == [c + ".model" for c in channels]
    diff = 0.0
    if ok:
        values = wasm["values"]
        width = len(channels) * 3
        for i, row in enumerate(rows):
            native = [float(v) for v in row[2:]]
            for k in range(width):
                diff = max(diff, abs(native[k] - values[i * width + k]))
    worst[name] = diff
    check("native and wasm agree frame by frame: %s" % name, ok and diff == 0,
          "%d frames x %d channels, max |diff| %.3g" % (len(rows), len(channels), diff))
report["native_vs_wasm_max_abs_diff"] = worst
wasm_size = os.path.getsize(os.path.join(os.environ.get("KINETIC_PLAYGROUND") or os.path.join(ROOT, ".build-playground"), "kinetic.wasm"))
check("the WebAssembly module is under 1.2 MB (with the Studio's inspection and time-travel exports)", wasm_size < 1_200_000, "%d bytes" % wasm_size)
report["wasm_bytes"] = wasm_size

# --- Switching demos frees the old one: 1,000 switches, and the memory stops growing ------------
def check_memory_over_demo_switches(switches=1000):
    """Issue 12: a fresh instance of kinetic.wasm (so the page's own instance is untouched) selects
    the demos round-robin `switches` times with one frame each; the WebAssembly memory after the
    1,000th switch must equal the memory after the second full round. A demo that is not freed
    when the next is selected grows the memory by its whole scene on every round (the drawer's
    alone is ~8 KB, the pyramid's ~1 MB). The reference is the second round, not the first:
    the first builds every demo once on an empty heap, and in the second the pyramid's 211
    bodies find the heap holding the first round's largest render-list buffers and take one
    more 64 KB page, once (measured with 13 and with 14 scenes: 1,769,472 bytes after round one,
    2,162,688 from round two to switch 5,000)."""
    d.set_script_timeout(300)
    r = d.execute_async_script("""
        const [switches, done] = [arguments[0], arguments[arguments.length - 1]];
        (async () => {
            const module = await WebAssembly.compile(await (await fetch("kinetic.wasm")).arrayBuffer());
            const imports = {};
            for (const imp of WebAssembly.Module.imports(module)) {
                imports[imp.module] ??= {};
                if (imp.kind === "function") imports[imp.module][imp.name] = () => 0;
            }
            const k = (await WebAssembly.instantiate(module, imports)).exports;
            // An app module registers its scenes in its @main (the runtime's step 3).
            if (typeof k.__main_argc_argv === "function") k.__main_argc_argv(0, 0);
            const n = (k.kinetic_scene_count ?? k.kinetic_demo_count)();
            const bytes = [];
            let t = 0;
            for (let i = 0; i < switches; i++) {
                k.kinetic_select(i % n, t);
                t += 1 / 60;
                k.kinetic_frame(t);
                t += 1 / 60;
                bytes.push(k.memory.buffer.byteLength);
            }
            return {demos: n, afterFirstRound: bytes[n - 1], afterSecondRound: bytes[2 * n - 1],
                    afterLast: bytes[switches - 1], peak: Math.max(...bytes)};
        })().then(done, e => done({error: String(e)}));
    """, switches)
    report["memory_over_demo_switches"] = r
    ok = "error" not in r and r["afterLast"] == r["afterSecondRound"]
    check("%d demo switches: the WebAssembly memory stops growing after the second round" % switches, ok,
          json.dumps(r))


check_memory_over_demo_switches()

# --- A script beyond kinetic_input's 1 MiB is refused by the module, and nothing is recorded ------
too_long = d.execute_script("return window.kineticRecord('basics', '#'.repeat((1 << 20) + 1), 60)")
check("a script over 1 MiB is refused (kinetic_input returns 0) with an error", bool(too_long) and "error" in too_long
      and "frames" not in too_long, str(too_long))

# --- The Studio page: layout at three sizes, the transport by real clicks, the code tab --------------
def viewport(width, height):
    """Emulates a viewport of exactly width x height CSS px (the window's chrome aside)."""
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def box(selector):
    return d.execute_script("""
        const e = document.querySelector(arguments[0]);
        if (!e) return null;
        const r = e.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};
    """, selector)


def click(selector):
    """A real pointer click at the middle of the element (W3C actions, as a person clicks)."""
    r = box(selector)
    b = mouse(d)
    b.pointer_action.move_to_location(int(r["left"] + r["width"] / 2), int(r["top"] + r["height"] / 2))
    b.pointer_action.pointer_down().pause(0.03).pointer_up()
    b.perform()


def fresh_demo(name):
    """open_demo on a freshly loaded page (the same URL again would only be a fragment change)."""
    d.get("about:blank")
    open_demo(name)


def studio_layout():
    viewport(390, 844)
    fresh_demo("drawer")
    time.sleep(0.3)
    m = d.execute_script("""return {scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
                                    scale: window.kineticStageScale}""")
    stage = box("#stage")
    check("studio 390x844: no horizontal scroll", m["scroll"] <= m["inner"] == 390, json.dumps(m))
    check("studio 390x844: the stage is scaled to the width and fits it",
          stage["left"] >= 0 and stage["right"] <= 390 and 300 < stage["width"] < 375 and m["scale"] < 1,
          "stage %s, scale %.4f" % ({k: round(v, 1) for k, v in stage.items()}, m["scale"]))
    # The scaled stage still takes pointers in scene points: tap Toggle Drawer, it opens to 317.
    Pointer().tap(187, 645).perform()
    time.sleep(1.4)
    top = rect("drawer")["y"]
    check("studio 390x844: a tap on the scaled stage opens the drawer (top 317 in points)", close(top, 317, 0.6), "top %.2f" % top)
    d.save_screenshot(os.path.join(OUT, "screenshot-studio-390x844.png"))
    d.execute_script("window.scrollTo(0, document.getElementById('panel').offsetTop - 10)")
    time.sleep(0.2)
    d.save_screenshot(os.path.join(OUT, "screenshot-studio-390x844-inspector.png"))

    viewport(1280, 720)
    fresh_demo("drawer")
    stage, readout = box("#stage"), box("#frametime")
    check("studio 1280x720: the stage and its readout are above the fold",
          stage["top"] >= 0 and stage["bottom"] <= 720 and 0 <= readout["top"] and readout["bottom"] <= 720,
          "stage bottom %.1f, readout bottom %.1f" % (stage["bottom"], readout["bottom"]))
    d.save_screenshot(os.path.join(OUT, "screenshot-studio-1280x720.png"))

    viewport(1440, 900)
    fresh_demo("drawer")
    stage, panel = box("#stage"), box("#panel")
    check("studio 1440x900: the inspector is beside the stage and fills the right side",
          panel["left"] >= stage["right"] and panel["top"] < stage["bottom"] and panel["right"] > 1440 * 0.9
          and panel["width"] > 500, "stage %.0f-%.0f, panel %.0f-%.0f" % (stage["left"], stage["right"], panel["left"], panel["right"]))
    d.save_screenshot(os.path.join(OUT, "screenshot-studio-1440x900.png"))


def studio_transport():
    # At 1440x900, with the drawer opening (1 s, ease-out) at 0.1x (so the round trips of a loaded
    # machine cannot see it finish): pause, step, slow down, by real clicks.
    click('[data-rate="0.1"]')
    Pointer().tap(187, 645).perform()
    time.sleep(0.5)
    click("#pause")
    state = d.execute_script("return {t: window.kineticInspector.time, running: document.getElementById('pause').textContent}")
    y0 = rect("drawer")["y"]
    time.sleep(0.4)
    t1, y1 = d.execute_script("return window.kineticInspector.time"), rect("drawer")["y"]
    check("studio pause (clicked): the scene time and the drawer stand still",
          state["t"] == t1 and y0 == y1 and 317 < y0 < 622 and state["running"] == "Resume",
          "t %.6f -> %.6f, top %.3f -> %.3f" % (state["t"], t1, y0, y1))
    click("#step")
    t2, y2 = d.execute_script("return window.kineticInspector.time"), rect("drawer")["y"]
    check("studio step (clicked): exactly one frame of 1/60 s, and the drawer moves up a little",
          abs(t2 - (t1 + 1 / 60)) < 1e-12 and y2 < y1 and y1 - y2 < 30, "t %.6f -> %.6f, top %.3f -> %.3f" % (t1, t2, y1, y2))
    click('[data-rate="0.25"]')
    click("#pause")   # resume at a quarter speed
    a = d.execute_script("return [performance.now(), window.kineticInspector.time]")
    time.sleep(1.0)
    b = d.execute_script("return [performance.now(), window.kineticInspector.time]")
    ratio = (b[1] - a[1]) / ((b[0] - a[0]) / 1000)
    check("studio rate 0.25x (clicked): scene time advances at a quarter of wall time", 0.18 < ratio < 0.3,
          "%.3f scene s per wall s" % ratio)
    click('[data-rate="1"]')
    report["studio"] = {"paused_at": t1, "stepped_to": t2, "rate_0.25_ratio": ratio}


def studio_code_and_inspector():
    click("#tab-code")
    for _ in range(40):
        code = d.execute_script("""return {path: document.getElementById('code-path').textContent,
            text: document.getElementById('code-text').textContent,
            keywords: document.querySelectorAll('#code-text .k').length,
            visible: !document.getElementById('code').hidden}""")
        if code["text"]:
            break
        time.sleep(0.05)
    source = open(os.path.join(ROOT, "Sources", "KineticDemos", "Demos", "DrawerDemo.swift")).read()
    check("studio code tab: the drawer's Swift source, highlighted, with its repository path",
          code["visible"] and code["path"] == "Sources/KineticDemos/Demos/DrawerDemo.swift" and code["text"] == source
          and code["keywords"] > 20, "%s, %d chars, %d keywords" % (code["path"], len(code["text"]), code["keywords"]))
    d.save_screenshot(os.path.join(OUT, "screenshot-studio-code.png"))
    click("#tab-inspector")
    has_inspect = d.execute_script("return window.kineticStudio.supports.inspect")
    if has_inspect:
        # At a quarter speed, so the 1 s animator is still running however slow the round trips
        # of a loaded machine are; read as soon as it is listed.
        d.execute_script("window.kineticInspector.setRate(0.25)")
        Pointer().tap(187, 340).perform()
        tracks = []
        for _ in range(40):
            time.sleep(0.05)
            tracks = d.execute_script("return window.kineticInspector.tracks()")
            if tracks:
                break
        time.sleep(0.2)   # a few frames for the timeline to draw the row
        d.execute_script("window.kineticInspector.setRate(1)")
        rows = d.execute_script("return document.getElementById('timeline').hidden ? 0 : document.getElementById('timeline').height")
        check("studio inspector: tracks() lists the drawer's animator and the timeline draws it",
              len(tracks) >= 1 and rows > 0, json.dumps(tracks)[:300])
    else:
        note = d.execute_script("return document.getElementById('timeline-empty').textContent")
        check("studio inspector without kinetic_inspect: says what it needs", "kinetic_inspect" in note, note)
    d.save_screenshot(os.path.join(OUT, "screenshot-studio-inspector.png"))


def studio_time_travel():
    """Seek is exact: the pane thrown, caught mid-flight and thrown back; paused at an instant,
    every track read there equals what a seek back to it from later reads; the session exports
    as a script and a Swift test and imports again."""
    if not d.execute_script("return window.kineticStudio.supports.seek && window.kineticStudio.supports.inspect"):
        check("studio time travel: the module exports kinetic_seek and kinetic_inspect", False)
        return
    fresh_demo("pane")
    time.sleep(0.3)
    # Throw it up, catch it mid-flight where it is and throw it back down (real pointer input).
    Pointer().drag(187, 620, 187, 470, 0.15, steps=9).perform()
    time.sleep(0.12)
    y = rect("pane")["y"] + 40
    Pointer().drag(187, y, 187, y + 120, 0.2, steps=12).perform()
    time.sleep(0.15)
    live = d.execute_script("""window.kineticInspector.pause();
        return {t: window.kineticInspector.time, tracks: JSON.stringify(window.kineticInspector.tracks())}""")
    moving = json.loads(live["tracks"])
    d.execute_script("window.kineticInspector.resume()")
    time.sleep(0.6)
    later = d.execute_script("window.kineticInspector.pause(); return window.kineticInspector.time")
    ok = d.execute_script("return window.kineticInspector.seek(arguments[0])", live["t"])
    back = d.execute_script("""return {t: window.kineticInspector.time,
        tracks: JSON.stringify(window.kineticInspector.tracks())}""")
    check("studio seek after a catch and a throw: every track at an instant equals its replay from later, bit for bit",
          ok and len(moving) >= 1 and back["t"] == live["t"] and back["tracks"] == live["tracks"] and later > live["t"] + 0.3,
          "t %.6f (later %.3f), %d tracks, equal %s" % (live["t"], later, len(moving), back["tracks"] == live["tracks"]))
    report["studio_seek"] = {"t": live["t"], "later": later, "tracks": len(moving)}
    # Forward again over the logged future, then the exports and an import of the script.
    ok = d.execute_script("return window.kineticInspector.seek(arguments[0])", later)
    t = d.execute_script("return window.kineticInspector.time")
    check("studio seek forward again over the kept future", ok and abs(t - later) < 1e-9, "t %.6f, later %.6f" % (t, later))
    script = d.execute_script("return window.kineticInspector.recording()")
    exported = d.execute_script("return window.kineticStudio.testFile()")   # what the button saves
    test = exported["text"]
    check("studio export: the session as a gesture script and as a Swift Testing file",
          script.count(" down ") >= 2 and script.count(" up ") >= 2 and "end" in script
          and "import Testing" in test and "@Test" in test and "import KineticDemos" in test
          and exported["name"].endswith("ReplayTests.swift"), exported["name"] + ": " + script[:120].replace("\n", " | "))
    imported = d.execute_script("return window.kineticStudio.importScript(arguments[0])", script)
    again = d.execute_script("return window.kineticInspector.recording()")
    events = lambda text: [l for l in text.splitlines() if l.strip() and not l.startswith("#") and " end" not in l]
    check("studio import: the exported script replays into the scene and exports the same events",
          imported.get("ok") is True and events(again) == events(script) and len(events(script)) > 4,
          "%s, %d events then %d" % (json.dumps(imported), len(events(script)), len(events(again))))
    d.save_screenshot(os.path.join(OUT, "screenshot-studio-seek.png"))
    studio_every_frame_seeks_exactly()
    studio_step_inside_a_recording()


def studio_step_inside_a_recording():
    """Step after a seek back moves along the recording by replay (issue 42: it dropped the rest of
    the recording while the page still showed its length): recording(), the scrubber's span and
    the exported test agree at every point; new input then starts a visible new branch."""
    fresh_demo("pane")
    time.sleep(0.3)
    throw_catch_and_throw_back_the_pane()
    time.sleep(1.2)
    read = """return {t: window.kineticInspector.time, script: window.kineticInspector.recording(),
                      span: Number(document.getElementById('scrubber').max), end: window.kineticStudio.loggedEndTime(),
                      label: document.getElementById('span').textContent, test: window.kineticStudio.testFile().text}"""
    whole = d.execute_script("window.kineticInspector.pause();" + read)
    d.execute_script("window.kineticInspector.seek(arguments[0])", whole["t"] / 3)
    points = [d.execute_script(read)]
    for _ in range(3):
        d.execute_script("window.kineticInspector.step()")
        time.sleep(0.05)
        points.append(d.execute_script(read))
    times = [p["t"] for p in points]
    agree = all(p["script"] == whole["script"] and p["span"] == whole["span"] and p["test"] == whole["test"]
                and p["label"] == whole["label"] for p in points)
    check("studio: Step after a seek back moves along the recording; recording(), the scrubber's span and the export "
          "stay the whole session at every point", agree and all(b > a for a, b in zip(times, times[1:]))
          and whole["script"].count(" down ") >= 2,
          "times %s, span %.3f s (%s), %d script lines" % ([round(t, 4) for t in times], whole["span"], whole["label"],
                                                          whole["script"].count("\n")))
    # New input from there: a new branch, and the page says so (span and label follow the log).
    Pointer().tap(187, 80).perform()
    time.sleep(0.2)
    branch = d.execute_script("window.kineticInspector.pause();" + read)
    check("studio: new input after a seek back starts a new branch the page shows (span, label, export follow)",
          branch["script"] != whole["script"] and abs(branch["span"] - max(branch["t"], branch["end"])) < 1e-9
          and branch["label"] == "%.2f s recorded" % branch["span"],
          "span %.3f -> %.3f, label %s" % (whole["span"], branch["span"], branch["label"]))


def throw_catch_and_throw_back_the_pane():
    """Real pointer input on the pane demo: thrown up, caught mid-flight where it is, thrown down."""
    Pointer().drag(187, 620, 187, 470, 0.15, steps=9).perform()
    time.sleep(0.1)
    y = rect("pane")["y"] + 40
    Pointer().drag(187, y, 187, y + 120, 0.2, steps=12).perform()


def studio_every_frame_seeks_exactly():
    """kineticInspector.time is the engine's time at every drawn frame, pointer events between
    frames included (issue 42: a frame after a pointer event read 1.2853 where the engine was at
    1.2895, so a seek landed a frame early): seeking to each frame's time gives its tracks back,
    bit for bit."""
    fresh_demo("pane")
    time.sleep(0.3)
    d.execute_script("""window.seekSamples = [];
        (function sample() {
          window.seekSamples.push([window.kineticInspector.time, JSON.stringify(window.kineticInspector.tracks()),
                                   window.kineticStudio.sceneTime()]);
          if (window.seekSamples.length < 90) requestAnimationFrame(sample);
        })();""")
    throw_catch_and_throw_back_the_pane()
    time.sleep(1.0)
    samples = d.execute_script("window.kineticInspector.pause(); return window.seekSamples")
    moving = [s for s in samples if s[1] != "[]"]
    apart = [round(s[0], 4) for s in samples if s[0] != s[2]]
    check("studio: kineticInspector.time is the engine's time at every drawn frame",
          len(samples) >= 60 and not apart, "%d frames, %d apart %s" % (len(samples), len(apart), apart[:5]))
    wrong = []
    for t, tracks, _ in moving:
        d.execute_script("window.kineticInspector.seek(arguments[0])", t)
        back = d.execute_script("return [window.kineticInspector.time, JSON.stringify(window.kineticInspector.tracks())]")
        if back[0] != t or back[1] != tracks:
            wrong.append(round(t, 4))
    check("studio: every drawn frame of a throw, a catch and a throw back, sought by kineticInspector.time, "
          "gives its tracks back bit for bit", len(moving) >= 20 and not wrong,
          "%d frames with animations, %d differ %s" % (len(moving), len(wrong), wrong[:5]))
    report["studio_every_frame_seek"] = {"frames": len(moving), "differ": len(wrong)}


def studio_retune_physics():
    """Retune on a physics track (the pane on UIKit Dynamics) says it cannot, rather than report a
    replay that changed nothing (issue 42: "Replayed … on spring 1 300 20" with 0 samples)."""
    fresh_demo("pane-dynamics")
    d.execute_script("document.getElementById('tab-inspector').scrollIntoView({block: 'center'})")
    click("#tab-inspector")
    d.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.1)
    Pointer().drag(187, 620, 187, 470, 0.15, steps=9).perform()
    time.sleep(0.2)
    d.execute_script("window.kineticInspector.pause(); document.getElementById('timeline').scrollIntoView({block: 'center'})")
    r = box("#timeline")
    b = mouse(d)
    b.pointer_action.move_to_location(int(r["left"] + 40), int(r["top"] + 11)).pointer_down().pause(0.03).pointer_up()
    b.perform()
    time.sleep(0.2)
    title = d.execute_script("return document.getElementById('retune-title').textContent")
    kinds = {t["name"]: t["kind"] for t in d.execute_script("return window.kineticInspector.tracks()")}
    name = title.replace("·", "").strip()
    d.execute_script("document.getElementById('retune-replay').scrollIntoView({block: 'center'})")
    time.sleep(0.1)
    click("#retune-replay")
    time.sleep(0.3)
    status = d.execute_script("return document.getElementById('retune-status').textContent")
    check("studio retune on a physics track says it cannot, and reports no replay",
          kinds.get(name) not in (None, "animator") and status.startswith("Cannot retune " + name)
          and "Replayed" not in status, "%s (%s): %s" % (name, kinds.get(name), status))
    d.execute_script("window.kineticInspector.resume()")


def studio_retune():
    """Live timing edits: open the drawer by a real tap, its animator is selected in the
    timeline, the Edit timing form is prefilled with its ease-out, a spring is typed in, and
    "Replay with this timing" replays the same recorded tap with it; "Original timing" gives back
    the first run's values exactly."""
    fresh_demo("drawer")
    click("#tab-inspector")
    if not d.execute_script("return !!window.kineticStudio.supports.retune"):
        note = d.execute_script("return document.getElementById('retune-status').textContent")
        check("studio retune without kinetic_set_timing: says what it needs", "kinetic_set_timing" in note, note)
        return
    Pointer().tap(187, 645).perform()
    time.sleep(1.5)
    # The drawer's animator, as the timeline lists it: click its row (the first).
    d.execute_script("document.getElementById('timeline').scrollIntoView({block: 'center'})")
    r = box("#timeline")
    b = mouse(d)
    b.pointer_action.move_to_location(int(r["left"] + 40), int(r["top"] + 11)).pointer_down().pause(0.03).pointer_up()
    b.perform()
    time.sleep(0.2)
    form = d.execute_script("""return {title: document.getElementById('retune-title').textContent,
        kind: document.getElementById('retune-form').value,
        x2: document.getElementById('retune-x2')?.value, y2: document.getElementById('retune-y2')?.value}""")
    check("studio retune: selecting the drawer's animator prefills its ease-out (0, 0, 0.58, 1)",
          form["kind"] == "cubic" and form["x2"] == "0.58" and form["y2"] == "1" and "drawer" in form["title"], json.dumps(form))
    # The cubic's second control point dragged on the curve editor with a real pointer: from
    # (0.58, 1) by +0.2 in x and +0.2 in y (the editor maps x over [0, 1] and y over [-0.6, 1.6]
    # inside a 16 px margin), then dropped; the fields follow the handle.
    d.execute_script("document.getElementById('retune-curve').scrollIntoView({block: 'center'})")
    time.sleep(0.1)
    c = box("#retune-curve")
    pad, w, h = 16, c["width"] - 32, c["height"] - 32
    px = lambda x: c["left"] + pad + x * w
    py = lambda y: c["top"] + pad + (1.6 - y) / 2.2 * h
    b = mouse(d)
    b.pointer_action.move_to_location(int(round(px(0.58))), int(round(py(1)))).pointer_down()
    for k in range(1, 9):
        b.pointer_action.pause(0.02).move_to_location(int(round(px(0.58 + 0.2 * k / 8))), int(round(py(1 + 0.2 * k / 8))))
    b.pointer_action.pointer_up()
    b.perform()
    dragged = d.execute_script("return ['x1', 'y1', 'x2', 'y2'].map(k => Number(document.getElementById('retune-' + k).value))")
    check("studio retune: dragging the cubic's second handle moves its control point with the pointer",
          dragged[:2] == [0, 0] and abs(dragged[2] - 0.78) < 0.01 and abs(dragged[3] - 1.2) < 0.02,
          "control points %s" % dragged)
    # A spring typed in by hand.
    d.execute_script("document.getElementById('retune-form').scrollIntoView({block: 'center'})")
    from selenium.webdriver.support.ui import Select
    Select(d.find_element("id", "retune-form")).select_by_value("spring")
    for key, value in [("mass", "1"), ("stiffness", "300"), ("damping", "20")]:
        field = d.find_element("id", "retune-" + key)
        field.clear()
        field.send_keys(value)
    click("#retune-replay")
    time.sleep(0.3)
    first = d.execute_script("return window.kineticRetune || null")
    ok = first is not None and len(first["after"]) > 30 and len(first["before"]) == len(first["after"])
    diff = max((abs(x - y) for a, b in zip(first["before"], first["after"])
                for x, y in zip(a["presentation"], b["presentation"])), default=0) if ok else 0
    same_times = ok and all(a["time"] == b["time"] for a, b in zip(first["before"], first["after"]))
    check("studio retune: Replay with this timing replays the same tap (same frame times) and the values change",
          ok and same_times and diff > 5 and first["spec"] == "spring 1 300 20",
          "%s: %d samples, largest presentation change %.3f" % ((first or {}).get("name"), len((first or {}).get("after", [])), diff))
    y = rect("drawer")["y"]
    check("studio retune: the retuned replay ends with the drawer open (top 317)", close(y, 317, 0.6), "top %.3f" % y)
    kept = d.execute_script("""const e = document.getElementById('timeline-empty');
        return {empty: !e.hidden, shown: !document.getElementById('timeline').hidden}""")
    check("studio retune: the timeline keeps the session's rows after the replay", kept["shown"] and not kept["empty"], json.dumps(kept))
    click("#retune-copy")
    time.sleep(0.1)
    code = d.execute_script("return window.kineticRetune.swift")
    check("studio retune: Copy as Swift gives Kinetic code", code == "SpringTimingParameters(mass: 1, stiffness: 300, damping: 20)", code)
    click("#retune-clear")
    time.sleep(0.3)
    second = d.execute_script("return window.kineticRetune")
    check("studio retune: Original timing gives back the first run's values exactly",
          second["spec"] is None and second["after"] == first["before"] and second["before"] == first["after"],
          "%d samples" % len(second["after"]))
    d.save_screenshot(os.path.join(OUT, "screenshot-studio-retune.png"))
    report["retune"] = {"name": first and first["name"], "samples": len(first["after"]) if first else 0, "largest_change": diff}


# --- The staggered menu (issue 23): a timeline opened, reversed, scrubbed and thrown; reduced motion --
def menu_x(name="item4"):
    r = rect(name)
    return r and r["x"]


def menu_samples(seconds, name="item4", every=0.03):
    out, t0 = [], time.time()
    while time.time() - t0 < seconds:
        out.append((time.time() - t0, menu_x(name)))
        time.sleep(every)
    return out


def menu_shut(x):
    """An item shut is off to the right (x 445) or, faded out, not drawn at all."""
    return x is None or close(x, 445, 0.6)


def menu_timeline():
    """Real pointer input on the menu: tap + to open (items stagger in), catch the open menu with a
    drag (the closing timeline's fractionComplete follows the finger), hold, and fling it shut; then
    open it and tap + mid-flight to reverse. Items sit at x 145 open, 445 shut (not drawn when faded)."""
    viewport(1280, 720)
    fresh_demo("menu")
    shut = menu_x()
    Pointer().tap(321, 605).perform()
    opening = menu_samples(1.3)
    xs = [x for _, x in opening if x is not None]
    check("menu: a tap on + opens it, the bottom item springing in to x 145",
          menu_shut(shut) and xs and close(xs[-1], 145, 0.6) and any(150 < x < 440 for x in xs),
          "shut %s, samples %s" % (shut, [round(x, 1) for x in xs]))
    d.save_screenshot(os.path.join(OUT, "screenshot-menu-1280x720.png"))
    # Catch the open menu and drag right 120 pt: the closing run scrubbed about 37 % (the top items
    # leave first), the middle item part way out, held under the finger.
    Pointer().drag(100, 150, 220, 150, 0.3, steps=18, release=False, hold=0.15).perform()
    held = menu_x("item2")
    time.sleep(0.25)
    still = menu_x("item2")
    check("menu: a drag scrubs the whole timeline and holds it under the finger",
          held is not None and 150 < held < 440 and close(still, held, 0.6), "x %s then %s" % (held, still))
    p = Pointer()      # the finger still down at (220, 150): on to the right and let go
    for k in range(1, 7):
        p.pause(0.1 / 6).move(220 + 80 * k / 6, 150)
    p.up().perform()
    time.sleep(0.9)
    thrown = [menu_x("item%d" % i) for i in range(5)]
    check("menu: flung right it is thrown shut (every item back out)", all(menu_shut(x) for x in thrown), str(thrown))
    # Open again and tap + mid-flight: the run reverses on the spot and goes back shut. The second
    # tap goes once the top item (the last to start) is seen a third of its way in, and the scene
    # runs at a quarter speed meanwhile (the Studio's rate): a tap takes 0.1-0.2 s to reach the
    # page here, and at full speed on a loaded machine the item could arrive before it.
    d.execute_script("window.kineticInspector.setRate(0.25)")
    Pointer().tap(321, 605).perform()
    t0, moving = time.time(), None
    while time.time() - t0 < 2 and moving is None:
        x = menu_x("item0")
        if x is not None and x < 330:      # over a third of its way in (at a quarter speed)
            moving = x
        time.sleep(0.005)
    Pointer().tap(321, 605).perform()
    back = menu_samples(4.0, name="item0", every=0.12)
    d.execute_script("window.kineticInspector.setRate(1)")
    xs = [x for _, x in back]
    turned = any(x is not None and x < 440 for x in xs) and menu_shut(xs[-1]) and not any(x is not None and close(x, 145, 0.6) for x in xs)
    check("menu: a second tap mid-flight reverses it back shut before it is open", moving is not None and turned,
          "tapped at x %s, samples %s" % (moving and round(moving, 1), [x if x is None else round(x, 1) for x in xs]))
    report["menu"] = {"opening": opening, "thrown": thrown, "reversed": back, "held": held}


def menu_screenshot_phone():
    viewport(390, 844)
    fresh_demo("menu")
    Pointer().tap(321, 605).pause(0.55).perform()
    path = os.path.join(OUT, "screenshot-menu-390x844.png")
    d.save_screenshot(path)
    check("menu: screenshot at 390x844 mid-animation", os.path.getsize(path) > 10000, path)


def reduced_motion_switch():
    """The Studio's motion switch (HostSession.setMotionPolicy) with real pointer input: with
    Reduced, no item of the menu and not the badge is ever drawn between its places. Every frame
    the page draws is recorded (a requestAnimationFrame loop reading the elements' boxes and
    kineticInspector.time): each item is shut (x 445, or not drawn) or open (x 145), each lands at
    its own moment of the stagger (the top item about 0.24 s of scene time after the bottom one),
    and the backdrop still fades through values between its ends. Back on Full, the items travel
    again and the stagger takes over 0.5 s."""
    viewport(1280, 720)
    fresh_demo("menu")
    start_recording = """
        const stage = document.getElementById('stage'), s = stage.getBoundingClientRect();
        const k = s.width / (parseFloat(stage.style.width) || 375);
        const box = n => { const e = document.querySelector('[data-name="' + n + '"]');
                           if (!e) return null;
                           const r = e.getBoundingClientRect();
                           return [(r.left - s.left) / k, (r.top - s.top) / k, parseFloat(getComputedStyle(e).opacity)]; };
        window.__menuFrames = [];
        window.__menuRecording = true;
        const step = () => {
            if (!window.__menuRecording) return;
            const row = [window.kineticInspector.time];
            for (let i = 0; i < 5; i++) { const b = box('item' + i); row.push(b && b[2] > 0 ? b[0] : null); }
            const badge = box('badge'), backdrop = box('backdrop');
            row.push(badge && badge[2] > 0 ? [badge[0], badge[1]] : null, backdrop ? backdrop[2] : null);
            window.__menuFrames.push(row);
            requestAnimationFrame(step);
        };
        requestAnimationFrame(step);"""

    def record(wall):
        # At a quarter rate (the Studio's setRate), so a loaded machine that draws few frames
        # still draws several while the items travel under full motion.
        d.execute_script("window.kineticInspector.setRate(0.25)")
        try:
            d.execute_script(start_recording)
            Pointer().tap(321, 605).perform()
            time.sleep(wall)
            return d.execute_script("window.__menuRecording = false; return window.__menuFrames")
        finally:
            d.execute_script("window.kineticInspector.setRate(1)")

    def close_and_wait():
        Pointer().tap(321, 605).perform()
        t0 = time.time()
        while time.time() - t0 < 3 and not all(menu_shut(menu_x("item%d" % i)) for i in range(5)):
            time.sleep(0.05)

    click('[data-motion="reduced"]')
    pressed = d.execute_script("return document.querySelector('[data-motion=\"reduced\"]').getAttribute('aria-pressed')")
    frames = record(4.0)
    d.save_screenshot(os.path.join(OUT, "screenshot-menu-reduced.png"))
    between = [(f[0], i, f[1 + i]) for f in frames for i in range(5)
               if not (menu_shut(f[1 + i]) or close(f[1 + i], 145, 0.01))]
    badge_places = sorted({(round(f[6][0], 2), round(f[6][1], 2)) for f in frames if f[6] is not None})
    landed = lambda i: next((f[0] for f in frames if close(f[1 + i], 145, 0.01)), None)
    bottom, top = landed(4), landed(0)
    fades = sorted({round(f[7], 3) for f in frames if f[7] is not None and 0.02 < f[7] < 0.98}) if frames else []
    check("reduced motion: with real pointer input, no item is ever drawn between its shut and open places "
          "(every frame drawn, %d frames)" % len(frames),
          pressed == "true" and len(frames) > 20 and not between and bottom is not None and top is not None,
          "pressed %s, %d frames, %d item samples between places (first: %s), bottom landed at %s, top at %s"
          % (pressed, len(frames), len(between), between[:3], bottom, top))
    check("reduced motion: the badge is drawn at its start or its end only, the stagger keeps its order "
          "(the top item lands 0.2-0.35 s of scene time after the bottom one), and the backdrop still fades",
          len(badge_places) <= 2 and top is not None and bottom is not None and 0.2 <= top - bottom <= 0.35 and len(fades) >= 3,
          "badge places %s, stagger %s s, %d distinct backdrop opacities between its ends"
          % (badge_places, None if top is None or bottom is None else round(top - bottom, 3), len(fades)))
    close_and_wait()
    # The closing run keeps its length under reduced motion (its items land at once, the backdrop
    # fades for the run's full length): a tap before it ends would reverse that reduced run
    # instead of starting a new one under full motion.
    time.sleep(2.0)
    click('[data-motion="full"]')
    frames = record(4.0)
    travelled = [f for f in frames if f[1] is not None and not menu_shut(f[1]) and not close(f[1], 145, 0.6)]
    check("reduced motion off: the items travel again (the top item drawn between its places on %d frames)" % len(travelled),
          len(travelled) >= 3, "%d frames" % len(frames))
    report["reduced_motion"] = {"frames": len(frames), "between": len(between), "stagger_s": None if top is None or bottom is None else top - bottom,
                                "badge_places": len(badge_places), "backdrop_fade_values": len(fades)}


menu_timeline()
menu_screenshot_phone()
reduced_motion_switch()
d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

def studio_inspector_names():
    """Issue 42, item 4: internal tracks (the pane's hidden shadows) are hidden and never selected
    until asked for; each dynamic item is one row under its own name after item3 is thrown; a
    property animated twice (the drawer opened, then closed) is told apart as "run 2"."""
    viewport(1440, 900)
    fresh_demo("pane")
    click("#tab-inspector")
    Pointer().drag(187, 620, 187, 470, 0.15, steps=9).perform()
    # Slowed to a tenth while the rows are read and the switch is clicked, so the shadows' runs
    # are still live on a loaded machine (at full speed they can end before the click).
    d.execute_script("window.kineticInspector.setRate(0.1)")
    time.sleep(0.3)
    tracks = d.execute_script("return window.kineticInspector.tracks()")
    rows = timeline_rows()
    title = d.execute_script("return document.getElementById('curve-title').textContent")
    internal = [t["name"] for t in tracks if t.get("internal")]
    check("studio inspector: the pane's shadows are internal, hidden, and not selected",
          len(internal) >= 2 and all(n.startswith("pane.shadow.") for n in internal) and rows
          and not any(x["internal"] or x["name"].startswith("pane.shadow.") for x in rows) and "shadow" not in title,
          "internal %s; rows %s; selected %r" % (internal, [x["label"] for x in rows], title))
    d.execute_script("document.getElementById('show-internal').scrollIntoView({block: 'center'})")
    click("#show-internal")
    time.sleep(0.2)
    shown = [x["label"] for x in timeline_rows()]
    check("studio inspector: 'internal tracks' shows them on demand",
          any(n.startswith("pane.shadow.") for n in shown), str(shown))
    click("#show-internal")
    d.execute_script("window.kineticInspector.setRate(1)")

    fresh_demo("dynamics")
    click("#tab-inspector")
    time.sleep(1.5)   # the gravity exhibit settles a little
    item = rect("item3")
    cx, cy = item["x"] + item["w"] / 2, item["y"] + item["h"] / 2
    Pointer().drag(cx, cy, cx + 60, cy - 120, 0.15, steps=9).perform()
    time.sleep(0.5)
    labels = [x["label"] for x in timeline_rows()]
    check("studio inspector: after item3 is thrown each dynamic item is one row under its own name",
          sorted(labels) == sorted("item%d" % i for i in range(10)), str(labels))

    fresh_demo("drawer")
    click("#tab-inspector")
    Pointer().tap(187, 645).perform()
    time.sleep(1.3)
    Pointer().tap(187, 340).perform()
    time.sleep(0.4)
    labels = [x["label"] for x in timeline_rows()]
    check("studio inspector: a property animated again is told apart (run 2)",
          "drawer.transform" in labels and "drawer.transform · run 2" in labels, str(labels))


def studio_finish():
    """Issue 42, item 5, at 390x844, 1280x720 and 1440x900 (screenshot-finish-*.png): the page does
    not scroll past its cards; the about card is not cut; the demo picker shows every title whole;
    in-scene text is at least 11 px on screen; the Edit timing fields show their whole values; at
    390x844 the compact transport (pause, step, scrubber, time) is in view with the scene."""
    for width, height in ((390, 844), (1280, 720), (1440, 900)):
        viewport(width, height)
        for name in ("drawer", "dynamics", "pane", "comments", "menu"):
            fresh_demo(name)
            time.sleep(0.2)
            m = d.execute_script("""
                const de = document.documentElement, about = document.querySelector('.about'), picker = document.getElementById('picker');
                const c = document.createElement('canvas').getContext('2d'), cs = getComputedStyle(picker);
                c.font = cs.fontSize + ' ' + cs.fontFamily;
                // The widest title against the select's text box (its padding and arrow aside).
                const need = Math.max(...[...picker.options].map(o => c.measureText(o.textContent).width));
                const avail = picker.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
                const k = window.kineticStageScale || 1;
                const text = [...document.querySelectorAll('#stage [data-name]')].filter(e => e.textContent.trim() && e.children.length === 0)
                  .map(e => [e.dataset.name, parseFloat(getComputedStyle(e).fontSize) * k]);
                const fields = [...document.querySelectorAll('#retune-fields input')].map(i => [i.scrollWidth, i.clientWidth]);
                return {scroll: de.scrollHeight, inner: innerHeight, wide: innerWidth >= 1100,
                        about: [about.scrollHeight, about.clientHeight], picker: [need, avail, picker.scrollWidth, picker.clientWidth],
                        smallest: text.sort((a, b) => a[1] - b[1])[0] || null, fields};""")
            tag = "%s %dx%d" % (name, width, height)
            if m["wide"]:
                check("studio %s: the page does not scroll past its cards" % tag, m["scroll"] <= m["inner"],
                      "scrollHeight %d, window %d" % (m["scroll"], m["inner"]))
                check("studio %s: the about card is not cut" % tag, m["about"][0] <= m["about"][1] + 1, str(m["about"]))
            check("studio %s: the demo picker shows every title whole" % tag,
                  m["picker"][0] <= m["picker"][1] and m["picker"][2] <= m["picker"][3], "need %.1f px, have %.1f px" % tuple(m["picker"][:2]))
            check("studio %s: in-scene text is at least 11 px on screen" % tag,
                  m["smallest"] is None or m["smallest"][1] >= 11, str(m["smallest"]))
            check("studio %s: the timing fields show their whole values" % tag,
                  all(a <= b for a, b in m["fields"]), str(m["fields"]))
            if width == 390 and name == "drawer":
                r = d.execute_script("""
                    const box = id => { const r = document.getElementById(id).getBoundingClientRect(); return [r.top, r.bottom, r.width]; };
                    return {stage: box('stage'), pause: box('mini-pause'), step: box('mini-step'), scrub: box('mini-scrubber'), clock: box('mini-clock')};""")
                inside = all(0 <= r[k][0] and r[k][1] <= height and r[k][2] > 0 for k in ("pause", "step", "scrub", "clock"))
                check("studio 390x844: the compact transport is in view with the scene", inside and r["stage"][1] <= height, json.dumps(r))
                click("#mini-pause")
                t1 = d.execute_script("return window.kineticInspector.time")
                click("#mini-step")
                t2 = d.execute_script("return window.kineticInspector.time")
                check("studio 390x844: the compact Pause and Step drive the clock (one frame of 1/60 s)",
                      abs(t2 - t1 - 1 / 60) < 1e-9 and d.execute_script("return !window.kineticStudio.running"), "%.6f -> %.6f" % (t1, t2))
                click("#mini-pause")
            if name in ("pane", "dynamics"):
                d.save_screenshot(os.path.join(OUT, "screenshot-finish-%s-%dx%d.png" % (name, width, height)))
        # The retune fields with long values, and the page scrolled to the inspector.
        fresh_demo("drawer")
        d.execute_script("""document.getElementById('retune-form').value = 'spring';
            document.getElementById('retune-form').dispatchEvent(new Event('change'));
            for (const [id, v] of [['retune-mass', '1.0000000000000002'], ['retune-stiffness', '228.03418467432815'], ['retune-damping', '30.2']]) {
              const i = document.getElementById(id); i.value = v; i.dispatchEvent(new Event('input')); }
            document.getElementById('retune-head').scrollIntoView()""")
        time.sleep(0.2)
        fields = d.execute_script("return [...document.querySelectorAll('#retune-fields input')].map(i => [i.scrollWidth, i.clientWidth])")
        head, bar = box("#retune-head"), box(".topbar")
        check("studio %dx%d: long timing values are shown whole" % (width, height), all(a <= b for a, b in fields), str(fields))
        check("studio %dx%d: a heading scrolled to is not under the sticky header" % (width, height), head["top"] >= bar["bottom"],
              "heading top %.1f, header bottom %.1f" % (head["top"], bar["bottom"]))
        d.save_screenshot(os.path.join(OUT, "screenshot-finish-retune-%dx%d.png" % (width, height)))
    # The field exhibit's ring is drawn above the items, and the drawer's rows have their titles.
    viewport(1440, 900)
    # A loaded machine can take seconds to bring a fresh page's scene up: the tap waits until the
    # scene has drawn its exhibit buttons and run a few frames, so that it is not lost on a page
    # that does not listen yet; the ring is then polled for up to 5 s. In one CI run the fresh
    # page's clock stood at 0.0035 s for 20 s (it drew no frames): then the page is loaded again,
    # up to three times.
    def scene_state():
        return d.execute_script("""const hint = document.querySelector('[data-name="hint"]');
            return {time: window.kineticInspector ? window.kineticInspector.time : null,
                    running: window.kineticStudio ? window.kineticStudio.running : null,
                    hint: hint ? hint.textContent : null}""")
    for load in range(3):
        fresh_demo("dynamics")
        t0 = time.time()
        while time.time() - t0 < 8 and not ((scene_state()["time"] or 0) > 0.25 and rect("exhibit.field") is not None):
            time.sleep(0.1)
        if (scene_state()["time"] or 0) > 0.25:
            break
    def ring_drawn():
        return all(e is not None and e["w"] > 3 for e in edges)
    for attempt in range(2):
        Pointer().tap(332.5, 26).perform()
        t0 = time.time()
        while True:
            time.sleep(0.25)
            edges = [rect("field.ring.edge%d" % k) for k in range(24)]
            if ring_drawn() or time.time() - t0 > 5:
                break
        if ring_drawn():
            break
    check("dynamics field: the ring is drawn (24 edges round the field's centre)", ring_drawn(),
          "%s, the scene: %s" % (edges[:2], scene_state()))
    fresh_demo("drawer")
    titles = d.execute_script("return [0, 1, 2, 3].map(i => document.querySelector('.t[data-name=\"drawer.row' + i + '\"]')?.textContent)")
    check("drawer: its rows are not blank", titles == ["Call", "Message", "FaceTime", "Share Contact"], str(titles))


studio_layout()
studio_transport()
studio_code_and_inspector()
studio_time_travel()
studio_retune()
studio_retune_physics()
d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
studio_inspector_at_scale()
studio_inspector_names()
studio_finish()
d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

# --- Issue 23: a matched-geometry flight caught and thrown back; an exit undone mid-way ----------
def grid_flight_caught_and_thrown_back():
    """Tap cell 4 of the grid (the stack pushes the detail and it flies to the detail photo), pull
    the photo down and let go (the pop's flight home, drawn as detail.photo.flight, takes the
    finger's speed), touch it mid-flight (it holds still under the finger), then flick it up: the
    pop is cancelled and it flies back to the detail view. Tried again from a fresh page (`retried`)
    while the flick reads as a slow release, so that the photo rightly flies home to its cell;
    every check is made on the last attempt."""
    def attempt():
        fresh_demo("grid")
        Pointer().tap(187, 300).perform()
        time.sleep(0.1)
        opening = rect("cell4.flight")
        time.sleep(1.4)
        landed = rect("detail.photo"), rect("cell4.flight")
        # Pull down 180 pt in 0.25 s and let go moving, then touch it 0.1 s later and move 15 pt.
        p = Pointer().drag(187, 300, 187, 480, 0.25, steps=15).pause(0.1)
        p.down(187, 400).pause(0.03).move(187, 407).pause(0.03).move(187, 415).pause(0.05)
        p.perform()
        caught = rect("detail.photo.flight")
        time.sleep(0.25)
        held = rect("detail.photo.flight")
        # Flick it up: thrown back to the detail view.
        p = Pointer()
        for k in range(1, 9):
            p.pause(1 / 60).move(187, 415 - 20 * k)
        p.up().perform()
        samples = sample(1.5, 0.05, lambda: width_of("detail.photo.flight", 1))
        return opening, landed, caught, held, samples, rect("detail.photo"), rect("detail.photo.flight")
    # Missed: the detail photo and the flight both gone, the photo back in its cell.
    (opening, landed, caught, held, samples, photo, flight), attempts = retried(
        attempt, lambda r: r[5:] == (None, None),
        lambda n, r: "grid: flick up %d read as a slow release (the photo flew home to its cell), tried again" % n)
    check("grid: the tapped cell flies (a proxy between the cell and the detail)",
          opening is not None and 117 < opening["w"] < 375, "proxy %s" % opening)
    check("grid: the flight lands on the detail photo (0, 146, 375 x 375)",
          landed[0] is not None and close(landed[0]["y"], 146, 0.6) and close(landed[0]["w"], 375, 0.6)
          and landed[1] is None, "photo %s" % landed[0])
    check("grid: caught mid-flight, the photo holds still under the finger",
          caught is not None and held is not None and 117 < caught["w"] < 375 and close(caught["y"], held["y"], 0.6)
          and close(caught["w"], held["w"], 0.6), "caught %s, 0.25 s later %s" % (caught, held))
    growing = [w for w in samples if w is not None]
    check("grid: thrown back up, it grows back to the detail photo and lands there",
          photo is not None and close(photo["y"], 146, 0.6) and flight is None
          and all(b >= a - 0.6 for a, b in zip(growing, growing[1:])), "widths %s, photo %s" % (samples, photo))
    report["grid"] = {"opening": opening, "caught": caught, "held": held, "thrown_back_widths": samples,
                      "attempts": attempts}


def list_exit_interrupted_by_reinsertion():
    """Remove the top row (it shrinks and fades, still drawn), Undo 0.15 s later: it turns back
    from where it is and ends at full size at the top of the list, never having left the page."""
    fresh_demo("list")
    start = rect("item1")
    Pointer().tap(142, 78).perform()
    widths = sample(0.15, 0.02, lambda: width_of("item1", 2))
    Pointer().tap(231, 78).perform()
    widths += sample(1.0, 0.03, lambda: width_of("item1", 2))
    end = rect("item1")
    shrunk = min(w for w in widths if w is not None) if any(w is not None for w in widths) else None
    check("list: a removed row stays drawn through its exit and the undo (never removed)",
          all(w is not None for w in widths), "widths %s" % widths)
    check("list: the exit shrank it, the re-insertion turned it back to full size in place",
          shrunk is not None and shrunk < 345 and end is not None and close(end["w"], 351, 0.6)
          and start is not None and close(end["y"], start["y"], 0.6), "start %s, smallest %s, end %s" % (start, shrunk, end))
    report["list"] = {"start": start, "widths": widths, "end": end}


def motion_demo_screenshots():
    """The grid mid-flight and the list mid-transition at 390x844 and 1280x720."""
    for width, height in ((390, 844), (1280, 720)):
        viewport(width, height)
        fresh_demo("grid")
        Pointer().tap(187, 300).pause(0.12).perform()
        path = os.path.join(OUT, "screenshot-grid-%dx%d.png" % (width, height))
        d.save_screenshot(path)
        check("screenshot of grid mid-flight at %dx%d" % (width, height), os.path.getsize(path) > 10000, path)
        fresh_demo("list")
        Pointer().tap(53, 78).pause(0.05).tap(142, 78).pause(0.1).perform()
        path = os.path.join(OUT, "screenshot-list-%dx%d.png" % (width, height))
        d.save_screenshot(path)
        check("screenshot of list mid-transition at %dx%d" % (width, height), os.path.getsize(path) > 10000, path)
    d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


grid_flight_caught_and_thrown_back()
# Issue 41, item 1: the grid's flight on NavigationStack's cubic push, scrubbed by the pull-down pop,
# cancelled, popped, caught and reversed, read frame by frame from the session's replay
# (Scripts/browser_grid_test.py).
import browser_grid_test
report["grid_stack"] = browser_grid_test.run(d, check, Pointer, fresh_demo, rect)
list_exit_interrupted_by_reinsertion()
motion_demo_screenshots()
# Issue 39, item 2: images, node-keyed elements, accessibility (Scripts/browser_content_test.py).
import browser_content_test
report["content"] = browser_content_test.run(d, URL, check, Pointer, fresh_demo)

# --- A page built for another render-list format refuses the module, visibly -------------------
# version-check.html (written by Scripts/browser-test) starts the runtime expecting format
# FORMAT_VERSION + 1: the module's own format, read from its exports, must not be drawn.
d.get(URL + "version-check.html")
message = None
for _ in range(100):
    message = d.execute_script("return window.kineticError || null")
    if message:
        break
    time.sleep(0.05)
shown = d.execute_script("""
    const e = document.querySelector('.kinetic-error');
    return e ? {text: e.textContent, visible: e.getBoundingClientRect().height > 0 && getComputedStyle(e).display !== 'none',
                stage: document.getElementById('stage').children.length, ready: window.kineticReady === true} : null;
""")
check("a module with another render-list format is refused with a visible message",
      shown is not None and shown["visible"] and "format" in shown["text"] and shown["stage"] == 0 and not shown["ready"],
      (shown or {}).get("text", "no message"))

d.quit()
json.dump(report, open(os.path.join(OUT, "report.json"), "w"), indent=1)
finish()
