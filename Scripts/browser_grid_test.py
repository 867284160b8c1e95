"""Browser check of the grid demo's matched flight through NavigationStack (issue 41, item 1),
run by Scripts/browser_test.py, or alone against a served playground:

    python3 Scripts/browser_grid_test.py URL OUTDIR

In headless Chromium with real pointer input (W3C actions), one session on a fresh page: tap
cell 4 (the stack pushes the detail: the photo flies on the push's 0.45 s ease-in-out animator),
pull the detail photo down 120 pt and hold (an interactive pop the pan scrubs), flick up (the pop
is cancelled: back on the detail), pull down and flick (popped: back on the grid), tap cell 4 again
and catch the push mid-flight (it holds still), drag it back down and let go moving (the push is
reversed and cancelled: back in its cell).

The numbers come from the session itself: the page's recording of the real input
(kineticInspector.recording(), the events as the scene accepted them, with their scene times) is
replayed by the module at 60 Hz (kineticRecord), which gives the `flight.progress` channel (how
far the photo is toward the detail) at every frame, as the live page computed it. Checked: while
the pull is held, each frame's progress is where the pointer puts it (progress change = −pointer
travel / 300 pt; the largest error is reported), it holds still while caught, the largest step
between two frames is bounded (nothing jumps at a catch or a release), and each phase ends where
it should, in the channel and in the DOM (the drawn proxy, photo and cell).
"""
import os
import sys
import time

DISMISS = 300.0          # GridDemo.dismissDistance
SLOP = 12.0              # past the pan's 10 pt: the pan has begun
DETAIL = {"x": 0, "y": 146, "w": 375, "h": 375}
CELL4 = {"x": 129, "y": 64 + 177, "w": 117, "h": 117}   # GridDemo.cellFrame(4) at scroll offset 0


def lerp(a, b, p):
    return {k: a[k] + (b[k] - a[k]) * p for k in a}


def near(r, e, tol=0.6):
    return r is not None and all(abs(r[k] - e[k]) <= tol for k in e)


def parse(script):
    """The recording's pointer events: [(t, verb, x, y)] and its end time."""
    events, end = [], 0.0
    for line in script.splitlines():
        f = line.split("#")[0].split()
        if len(f) >= 5 and f[1] in ("down", "move", "up"):
            events.append((float(f[0]), f[1], float(f[3]), float(f[4])))
        elif len(f) == 2 and f[1] == "end":
            end = float(f[0])
    return events, end


def gestures(events):
    """Each press: (down time, down y, [(t, y) moves], up time, up y)."""
    out, cur = [], None
    for t, verb, x, y in events:
        if verb == "down":
            cur = [t, y, [], None, None]
        elif verb == "move" and cur:
            cur[2].append((t, y))
        elif verb == "up" and cur:
            cur[3], cur[4] = t, y
            out.append(tuple(cur))
            cur = None
    return out


def run(d, check, Pointer, fresh_demo, rect):
    fresh_demo("grid")
    time.sleep(0.3)
    live = {}
    # 1. Tap cell 4: pushed, the photo flies to the detail.
    Pointer().tap(187, 300).perform()
    time.sleep(0.12)
    live["pushing"] = rect("cell4.flight")
    time.sleep(0.8)
    live["pushed"] = (rect("detail.photo"), rect("cell4.flight"), rect("cell4"))
    # 2. Pull down 120 pt in 4 pt steps and hold: the pop follows the finger.
    p = Pointer().down(187, 300)
    for k in range(1, 31):
        p.pause(1 / 60).move(187, 300 + 4 * k)
    p.pause(0.3).perform()
    live["held"] = rect("detail.photo.flight")
    # 3. Flick up 60 pt and let go: the pop is cancelled.
    p = Pointer()
    for k in range(1, 7):
        p.pause(1 / 60).move(187, 420 - 10 * k)
    p.up().perform()
    time.sleep(1.0)
    live["cancelled"] = (rect("detail.photo"), rect("detail.photo.flight"), rect("cell4"))
    # 4. Pull down 180 pt and flick: popped (past half way, so even a release read as slow pops).
    Pointer().drag(187, 300, 187, 480, 0.18, steps=11).perform()
    time.sleep(1.0)
    live["popped"] = (rect("detail.backdrop"), rect("detail.photo.flight"), rect("cell4"))
    # 5. Tap cell 4 and catch the push mid-flight (touch, move 12 pt), hold, then drag it down
    #    90 pt and let go moving: reversed back into its cell.
    p = Pointer().tap(187, 300).pause(0.15)
    p.down(187, 300).pause(1 / 60).move(187, 306).pause(1 / 60).move(187, 312).perform()
    live["caught"] = rect("cell4.flight")
    time.sleep(0.3)
    live["caught_held"] = rect("cell4.flight")
    p = Pointer()
    for k in range(1, 10):
        p.pause(1 / 60).move(187, 312 + 10 * k)
    p.up().perform()
    time.sleep(1.0)
    live["reversed"] = (rect("detail.backdrop"), rect("cell4.flight"), rect("cell4"))

    # The session, replayed by the module at 60 Hz: flight.progress at every frame.
    script = d.execute_script("window.kineticInspector.pause(); return window.kineticInspector.recording()")
    d.execute_script("window.kineticInspector.resume()")
    rec = d.execute_script("return window.kineticRecord('grid', arguments[0], 60)", script)
    channels = rec.get("channels", [])
    events, _ = parse(script)
    presses = gestures(events)
    ok = "flight.progress" in channels and rec.get("frames", 0) > 0 and len(presses) == 5
    check("grid stack: the session's recording replays (5 presses, flight.progress recorded)", ok,
          "%d presses, channels %s, %s frames" % (len(presses), channels, rec.get("frames")))
    if not ok:
        return {"live": live, "script": script}
    c = channels.index("flight.progress")
    width = len(channels) * 3
    frames = rec["frames"]
    progress = [rec["values"][i * width + c * 3 + 1] for i in range(frames)]
    at = lambda t: progress[min(frames - 1, max(0, int(t * 60 + 1e-9)))]

    def y_at(press, t):
        y = press[1]
        for tm, ym in press[2]:
            if tm <= t:
                y = ym
        return y

    tap1, pull, flick_down, tap2, catch = presses
    # Pushed: progress rose to 1 and the DOM shows the detail photo, no proxy.
    check("grid stack: the tap pushes the detail, the photo flies (a proxy between the cell and the detail) and lands",
          live["pushing"] is not None and 117 < live["pushing"]["w"] < 375 and near(live["pushed"][0], DETAIL)
          and live["pushed"][1] is None and live["pushed"][2] is None and at(pull[0] - 0.02) == 1,
          "proxy %s, photo %s" % (live["pushing"], live["pushed"][0]))
    # Scrubbed: from the first frame after the pan began to the release, the progress moves by
    # exactly −(pointer travel) / 300.
    began = next(t for t, y in pull[2] if y - pull[1] >= SLOP)
    scrub = [i for i in range(frames) if began < i / 60 < pull[3]]
    p0, y0 = progress[scrub[0]], y_at(pull, scrub[0] / 60)
    err = max(abs((progress[i] - p0) + (y_at(pull, i / 60) - y0) / DISMISS) for i in scrub)
    # Held at the bottom of the pull (420), before the flick up.
    lowest = max(range(len(pull[2])), key=lambda k: pull[2][k][1])
    t_low, y_held = pull[2][lowest]
    t_next = pull[2][lowest + 1][0] if lowest + 1 < len(pull[2]) else pull[3]
    held = [progress[i] for i in range(frames) if t_low < i / 60 < t_next]
    held_at = held[0] if held else -1
    check("grid stack: pulled down, the pop's flight follows the pointer frame by frame (progress = −travel / 300)",
          err < 1e-9 and 0.55 < held_at < 0.75 and max(held) == min(held),
          "%d frames, largest error %.3g; held at %.4f for %d frames (pointer at %.0f)"
          % (len(scrub), err, held_at, len(held), y_held))
    check("grid stack: held, the proxy is drawn between the photo and its cell at that progress",
          near(live["held"], lerp(DETAIL, CELL4, 1 - held_at)),
          "proxy %s, expected %s" % (live["held"], lerp(DETAIL, CELL4, 1 - held_at)))
    check("grid stack: released moving up, the pop is cancelled: back on the detail",
          near(live["cancelled"][0], DETAIL) and live["cancelled"][1] is None and live["cancelled"][2] is None
          and at(flick_down[0] - 0.02) == 1, "photo %s, progress %.4f" % (live["cancelled"][0], at(flick_down[0] - 0.02)))
    check("grid stack: pulled down and flicked, popped: back on the grid, the photo in its cell",
          live["popped"][0] is None and live["popped"][1] is None and near(live["popped"][2], CELL4)
          and at(tap2[0] - 0.02) == 0, "cell4 %s, progress %.4f" % (live["popped"][2], at(tap2[0] - 0.02)))
    # Caught: from the pan's beginning until the next move past it, the progress holds still.
    caught_t = next(t for t, y in catch[2] if y - catch[1] >= SLOP)
    next_move = next((t for t, y in catch[2] if t > caught_t + 1e-9), catch[3])
    still = [progress[i] for i in range(frames) if caught_t < i / 60 < next_move]
    caught_p = still[0] if still else None
    check("grid stack: the push caught mid-flight holds still under the finger (channel and DOM)",
          still and 0.05 < caught_p < 0.95 and max(still) - min(still) == 0 and live["caught"] is not None
          and near(live["caught_held"], live["caught"]) and len(still) >= 10,
          "progress %s for %d frames; proxy %s then %s" % (caught_p, len(still), live["caught"], live["caught_held"]))
    dragged = [progress[i] for i in range(frames) if next_move <= i / 60 < catch[3]]
    check("grid stack: dragged down, the caught push is reversed (progress falls) and, thrown down, lands back in its cell",
          dragged and dragged[-1] < caught_p and live["reversed"][0] is None and live["reversed"][1] is None
          and near(live["reversed"][2], CELL4) and progress[-1] == 0,
          "from %.4f to %.4f while dragged, ends %.4f, cell4 %s" % (caught_p, dragged[-1] if dragged else -1, progress[-1],
                                                                   live["reversed"][2]))
    steps = [abs(b - a) for a, b in zip(progress, progress[1:])]
    largest = max(steps)
    where = steps.index(largest) / 60
    check("grid stack: nothing jumps: the largest step between two 60 Hz frames is under 0.12 (a pointer move plus a tick)",
          largest < 0.12, "largest step %.4f at t = %.3f s" % (largest, where))
    return {"live": live, "scrub_frames": len(scrub), "scrub_error": err, "held_at": held_at, "caught_at": caught_p,
            "largest_step": largest, "largest_step_at": where, "script": script}


if __name__ == "__main__":
    from kinetic_browser import check, chromium, finish
    import kinetic_browser
    import json
    URL, OUT = sys.argv[1], sys.argv[2]
    os.makedirs(OUT, exist_ok=True)
    d = chromium()

    def open_demo(name):
        d.get(URL + "#" + name)
        for _ in range(100):
            if d.execute_script("return window.kineticReady === true && window.kineticDemo === arguments[0]", name):
                break
            time.sleep(0.05)
        time.sleep(0.3)

    def fresh_demo(name):
        d.get("about:blank")
        open_demo(name)

    def stage_origin():
        r = d.execute_script("""
            const s = document.getElementById('stage'), r = s.getBoundingClientRect();
            return [r.left, r.top, r.width / (parseFloat(s.style.width) || 375)]""")
        return r[0], r[1], r[2]

    def rect(name):
        return d.execute_script("""
            const stage = document.getElementById('stage'), s = stage.getBoundingClientRect();
            const k = s.width / (parseFloat(stage.style.width) || 375);
            const e = document.querySelector('[data-name="' + arguments[0] + '"]');
            if (!e) return null;
            const r = e.getBoundingClientRect();
            return {x: (r.left - s.left) / k, y: (r.top - s.top) / k, w: r.width / k, h: r.height / k};
        """, name)

    result = run(d, check, lambda: kinetic_browser.Pointer(d, *stage_origin()), fresh_demo, rect)
    json.dump(result, open(os.path.join(OUT, "grid-stack.json"), "w"), indent=1)
    d.quit()
    finish()
