"""`kinetic web serve --watch` end to end, as a user edits a scene (run by Scripts/examples-test).

    python3 Scripts/live_test.py KINETIC PACKAGE SCENE SOURCE GESTURES OUT

Serves PACKAGE with `KINETIC web serve PACKAGE --watch` (its page already built), opens the page
in headless Chromium and loads a recorded throw (GESTURES, through the Studio's import). Then,
as a user would in an editor:
  1. it writes a compile error into SOURCE: the page says the build failed and shows the
     compiler's error while the scene keeps running;
  2. it saves SOURCE with the spring made stiffer (response 0.5 s -> 0.3 s): the page reloads
     the scene on the new code and replays the throw, with the before and after curves, read
     from window.kineticInspector.reload. The "after" run must equal a fresh native
     `kinetic render --package PACKAGE SCENE` of the edited scene under the same gesture, bit for
     bit, and differ from "before";
SOURCE is restored at the end whatever happens. Prints each edit's time from save to page.
"""
import csv
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kinetic_browser import check, finish, chromium  # noqa: E402

KINETIC, PACKAGE, SCENE, SOURCE, GESTURES, OUT = sys.argv[1:7]
os.makedirs(OUT, exist_ok=True)
KINETIC, SOURCE, GESTURES, OUT = (os.path.abspath(p) if os.sep in p else p for p in (KINETIC, SOURCE, GESTURES, OUT))
ORIGINAL = open(SOURCE).read()
SPRING = "SpringTimingParameters(dampingRatio: 0.75, response: 0.5)"
STIFFER = "SpringTimingParameters(dampingRatio: 0.75, response: 0.3)"
assert SPRING in ORIGINAL, "the source no longer holds " + SPRING
GESTURE_END = max(float(line.split()[0]) for line in open(GESTURES) if line.strip() and not line.startswith("#"))


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def save(text):
    """Writes SOURCE as an editor saves: a new file renamed into place."""
    tmp = SOURCE + ".saving"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, SOURCE)


def wait(what, predicate, timeout):
    start = time.time()
    while time.time() - start < timeout:
        value = predicate()
        if value:
            return value, time.time() - start
        time.sleep(0.1)
    return None, time.time() - start


port = free_port()
log = open(os.path.join(OUT, "server-live.log"), "w")
# As "Your first scene" says: `kinetic web serve . --watch` from the package's own folder (the
# Kinetic checkout is found through the package's dependency).
server = subprocess.Popen([KINETIC, "web", "serve", ".", "--watch", "--no-build", "--no-docs", "--port", str(port)],
                          stdout=log, stderr=subprocess.STDOUT, cwd=PACKAGE)
d = None
try:
    url = "http://127.0.0.1:%d/" % port

    def up():
        try:
            return json.load(urllib.request.urlopen(url + "kinetic-live.json", timeout=1)).get("watching") is True
        except Exception:
            return False
    ok, _ = wait("server", up, 20)
    check("kinetic web serve --watch answers /kinetic-live.json", ok)

    d = chromium()
    d.get(url + "#" + SCENE)
    ready, _ = wait("page", lambda: d.execute_script("return window.kineticReady === true && !!window.kineticStudio"), 30)
    check("the Studio runs the scene", ready)
    imported = d.execute_script("return window.kineticStudio.importScript(arguments[0])", open(GESTURES).read())
    check("the recorded throw is loaded into the session", imported.get("ok"), str(imported))
    frames0 = d.execute_script("return window.kineticStats.frames")

    # 1. A compile error: shown on the page; the scene goes on.
    saved = time.time()
    save(ORIGINAL.replace(SPRING, SPRING + " +"))
    shown, took = wait("error", lambda: d.execute_script(
        "const b = document.getElementById('kinetic-live');"
        "return b && !b.hidden && b.dataset.state === 'failed' && /error:/.test(b.textContent) ? b.textContent : null"), 120)
    check("a compile error is on the page %.1f s after the save" % took, shown, (shown or "")[:160].replace("\n", " | "))
    d.save_screenshot(os.path.join(OUT, "live-error.png"))
    frames1 = d.execute_script("return window.kineticStats.frames")
    check("the scene keeps running on the code that last built", frames1 > frames0 and
          d.execute_script("return !window.kineticError"), "%d -> %d frames" % (frames0, frames1))

    # 2. The stiffer spring: the page reloads and replays the throw on the new code.
    clock_before = d.execute_script("return window.kineticInspector.time")
    saved = time.time()
    save(ORIGINAL.replace(SPRING, STIFFER))
    reload, took = wait("reload", lambda: d.execute_script(
        "return window.kineticInspector.reload && window.kineticLive.state === 'ready' ? window.kineticInspector.reload : null"), 180)
    check("the edit is back in the page %.1f s after the save (bar: 15 s)" % took, reload is not None)
    print("INFO edit-to-page seconds: %.1f" % took, flush=True)
    d.save_screenshot(os.path.join(OUT, "live-reloaded.png"))
    if reload:
        before, after = reload["before"], reload["after"]
        check("the last gesture was replayed on the new code", reload.get("replayed") is True)
        check("the edit changed the curves (before != after)", before["values"] != after["values"],
              "channel %s" % reload.get("channel"))
        scene_still = d.execute_script("return window.kineticStudio.current.name")
        check("the same scene is shown after the reload", scene_still == SCENE, scene_still)
        span = d.execute_script("const r = window.kineticStudio; return r.loggedEndTime() - r.sceneStartTime()")
        check("the Studio's recorded session is kept (it still spans the throw)", span >= GESTURE_END - 1e-9,
              "%.3f s (the throw: %.3f s)" % (span, GESTURE_END))
        clock = d.execute_script("return window.kineticInspector.time")
        check("the scene clock goes on from where it was (no jump back to 0)", clock >= clock_before - 1e-9,
              "%.3f s before the edit, %.3f s after the reload" % (clock_before, clock))
        overlay = d.execute_script("const c = document.getElementById('curves'); return c ? c.width * c.height : 0")
        check("the curves canvas is drawn", overlay > 0)

        # The native render of the edited scene under the same gesture.
        script = os.path.join(OUT, "live-session.txt")
        open(script, "w").write(reload["script"])
        native_out = os.path.join(OUT, "live-native")
        shutil.rmtree(native_out, ignore_errors=True)
        r = subprocess.run([KINETIC, "render", "--package", ".", SCENE, "--script", script, "--fps", "60",
                            "--out", native_out], capture_output=True, text=True, cwd=PACKAGE)
        check("kinetic render --package renders the edited scene", r.returncode == 0, (r.stderr or r.stdout)[-300:])
        if r.returncode == 0:
            rows = list(csv.reader(open(os.path.join(native_out, "properties.csv"))))
            header, rows = rows[0], rows[1:]
            channels = after["channels"]
            same_shape = after["frames"] == len(rows) and header[2::3] == [c + ".model" for c in channels]
            mismatches = 0
            width = len(channels) * 3
            if same_shape:
                for i, row in enumerate(rows):
                    for k, text in enumerate(row[2:]):
                        if float(text) != after["values"][i * width + k]:
                            mismatches += 1
            check("the page's 'after' run equals the native render of the edited scene bit for bit",
                  same_shape and mismatches == 0,
                  "%d frames x %d channels, %d values differ" % (after["frames"], len(channels), mismatches))
finally:
    save(ORIGINAL)
    if os.path.exists(SOURCE + ".saving"):
        os.remove(SOURCE + ".saving")
    if d:
        d.quit()
    server.terminate()
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
    log.close()
finish()
