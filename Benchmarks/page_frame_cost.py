"""Benchmarks/page-frame-cost's measurement: see that script. Prints one line per run and a
summary; writes OUT/page-frame-cost.json. Exits 1 if a run misses a bar."""
import json
import statistics
import sys
import time
import urllib.request

import websocket      # websocket-client, which selenium depends on
from selenium import webdriver


def trace_start(driver):
    """A DevTools connection to the page, tracing devtools.timeline with JavaScript stacks."""
    address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
    page = next(t for t in json.load(urllib.request.urlopen(f"http://{address}/json")) if t["type"] == "page")
    ws = websocket.create_connection(page["webSocketDebuggerUrl"], suppress_origin=True)
    ws.send(json.dumps({"id": 1, "method": "Tracing.start", "params": {"transferMode": "ReportEvents", "traceConfig": {
        "includedCategories": ["devtools.timeline", "disabled-by-default-devtools.timeline",
                               "disabled-by-default-devtools.timeline.stack"]}}}))
    return ws


def trace_end(ws):
    """Every event traced since trace_start."""
    ws.send(json.dumps({"id": 2, "method": "Tracing.end"}))
    events = []
    while True:
        message = json.loads(ws.recv())
        if message.get("method") == "Tracing.dataCollected":
            events += message["params"]["value"]
        if message.get("method") == "Tracing.tracingComplete":
            break
    ws.close()
    return events

url, out = sys.argv[1], sys.argv[2]
runs = []
for run in range(2):
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options)
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False})
        driver.get(url)
        for _ in range(100):
            if driver.execute_script("return !!window.kineticPage && kineticPage.stats.frames > 10"):
                break
            time.sleep(0.1)
        count = driver.execute_script("return kineticPage.elements.filter(e => e.element).length")
        ws = trace_start(driver)
        # Toggle the grid every 0.5 s for 6 s: every cell is always mid-flight.
        driver.execute_script("""
            window.toggles = 0;
            window.toggler = setInterval(() => { document.getElementById('toggle').click(); window.toggles++; }, 500);
            for (const l of ['scriptMs', 'measureMs', 'engineMs', 'writeMs']) kineticPage.stats[l].length = 0;""")
        time.sleep(6)
        driver.execute_script("clearInterval(window.toggler)")
        times = driver.execute_script("return kineticPage.stats.scriptMs.slice(-300)")
        parts = {name: statistics.median(driver.execute_script(f"return kineticPage.stats.{name}.slice(-300)"))
                 for name in ("measureMs", "engineMs", "writeMs")}
        moving = driver.execute_script("""
            return kineticPage.styles().filter(s => s.matrix[4] !== 0 || s.matrix[5] !== 0).length""")
        events = trace_end(ws)
    finally:
        driver.quit()
    # Forced layouts: Layout events that carry a JavaScript stack (a script asked for geometry).
    forced, outside = 0, []
    for event in events:
        if event.get("name") != "Layout":
            continue
        stack = ((event.get("args") or {}).get("beginData") or {}).get("stackTrace") or []
        if not stack:
            continue
        forced += 1
        functions = [frame.get("functionName", "") for frame in stack]
        if functions[0] not in ("measure", "layoutBox"):
            outside.append(functions[:4])
    times.sort()
    median = statistics.median(times) if times else float("nan")
    p90 = times[int(0.9 * (len(times) - 1))] if times else float("nan")
    result = {"elements": count, "frames": len(times), "median_ms": round(median, 3), "p90_ms": round(p90, 3),
              "max_ms": round(times[-1], 3) if times else None, "moving_at_end": moving,
              "forced_layouts": forced, "forced_layouts_outside_read_phase": outside,
              "median_parts_ms": {k: round(v, 3) for k, v in parts.items()}}
    runs.append(result)
    print(f"run {run + 1}: {count} elements, {len(times)} frames, script per frame median {median:.2f} ms, "
          f"p90 {p90:.2f} ms, max {result['max_ms']} ms (medians: measure {parts['measureMs']:.2f}, engine "
          f"{parts['engineMs']:.2f}, writes {parts['writeMs']:.2f}); {moving} moving at the end; "
          f"{forced} forced layouts, {len(outside)} outside the read phase {outside[:3]}", flush=True)
json.dump(runs, open(out + "/page-frame-cost.json", "w"), indent=1)
ok = all(r["elements"] == 1000 and r["median_ms"] <= 4 and not r["forced_layouts_outside_read_phase"] for r in runs)
print("bar (1,000 elements, median <= 4 ms, no forced layout outside the read phase):", "met" if ok else "NOT met")
sys.exit(0 if ok else 1)
