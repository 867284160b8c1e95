"""Examples/Gallery in headless Chromium with real pointer input (Scripts/examples-test runs it).

  python3 Scripts/gallery_test.py URL OUT [KINETIC]

At 390x844, 1280x720 and 1440x900: tap a photo, read the detail's drawn rectangle every animation
frame of its flight, pull it down and let go, and read it again on the way home. Checks:
  - the flight starts on the tapped photo's rectangle and lands on the detail's CSS box;
  - the dismissal lands back on the photo's rectangle, the detail hidden and the photo shown;
  - no jump: between two consecutive animation frames the drawn rectangle moves less than a
    bound (the flight's largest step is well under it, a jump to the other end far over it);
  - the page stays usable: the Shuffle button, clicked during a flight, reorders the grid;
  - caught mid-flight: a finger takes the detail where it is drawn and throws it home, no jump;
  - Chromium's accessibility tree lists the six photos as images named by their alt text and
    the page's buttons as buttons, and not the closed detail view;
  - presence: a to-do row removed by the page fades drawn out of the flow while the row below
    closes the gap; Undo mid-exit turns it back; removed for good, it leaves the page;
  - the window resized mid-flight: the detail lands on its new CSS box;
  - reduced motion: a tap shows the detail at its box, never at a place between (a fade);
  - with KINETIC (the kinetic command): the 1280 session's script (pointer events and measured
    layouts) recorded in the page's module equals `kinetic render --package Examples/Gallery` of
    the same script, bit for bit.
Screenshots go to OUT/gallery-W.png. Prints "N passed, M failed" and exits 1 on any failure.
"""
import csv
import os
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.common.actions.action_builder import ActionBuilder

url, out = sys.argv[1], sys.argv[2]
kinetic = sys.argv[3] if len(sys.argv) > 3 else None
passed = failed = 0


def check(ok, line):
    global passed, failed
    print(("ok   " if ok else "FAIL ") + line, flush=True)
    if ok:
        passed += 1
    else:
        failed += 1


# Reads the detail's drawn rectangle at every animation frame into window.frames.
SAMPLER = """
window.frames = [];
const d = document.getElementById('detail');
(function sample() {
  const r = d.getBoundingClientRect();
  window.frames.push([r.x, r.y, r.width, r.height]);
  if (window.frames.length < 400) requestAnimationFrame(sample);
})();
"""


def load(driver):
    """The gallery, loaded afresh and running (five frames drawn), or given up on after 10 s."""
    driver.get(url)
    for _ in range(100):
        if driver.execute_script("return !!window.kineticPage && kineticPage.stats.frames > 5"):
            break
        time.sleep(0.1)


def rect(d, key):
    return d.execute_script(f"const r = document.getElementById('{key}').getBoundingClientRect();"
                            "return [r.x, r.y, r.width, r.height];")


def near(a, b, tolerance=2.0):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def largest_step(frames):
    return max((max(abs(p - q) for p, q in zip(a, b)) for a, b in zip(frames, frames[1:])), default=0)


def compare_native(driver):
    """The session so far as a script, recorded in the page's module and natively: equal bits."""
    script = driver.execute_script("return kineticPage.script()")
    path = os.path.join(out, "gallery-session.txt")
    open(path, "w").write(script)
    wasm = driver.execute_script("return kineticPage.record(arguments[0], 60)", script)
    native_dir = os.path.join(out, "gallery-native")
    run = subprocess.run([kinetic, "render", "--package", "Examples/Gallery", "gallery", "--script", path,
                          "--out", native_dir], capture_output=True, text=True)
    if run.returncode != 0:
        check(False, f"kinetic render --package Examples/Gallery: {run.stderr.strip()}")
        return
    rows = list(csv.reader(open(os.path.join(native_dir, "properties.csv"))))
    header, rows = rows[0], rows[1:]
    channels = wasm.get("channels", [])
    same = wasm.get("frames") == len(rows) and header[2::3] == [c + ".model" for c in channels]
    differing = 0
    if same:
        width = len(channels) * 3
        for i, row in enumerate(rows):
            native = [float(v) for v in row[2:]]
            differing += sum(1 for k in range(width) if native[k] != wasm["values"][i * width + k])
    layouts = script.count(" layout ") + script.count(" page ")
    check(same and differing == 0 and layouts > 0,
          f"the session's script ({layouts} layout lines) in the page's module equals the native render bit for bit: "
          f"{wasm.get('frames')} frames x {len(channels)} channels, {differing} values differ {wasm.get('error', '')}")


options = webdriver.ChromeOptions()
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]:
    options.add_argument(argument)
driver = webdriver.Chrome(options=options)
try:
    for width, height in [(390, 844), (1280, 720), (1440, 900)]:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
        load(driver)
        error = driver.execute_script("return window.kineticError || null")
        check(error is None and driver.execute_script("return !!window.kineticPage"), f"{width}: the page runs ({error})")
        if error is not None:
            continue
        home = driver.execute_script("const b = kineticPage.boxes(); return b[b.length - 1]")
        photo = rect(driver, "photo-2")
        driver.execute_script(SAMPLER)
        tap = ActionBuilder(driver)
        tap.pointer_action.move_to_location(int(photo[0] + photo[2] / 2), int(photo[1] + photo[3] / 2)).pointer_down().pointer_up()
        tap.perform()
        time.sleep(1.2)
        frames = [f for f in driver.execute_script("return window.frames") if f[2] > 0]
        moving = [f for f in frames if not near(f, frames[0], 0.5)]
        landed = rect(driver, "detail")
        first = moving[0] if moving else frames[0]
        check(bool(moving) and abs(first[0] - photo[0]) < 0.3 * photo[2] and first[2] < 0.5 * home["width"] + photo[2],
              f"{width}: the flight starts near the photo {[round(v) for v in photo]}: {[round(v) for v in first]}")
        check(near(landed, [home["x"] - driver.execute_script("return scrollX"), home["y"] - driver.execute_script("return scrollY"),
                            home["width"], home["height"]], 1.5),
              f"{width}: it lands on the detail's CSS box {home}: {[round(v, 1) for v in landed]}")
        bound = 0.5 * max(home["width"], home["height"])
        step = largest_step(moving)
        check(step < bound, f"{width}: no jump during the flight (largest step per frame {step:.1f} px < {bound:.0f})")
        driver.save_screenshot(f"{out}/gallery-{width}.png")
        # Pull down and let go: it flies home onto the photo.
        driver.execute_script(SAMPLER)
        x, y = int(landed[0] + landed[2] / 2), int(landed[1] + landed[3] / 2)
        pull = ActionBuilder(driver)
        pull.pointer_action.move_to_location(x, y).pointer_down()
        for k in range(1, 10):    # 225 px down: past a quarter of the detail's height at every size
            pull.pointer_action.move_to_location(x, y + 25 * k).pause(0.016)
        pull.pointer_action.pointer_up()
        pull.perform()
        time.sleep(1.5)
        frames = [f for f in driver.execute_script("return window.frames") if f[2] > 0]
        frames.append(rect(driver, "detail"))
        step = largest_step(frames)
        check(step < bound, f"{width}: no jump on the way home (largest step per frame {step:.1f} px)")
        hidden = driver.execute_script("return getComputedStyle(document.getElementById('detail')).visibility")
        shown = driver.execute_script("return getComputedStyle(document.getElementById('photo-2')).opacity")
        check(near(frames[-1], photo, 2.0) and hidden == "hidden" and shown == "1",
              f"{width}: home on the photo {[round(v) for v in photo]}: {[round(v) for v in frames[-1]]}, detail {hidden}, photo opacity {shown}")
        if width == 1280 and kinetic:
            compare_native(driver)



    # The accessibility tree Chromium builds (DevTools protocol) while Kinetic runs: the photos are
    # images named by their alt text, the page's buttons are buttons, and the closed detail is not in it.
    tree = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    named = [((n.get("role") or {}).get("value"), (n.get("name") or {}).get("value")) for n in tree if not n.get("ignored")]
    images = sorted(name for role, name in named if role == "image")
    buttons = [name for role, name in named if role == "button"]
    alts = sorted(driver.execute_script("return Array.from(document.querySelectorAll('.grid img')).map(e => e.alt)"))
    check(images == alts and sorted(buttons) == ["Add a to-do", "Done", "Done", "Done", "Done", "Shuffle", "Undo"],
          f"accessibility tree: {len(images)} images named by their alt text, buttons {buttons}")

    # The page stays usable during a flight: a click on its own button is handled.
    order = driver.execute_script("return Array.from(document.querySelectorAll('.grid img')).map(e => e.id).join()")
    photo = rect(driver, "photo-0")
    tap = ActionBuilder(driver)
    tap.pointer_action.move_to_location(int(photo[0] + photo[2] / 2), int(photo[1] + photo[3] / 2)).pointer_down().pointer_up()
    tap.perform()
    driver.execute_script("document.getElementById('shuffle').click()")
    after = driver.execute_script("return Array.from(document.querySelectorAll('.grid img')).map(e => e.id).join()")
    check(after == ",".join(reversed(order.split(","))), f"Shuffle clicked during a flight reorders the grid: {after}")
    time.sleep(1.5)

    # Caught mid-flight and thrown back: 120 ms into the flight a finger takes the detail where it
    # is drawn, pulls it down and lets go; it flies home onto its photo, with no jump at the catch.
    load(driver)
    photo = rect(driver, "photo-4")
    home_box = driver.execute_script("const b = kineticPage.boxes(); return b[b.length - 1]")
    # One chain of real input: the tap, then a finger down between the photo and the detail's box
    # (where the flying detail is drawn early in its flight), a pull down and a release.
    px, py = int(photo[0] + photo[2] / 2), int(photo[1] + photo[3] / 2)
    hx, hy = home_box["x"] + home_box["width"] / 2, home_box["y"] + home_box["height"] / 2
    x, y = int((px + hx) / 2), int((py + hy) / 2)
    chain = ActionBuilder(driver)
    chain.pointer_action.move_to_location(px, py).pointer_down().pointer_up().pause(0.08)
    chain.pointer_action.move_to_location(x, y).pointer_down()
    for k in range(1, 9):
        chain.pointer_action.move_to_location(x, y + 40 * k).pause(0.016)
    chain.pointer_action.pointer_up()
    driver.execute_script(SAMPLER)
    chain.perform()
    time.sleep(1.5)
    lines = driver.execute_script("return kineticPage.script()").split("\n")
    downs = [float(line.split()[0]) for line in lines if " down " in line]
    frames = [f for f in driver.execute_script("return window.frames") if f[2] > 0]
    frames.append(rect(driver, "detail"))
    moving = [i for i, f in enumerate(frames) if not near(f, frames[0], 0.5)]
    step = largest_step(frames[moving[0]:]) if moving else 0     # from the flight's first frame on
    hidden = driver.execute_script("return getComputedStyle(document.getElementById('detail')).visibility")
    caught_after = downs[-1] - downs[-2] if len(downs) >= 2 else None
    check(caught_after is not None and caught_after < 0.6 and near(frames[-1], photo, 2.0) and hidden == "hidden"
          and step < 0.5 * max(home_box["width"], home_box["height"]),
          f"caught {caught_after if caught_after is None else round(caught_after, 3)} s into the flight and thrown home onto "
          f"the photo {[round(v) for v in photo]}: {[round(v) for v in frames[-1]]}, largest step per frame {step:.1f} px")

    # Presence: a to-do row the page removes stays drawn (out of the flow) while it fades, the
    # rows below close the gap, Undo mid-exit turns it back from where it is drawn, and a row
    # removed for good leaves the page once its exit ends.
    driver.execute_script("""window.rows = []; (function s() {
        const a = document.getElementById('todo-1'), b = document.getElementById('todo-2');
        rows.push([a ? +getComputedStyle(a).opacity : null, a ? a.style.position : null, b.getBoundingClientRect().y]);
        if (rows.length < 150) requestAnimationFrame(s); })();""")
    driver.execute_script("document.querySelector('#todo-1 button.done').click()")
    time.sleep(0.15)
    driver.execute_script("document.getElementById('undo').click()")
    time.sleep(1.2)
    rows = driver.execute_script("return rows")
    opacities = [r[0] for r in rows]
    lowest = min(opacities)
    turn = opacities.index(lowest)
    kept = any(r[1] == "absolute" for r in rows)
    fading = all(a >= b - 1e-9 for a, b in zip(opacities[:turn], opacities[1:turn + 1]))
    back = all(a <= b + 1e-9 for a, b in zip(opacities[turn:], opacities[turn + 1:]))
    neighbour = [r[2] for r in rows]
    step = max(abs(a - b) for a, b in zip(neighbour, neighbour[1:]))
    check(kept and 0 < lowest < 1 and fading and back and opacities[-1] == 1 and rows[-1][1] == "",
          f"a removed row fades drawn out of the flow, Undo mid-exit turns it back (lowest opacity {lowest:.3f}, "
          f"then {opacities[-1]}), the row below moves at most {step:.1f} px per frame")
    driver.execute_script("document.querySelector('#todo-0 button.done').click()")
    time.sleep(1.5)
    ids = driver.execute_script("return Array.from(document.querySelectorAll('#todo-list li')).map(e => e.id).join()")
    gone = driver.execute_script("return document.getElementById('todo-0') === null")
    check(gone and ids == "todo-1,todo-2,todo-3", f"a row removed for good leaves the page when its exit ends: {ids}")

    # The window resized mid-flight: the detail lands on its new CSS box.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False})
    load(driver)
    photo = rect(driver, "photo-1")
    tap = ActionBuilder(driver)
    tap.pointer_action.move_to_location(int(photo[0] + photo[2] / 2), int(photo[1] + photo[3] / 2)).pointer_down().pointer_up()
    tap.perform()
    time.sleep(0.12)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 900, "height": 720, "deviceScaleFactor": 1, "mobile": False})
    time.sleep(1.5)
    home = driver.execute_script("const b = kineticPage.boxes(); return b[b.length - 1]")
    landed = rect(driver, "detail")
    check(home["x"] < 200 and near(landed, [home["x"], home["y"], home["width"], home["height"]], 1.5),
          f"resized to 900 mid-flight: lands on the new box {home}: {[round(v, 1) for v in landed]}")

    # Reduced motion: no geometric motion, the detail fades in at its box.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    load(driver)
    policy = driver.execute_script("return kineticPage.motionPolicy")
    home = driver.execute_script("const b = kineticPage.boxes(); return b[b.length - 1]")
    driver.execute_script(SAMPLER.replace("window.frames.push([r.x, r.y, r.width, r.height]);",
                                          "window.frames.push([r.x, r.y, r.width, r.height, +getComputedStyle(d).opacity]);"))
    photo = rect(driver, "photo-3")
    tap = ActionBuilder(driver)
    tap.pointer_action.move_to_location(int(photo[0] + photo[2] / 2), int(photo[1] + photo[3] / 2)).pointer_down().pointer_up()
    tap.perform()
    time.sleep(1.0)
    frames = driver.execute_script("return window.frames")
    shown = [f for f in frames if f[4] > 0]
    between = [f for f in shown if not near(f[:4], [home["x"], home["y"], home["width"], home["height"]], 0.5)]
    fading = [f[4] for f in shown if 0 < f[4] < 1]
    check(policy == "reduced" and shown and not between and fading,
          f"reduced motion ({policy}): {len(shown)} frames drawn, {len(between)} away from the box, {len(fading)} mid-fade")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
finally:
    driver.quit()
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
