"""What the browser tests share (Scripts/browser_test.py, Scripts/examples_test.py): the tally of
checks, headless Chromium through Selenium, and real pointer input at scene coordinates (W3C
actions: the browser dispatches genuine pointerdown/move/up events, which the page's runtime
forwards to the Swift scene compiled to WebAssembly). Selenium is imported only by what drives
the browser, so `check` and `finish` work without it (examples_test.py's README check).
"""
import os
import sys

results = []


def check(name, ok, detail=""):
    """Records one check and prints it as a PASS or FAIL line."""
    results.append((name, bool(ok)))
    print(("PASS " if ok else "FAIL ") + name + (": " + detail if detail else ""), flush=True)


def finish():
    """Prints 'N passed, N failed' and exits: status 1 if a check failed or none ran."""
    passed = sum(1 for _, ok in results if ok)
    failed = len(results) - passed
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed or not results else 0)


def retried(gesture, slow, miss, attempts=3):
    """Runs `gesture()` again, up to `attempts` times in all, while `slow(result)` says the page
    saw it as a slow drag: a loaded machine can deliver a throw's moves late and together
    (Chromium coalesces them), and a release after a pause rightly has no velocity. Prints
    `miss(attempt, result)` as an INFO line for each retry. Returns the last result and its
    attempt number; judging it, and any other outcome, is the caller's check."""
    for attempt in range(1, attempts + 1):
        result = gesture()
        if attempt == attempts or not slow(result):
            return result, attempt
        print("INFO " + miss(attempt, result), flush=True)


def chromium():
    """Headless Chromium (Debian's, with its chromedriver) at 1000 x 900 CSS px, scale factor 1."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    o = Options()
    for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1000,900",
              "--force-device-scale-factor=1"]:
        o.add_argument(a)
    for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser"]:
        if os.path.exists(path):
            o.binary_location = path
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)


def mouse(driver):
    """A W3C action chain with one mouse: `.pointer_action` to add steps, `.perform()` to run."""
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput
    from selenium.webdriver.common.actions import interaction
    return ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_MOUSE, "mouse"), duration=0)


class Pointer:
    """Real pointer input at scene coordinates: steps performed as one W3C action chain. The
    scene's origin on the page is (left, top) in CSS px and `scale` CSS px per scene point (the
    page may scale the stage to fit)."""

    def __init__(self, driver, left, top, scale):
        self.builder = mouse(driver)
        self.p = self.builder.pointer_action
        self.ox, self.oy, self.k = left, top, scale

    def move(self, x, y):
        self.p.move_to_location(int(round(self.ox + x * self.k)), int(round(self.oy + y * self.k)))
        return self

    def down(self, x, y):
        self.move(x, y)
        self.p.pointer_down()
        return self

    def up(self):
        self.p.pointer_up()
        return self

    def pause(self, seconds):
        self.p.pause(seconds)
        return self

    def drag(self, x0, y0, x1, y1, seconds, steps=None, release=True, hold=0.0):
        """Down at (x0, y0), `steps` moves (default one per 1/60 s, at least 2) to (x1, y1) over
        `seconds`, held `hold` seconds, and up unless `release` is false."""
        steps = steps or max(2, int(seconds * 60))
        self.down(x0, y0)
        for k in range(1, steps + 1):
            self.pause(seconds / steps)
            self.move(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps)
        if hold:
            self.pause(hold)
        if release:
            self.up()
        return self

    def tap(self, x, y):
        return self.down(x, y).pause(0.05).up()

    def perform(self):
        self.builder.perform()
