"""Examples/Gallery in headless Chromium with real pointer input (Scripts/examples-test runs it).

  python3 Scripts/gallery_test.py URL OUT

At 390x844, 1280x720 and 1440x900: tap a photo, read the detail's drawn rectangle every animation
frame of its flight, pull it down and let go, and read it again on the way home. Checks:
  - the flight starts on the tapped photo's rectangle and lands on the detail's CSS box;
  - the dismissal lands back on the photo's rectangle, the detail hidden and the photo shown;
  - no jump: between two consecutive animation frames the drawn rectangle moves less than a
    bound (the flight's largest step is well under it, a jump to the other end far over it);
  - the page stays usable: the Shuffle button, clicked during a flight, reorders the grid.
Screenshots go to OUT/gallery-W.png. Prints "N passed, M failed" and exits 1 on any failure.
"""
import sys
import time

from selenium import webdriver
from selenium.webdriver.common.actions.action_builder import ActionBuilder

url, out = sys.argv[1], sys.argv[2]
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


def rect(d, key):
    return d.execute_script(f"const r = document.getElementById('{key}').getBoundingClientRect();"
                            "return [r.x, r.y, r.width, r.height];")


def near(a, b, tolerance=2.0):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def largest_step(frames):
    return max((max(abs(p - q) for p, q in zip(a, b)) for a, b in zip(frames, frames[1:])), default=0)


options = webdriver.ChromeOptions()
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]:
    options.add_argument(argument)
driver = webdriver.Chrome(options=options)
try:
    for width, height in [(390, 844), (1280, 720), (1440, 900)]:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
        driver.get(url)
        for _ in range(100):
            if driver.execute_script("return !!window.kineticPage && kineticPage.stats.frames > 5"):
                break
            time.sleep(0.1)
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
    # The page stays usable during a flight: a click on its own button is handled.
    order = driver.execute_script("return Array.from(document.querySelectorAll('.grid img')).map(e => e.id).join()")
    photo = rect(driver, "photo-0")
    tap = ActionBuilder(driver)
    tap.pointer_action.move_to_location(int(photo[0] + photo[2] / 2), int(photo[1] + photo[3] / 2)).pointer_down().pointer_up()
    tap.perform()
    driver.execute_script("document.getElementById('shuffle').click()")
    after = driver.execute_script("return Array.from(document.querySelectorAll('.grid img')).map(e => e.id).join()")
    check(after == ",".join(reversed(order.split(","))), f"Shuffle clicked during a flight reorders the grid: {after}")
finally:
    driver.quit()
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
