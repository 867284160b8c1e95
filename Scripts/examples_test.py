"""The examples (Examples/Card, Examples/Sheet) in the browser, and the README's listings (run by
Scripts/examples-test).

    python3 Scripts/examples_test.py readme README.md
        Checks that every fenced block after a `<!-- sync: PATH -->` line in the README is a copy
        of PATH: each part of the block between `// …` lines must occur in PATH verbatim.

    python3 Scripts/examples_test.py card|sheet URL OUTDIR [NATIVE_CSV SCRIPT]
        Drives the example served at URL in headless Chromium through Selenium with real pointer
        input (W3C actions: the browser dispatches genuine pointerdown/move/up events, which the
        page's runtime forwards to the Swift scene compiled to WebAssembly). Positions are read
        back from the DOM the runtime draws (elements carry the node's name in data-name), in
        scene points. Writes OUTDIR/NAME-flight.png (mid-flight) and OUTDIR/NAME-rest.png
        screenshots and OUTDIR/NAME-report.json; for the card also OUTDIR/card-exported-test.swift,
        the Studio's Swift test of the session (Scripts/examples-test runs it in Examples/Card). With NATIVE_CSV and SCRIPT, also records SCRIPT
        in the page (window.kineticRecord) and compares it frame by frame with the native
        render's properties.csv (bar: 1e-9).

Prints one line per check and a closing 'N passed, N failed' line; exit status 1 if any failed.
"""
import csv
import json
import math
import os
import sys
import time

from kinetic_browser import check, chromium, finish, retried
import kinetic_browser


# --- The README's listings ------------------------------------------------------------------------
REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def check_readme(path):
    """Each code block after a `<!-- sync: FILE -->` line (FILE relative to the repository) is a
    copy of FILE: its parts between `// …` lines appear in FILE as they are."""
    root = REPOSITORY
    lines = open(path).read().split("\n")
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        if line.startswith("<!-- sync:") and line.endswith("-->"):
            source = line[len("<!-- sync:"):-len("-->")].strip()
            j = i + 1
            while not lines[j].startswith("```"):
                j += 1
            k = j + 1
            while not lines[k].startswith("```"):
                k += 1
            block = lines[j + 1:k]
            text = open(os.path.join(root, source)).read()
            parts, current = [], []
            for b in block:
                if b.strip() == "// …":
                    parts.append(current)
                    current = []
                else:
                    current.append(b)
            parts.append(current)
            missing = [p for p in parts if p and "\n".join(p) not in text]
            check("%s listing matches %s" % (os.path.basename(path), source), not missing,
                  "%d lines in %d part(s)" % (len(block), len(parts)) if not missing
                  else "not in the file: " + missing[0][0][:60])
            i = k
        i += 1


def check_commands(kinetic, path):
    """Each `kinetic` command in a shell block after a `<!-- commands -->` line names a real
    subcommand, and every option it passes is one that subcommand's --help lists."""
    import subprocess
    lines = open(path).read().split("\n")
    for i, line in enumerate(lines):
        if line.strip() != "<!-- commands -->":
            continue
        j = i + 1
        while not lines[j].startswith("```"):
            j += 1
        k = j + 1
        while not lines[k].startswith("```"):
            k += 1
        for command in lines[j + 1:k]:
            words = command.split("#")[0].split()
            if "kinetic" not in words:
                continue
            args = words[words.index("kinetic") + 1:]
            path_words = []
            for w in args:
                if w.startswith("-") or w in (".",) or "/" in w:
                    break
                path_words.append(w)
            # The subcommand is the longest prefix whose help is found.
            while path_words:
                r = subprocess.run([kinetic] + path_words + ["--help"], capture_output=True, text=True)
                if r.returncode == 0:
                    break
                path_words.pop()
            options = [w.split("=")[0] for w in args if w.startswith("--")]
            unknown = [o for o in options if o not in r.stdout] if path_words else options
            check("%s: kinetic %s (options %s)" % (os.path.basename(path), " ".join(path_words), " ".join(options) or "none"),
                  path_words and not unknown, "unknown: " + " ".join(unknown) if unknown else "")


if sys.argv[1] == "readme":
    for doc in sys.argv[2:]:
        check_readme(doc)
    finish()
if sys.argv[1] == "commands":
    for doc in sys.argv[3:]:
        check_commands(sys.argv[2], doc)
    finish()

# --- The browser ----------------------------------------------------------------------------------
NAME, URL, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
NATIVE_CSV = sys.argv[4] if len(sys.argv) > 5 else None
SCRIPT = sys.argv[5] if len(sys.argv) > 5 else None
os.makedirs(OUT, exist_ok=True)
report = {}
W, H = 375.0, 667.0          # both examples lay out a 375 x 667 point scene


d = chromium()


def open_scene(node):
    """Opens URL#NAME and waits until the runtime has drawn `node`; returns the load time."""
    t0 = time.time()
    d.get(URL + "#" + NAME)
    for _ in range(200):
        if d.execute_script("return document.querySelector('[data-name=\"' + arguments[0] + '\"]') !== null", node):
            break
        time.sleep(0.05)
    d.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.4)
    return time.time() - t0


def stage():
    """The scene's box on the page (the root node's element), as (left, top, points per CSS px)."""
    r = d.execute_script("""
        const e = document.querySelector('[data-name="root"]') || document.getElementById('stage');
        const r = e.getBoundingClientRect();
        return [r.left, r.top, r.width];
    """)
    return r[0], r[1], r[2] / W


def rect(name):
    """The bounding box of the element named `name`, in scene points, or None."""
    ox, oy, s = stage()
    r = d.execute_script("""
        const e = document.querySelector('[data-name="' + arguments[0] + '"]');
        if (!e) return null;
        const r = e.getBoundingClientRect();
        return [r.left, r.top, r.width, r.height];
    """, name)
    if r is None:
        return None
    return {"x": (r[0] - ox) / s, "y": (r[1] - oy) / s, "w": r[2] / s, "h": r[3] / s}


def center(name):
    r = rect(name)
    return (r["x"] + r["w"] / 2, r["y"] + r["h"] / 2)


def Pointer():
    """Real pointer input at scene points (kinetic_browser.Pointer on the scene's box)."""
    return kinetic_browser.Pointer(d, *stage())


def watch(name, seconds, every=0.05):
    """Centres of `name` sampled for `seconds`."""
    out, t0 = [], time.time()
    while time.time() - t0 < seconds:
        out.append(center(name))
        time.sleep(every)
    return out


def dist(a, b):
    return math.hypot(a[0] - b[0], a[1] - b[1])


def start_log(name):
    """Logs, in the page, the centre of `name` at every animation frame and every pointerdown
    (with the element's box at that instant): what the card did around a press, in the page's
    own clock."""
    d.execute_script("""
        const name = arguments[0];
        const c = () => { const e = document.querySelector('[data-name="' + name + '"]');
                          const s = (document.querySelector('[data-name="root"]') || document.getElementById('stage')).getBoundingClientRect();
                          const r = e.getBoundingClientRect();
                          return [r.left - s.left + r.width / 2, r.top - s.top + r.height / 2, r.width, r.height]; };
        window.exFrames = []; window.exDowns = [];
        if (!window.exLogging) {
            window.exLogging = true;
            const tick = () => { window.exFrames.push([performance.now()].concat(c()));
                                 if (window.exFrames.length > 240) window.exFrames.shift();
                                 requestAnimationFrame(tick); };
            requestAnimationFrame(tick);
            document.addEventListener('pointerdown', e => {
                const s = (document.querySelector('[data-name="root"]') || document.getElementById('stage')).getBoundingClientRect();
                window.exDowns.push([e.timeStamp, e.clientX - s.left, e.clientY - s.top].concat(c()));
            }, true);
        }
    """, name)


LATENCY = [0.03]


def calibrate():
    """The time from reading the page to a pointer event arriving in it (seconds): a move sent
    right after a read, timed in the page's clock."""
    d.execute_script("window.exMoves = []; document.addEventListener('pointermove', e => window.exMoves.push(e.timeStamp), {once: true, capture: true})")
    samples = []
    for k in range(3):
        d.execute_script("window.exMoves = []; document.addEventListener('pointermove', e => window.exMoves.push(e.timeStamp), {once: true, capture: true})")
        t_read = d.execute_script("return performance.now()")
        Pointer().move(10 + k, 10).perform()
        time.sleep(0.05)
        moves = d.execute_script("return window.exMoves")
        if moves:
            samples.append((moves[0] - t_read) / 1000)
    if samples:
        LATENCY[0] = sorted(samples)[len(samples) // 2]
    return LATENCY[0]


def predicted(name, target=None):
    """Where `name` will be when a pointer event sent now arrives: its last three frames
    extrapolated with constant acceleration over the page's measured latency, no farther than
    `target` (where it flies to), and on the scene."""
    f = d.execute_script("return [performance.now()].concat(window.exFrames.slice(-3))")
    now, frames = f[0], f[1:]
    (t0, x0, y0), (t1, x1, y1), (t2, x2, y2) = [(a[0] / 1000, a[1], a[2]) for a in frames]
    vx, vy = (x2 - x1) / max(t2 - t1, 1e-3), (y2 - y1) / max(t2 - t1, 1e-3)
    ux, uy = (x1 - x0) / max(t1 - t0, 1e-3), (y1 - y0) / max(t1 - t0, 1e-3)
    ax, ay = (vx - ux) / max((t2 - t0) / 2, 1e-3), (vy - uy) / max((t2 - t0) / 2, 1e-3)
    dt = now / 1000 - t2 + LATENCY[0]
    px, py = x2 + vx * dt + ax * dt * dt / 2, y2 + vy * dt + ay * dt * dt / 2
    if target is not None and dist((px, py), (x2, y2)) > dist(target, (x2, y2)):
        # Never past where it is flying to: three uneven frames can make the acceleration
        # estimate wild, and a spring slows down into its target.
        px, py = target
    return (min(max(px, 1.0), W - 1), min(max(py, 1.0), H - 1)), (vx, vy)


def last_down():
    """The latest pointerdown: whether it landed on the logged element's box, and the element's
    speed (points per second) over the frames around it."""
    down = d.execute_script("return window.exDowns[window.exDowns.length - 1]")
    frames = d.execute_script("return window.exFrames")
    if not down:
        return None
    t, px, py, cx, cy, w, h = down
    inside = abs(px - cx) <= w / 2 and abs(py - cy) <= h / 2
    before = [f for f in frames if f[0] <= t][-2:]
    speed = 0.0
    if len(before) == 2:
        speed = math.hypot(before[1][1] - before[0][1], before[1][2] - before[0][2]) / max((before[1][0] - before[0][0]) / 1000, 1e-3)
    return {"inside": inside, "speed": speed, "at": (cx, cy)}


def shot(label):
    path = os.path.join(OUT, "%s-%s.png" % (NAME, label))
    d.save_screenshot(path)
    check("screenshot %s" % os.path.basename(path), os.path.getsize(path) > 5000, path)
    return path


def compare_native():
    if not NATIVE_CSV:
        return
    has = d.execute_script("return typeof window.kineticRecord === 'function'")
    check("the page offers window.kineticRecord", has)
    if not has:
        return
    text = open(SCRIPT).read()
    wasm = d.execute_script("return window.kineticRecord(arguments[0], arguments[1], 60)", NAME, text)
    rows = list(csv.reader(open(NATIVE_CSV)))
    header, rows = rows[0], rows[1:]
    channels = wasm.get("channels", [])
    ok = wasm.get("frames") == len(rows) and header[2::3] == [c + ".model" for c in channels]
    diff = 0.0
    if ok:
        values, width = wasm["values"], len(channels) * 3
        for i, row in enumerate(rows):
            native = [float(v) for v in row[2:]]
            for k in range(width):
                diff = max(diff, abs(native[k] - values[i * width + k]))
    report["native_vs_wasm_max_abs_diff"] = diff
    check("native render and the WebAssembly page agree frame by frame on %s" % os.path.basename(SCRIPT),
          ok and diff <= 1e-9, "%s frames x %d channels, max |diff| %.3g; %s" % (wasm.get("frames"), len(channels), diff,
                                                                               wasm.get("error", "")))


# --- The card -------------------------------------------------------------------------------------
CARD_CORNERS = [(99, 74), (276, 74), (99, 593), (276, 593)]


def export_test(module, scenes):
    """The Studio's "Swift test" export of this session (what its button saves), written to
    OUTDIR/NAME-exported-test.swift; Scripts/examples-test compiles and runs it in the package."""
    f = d.execute_script("return window.kineticStudio.testFile ? window.kineticStudio.testFile() : null")
    text = (f or {}).get("text", "")
    path = os.path.join(OUT, NAME + "-exported-test.swift")
    open(path, "w").write(text)
    check("the Studio exports this session as a Swift test of the package's own scenes",
          "@testable import %s" % module in text and "%s.first" % scenes in text and "#expect(run.frames ==" in text,
          "%s (%d bytes, %d lines)" % (path, len(text), text.count("\n")))


def nearest_corner(p):
    return min(CARD_CORNERS, key=lambda c: dist(c, p))


def opposite(c):
    return (W - c[0], H - c[1])


def fling_card(frm, to, seconds=0.1, steps=6):
    Pointer().drag(frm[0], frm[1], to[0], to[1], seconds, steps).perform()


def card():
    report["load_seconds"] = open_scene("card")
    c0 = center("card")
    check("card: starts in the bottom-right corner (276, 593)", dist(c0, (276, 593)) < 1, "at (%.1f, %.1f)" % c0)
    r = rect("card")
    check("card: 150 x 100 points", abs(r["w"] - 150) < 1 and abs(r["h"] - 100) < 1, "%.1f x %.1f" % (r["w"], r["h"]))

    # Throw: a flick up and to the left. It must fly (drawn away from every corner in several
    # frames, from the page's own frame log) and land top left.
    start_log("card")
    fling_card((276, 593), (196, 473))
    time.sleep(1.6)
    flight = [(f[1], f[2]) for f in d.execute_script("return window.exFrames")]
    mid = [p for p in flight if min(dist(p, c) for c in CARD_CORNERS) > 30]
    check("card thrown: drawn mid-flight in several frames", len(mid) >= 5,
          "%d of the last %d frames away from every corner" % (len(mid), len(flight)))
    end = center("card")
    check("card thrown up-left: springs into the top-left corner (99, 74)", dist(end, (99, 74)) < 1, "at (%.1f, %.1f)" % end)
    report["throw"] = flight

    # Grab it mid-flight: thrown towards the far corner, pressed where it is about to be, moved
    # 20 points and held. Held means it stays put, away from every corner; let go without moving,
    # it goes to the nearest corner. (Retried, up to five times: a press can miss a card flying at 1000 pt/s.)
    report["latency_seconds"] = calibrate()
    caught = None
    for attempt in range(1, 6):
        start = nearest_corner(center("card"))
        far = opposite(start)
        fling_card(start, (start[0] + (far[0] - start[0]) * 0.3, start[1] + (far[1] - start[1]) * 0.3))
        time.sleep(0.12)
        (px, py), v = predicted("card", far)
        # 12 points at once: the pan begins (and catches) at the first move, a frame after the press.
        p = Pointer().down(px, py).pause(0.01).move(px + 12, py)
        for k in range(1, 3):
            p.pause(0.03).move(px + 12 + 4 * k, py)
        p.perform()
        time.sleep(0.1)
        a = center("card")
        if attempt == 1:
            shot("flight")
        time.sleep(0.3)
        b = center("card")
        down = last_down()
        held = dist(a, b) < 0.5 and min(dist(b, c) for c in CARD_CORNERS) > 20 and down and down["inside"] and down["speed"] > 100
        print("     grab attempt %d: press %s; card at (%.1f, %.1f) then (%.1f, %.1f)" % (attempt, down, a[0], a[1], b[0], b[1]), flush=True)
        Pointer().up().perform()
        time.sleep(1.5)
        if held:
            caught = (a, b, attempt, down)
            break
    check("card grabbed mid-flight: pressed on it while it flew, it is held still where it was caught",
          caught is not None, caught and "pressed on it at %.0f pt/s, held at (%.1f, %.1f), attempt %d" % (
              caught[3]["speed"], caught[1][0], caught[1][1], caught[2]) or "missed 5 times (last press: %s)" % down)
    if caught:
        end = center("card")
        want = nearest_corner(caught[1])
        check("card let go without velocity: springs to the corner nearest to where it was held",
              dist(end, want) < 1, "at (%.1f, %.1f), nearest corner (%d, %d)" % (end[0], end[1], want[0], want[1]))

    # Tap it mid-flight: thrown to the far corner, tapped on the way, it turns back to where it
    # came from (the corner opposite its target) without a jump.
    tapped = None
    for attempt in range(1, 6):
        start = nearest_corner(center("card"))
        far = opposite(start)
        fling_card(start, (start[0] + (far[0] - start[0]) * 0.3, start[1] + (far[1] - start[1]) * 0.3))
        time.sleep(0.12)
        (px, py), v = predicted("card", far)
        Pointer().down(px, py).pause(0.03).up().perform()
        path = watch("card", 1.6, every=0.03)
        end = center("card")
        down = last_down()
        print("     tap attempt %d: press %s; card ends at (%.1f, %.1f)" % (attempt, down, end[0], end[1]), flush=True)
        if dist(end, start) < 1 and down and down["inside"] and down["speed"] > 100:
            tapped = (attempt, path, down)
            break
    check("card tapped mid-flight: turns back into the corner it was thrown from", tapped is not None,
          tapped and "tapped at %.0f pt/s at (%.1f, %.1f), attempt %d" % (tapped[2]["speed"], tapped[2]["at"][0], tapped[2]["at"][1], tapped[0])
          or "the tap missed 5 times (last press: %s)" % down)
    if tapped:
        # No jump: in the page's frame log, the card never moves faster from one frame to the
        # next than a spring throw does (peaks are near 4000 pt/s; a jump to where the other
        # corner's spring would put it is hundreds of points in one 16 ms frame).
        frames = d.execute_script("return window.exFrames")
        speeds = [dist(a[1:3], b[1:3]) / max((b[0] - a[0]) / 1000, 1e-3) for a, b in zip(frames, frames[1:])]
        check("card tapped mid-flight: no jump, frame to frame", max(speeds) < 6000,
              "fastest frame-to-frame motion %.0f pt/s over %d frames" % (max(speeds), len(frames)))
    report["tap"] = tapped and tapped[1]
    shot("rest")
    export_test("Card", "CardApp.scenes")
    compare_native()


# --- The sheet ------------------------------------------------------------------------------------
DETENTS = {"large": 64.0, "medium": 333.5, "collapsed": 557.0}


def top():
    return rect("sheet")["y"]


def from_detents(y):
    """How far the sheet's top at `y` is from the nearest detent."""
    return min(abs(y - v) for v in DETENTS.values())


def flick_down():
    Pointer().drag(187, 450, 187, 540, 0.1, 6).perform()


def flicked(gesture, start):
    """Runs the flick `gesture()` from the detent at `start` again (`retried`) while it leaves
    the sheet there: the page read it as a slow drag."""
    return retried(gesture, lambda _: abs(top() - start) < 1,
                   lambda attempt, _: "flick attempt %d: read as a slow drag, the sheet is back at %.1f" % (attempt, start))[0]


def sheet():
    report["load_seconds"] = open_scene("sheet")
    check("sheet: starts at the medium detent (top 333.5)", abs(top() - 333.5) < 1, "top %.1f" % top())
    shots = []

    def flick_up():
        Pointer().drag(187, 450, 187, 330, 0.1, 6).perform()
        time.sleep(0.06)
        if not shots:
            shots.append(shot("flight"))
        return watch("sheet", 1.2, every=0.03)
    flight = flicked(flick_up, 333.5)
    seen = [y for (_, y) in flight]
    check("sheet flicked up: springs to the large detent (64)", abs(top() - 64) < 1, "top %.1f" % top())
    report["flick_up"] = seen

    # A slow drag down to about 380 and a pause: no velocity, so the nearest detent, medium.
    Pointer().drag(187, 200, 187, 516, 0.6, 30, hold=0.2).perform()
    time.sleep(1.2)
    check("sheet dragged to 380 and let go still: settles at medium (333.5)", abs(top() - 333.5) < 1, "top %.1f" % top())

    def flick_down_and_wait():
        flick_down()
        time.sleep(1.2)
    flicked(flick_down_and_wait, 333.5)
    check("sheet flicked down from medium: collapses (557)", abs(top() - 557) < 1, "top %.1f" % top())

    # Grab it mid-flight: flicked up from collapsed, pressed low on the sheet (always under it),
    # moved 20 points, held: it stays where it was caught, between the detents. Retried: on a
    # loaded machine the press can arrive after the flight (the sheet is back at a detent), so
    # each try first sees the sheet in flight, and a try that caught it at a detent goes again
    # from collapsed.
    caught = None
    for attempt in range(1, 4):
        if abs(top() - 557) > 1:
            flick_down()
            time.sleep(1.2)
        Pointer().drag(187, 640, 187, 520, 0.1, 6).perform()
        seen = top()
        t0 = time.time()
        while from_detents(seen) < 40 and time.time() - t0 < 0.3:
            seen = top()
        p = Pointer().down(187, 640)
        for k in range(1, 4):
            p.pause(0.03).move(187, 640 + 7 * k)
        p.perform()
        time.sleep(0.1)
        a = top()
        time.sleep(0.3)
        b = top()
        print("     grab attempt %d: in flight at top %.1f; caught, top %.1f then %.1f" % (attempt, seen, a, b), flush=True)
        if from_detents(b) > 5:
            caught = (a, b, attempt)
            break
        Pointer().up().perform()
        time.sleep(1.2)
    check("sheet grabbed mid-flight: caught between the detents, not at one", caught is not None,
          caught and "top %.1f, attempt %d" % (caught[1], caught[2]) or "caught at a detent 3 times (last top %.1f)" % b)
    if caught:
        a, b = caught[0], caught[1]
        check("sheet grabbed mid-flight: held still where it was caught", abs(a - b) < 0.5, "top %.1f then %.1f" % (a, b))
        Pointer().up().perform()
        time.sleep(1.2)
        want = min(DETENTS.values(), key=lambda v: abs(v - b))
        check("sheet let go without velocity: springs to the detent nearest to where it was held", abs(top() - want) < 1,
              "top %.1f, nearest detent %.1f" % (top(), want))
    shot("rest")
    compare_native()


try:
    {"card": card, "sheet": sheet}[NAME]()
finally:
    d.quit()
    json.dump(report, open(os.path.join(OUT, NAME + "-report.json"), "w"), indent=1)
finish()
