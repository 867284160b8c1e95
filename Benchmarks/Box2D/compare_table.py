#!/usr/bin/env python3
# Reads DynamicsBenchmarks' Markdown output and scenes.py's JSON lines; prints the Kinetic vs Box2D table.
#
#   compare_table.py kinetic.md kinetic.jsonl box2d.jsonl box2d-best.jsonl
#
# Kinetic's first figure is the benchmark's p50 wall clock per step (one engine tick = one fixed step + item
# write-back). The wall and CPU columns are the median step (wall clock, thread CPU time) of each round of steps
# timed one by one, from DynamicsProfile and scenes.py (Python → SWIG → C++ call included), best of the rounds,
# ratio = Kinetic / Box2D: below 1 means Kinetic is faster.

import json
import re
import sys

# Benchmark name in DynamicsBenchmarks → scene name in scenes.py.
SCENES = {
    "pyramid": "Dynamics step, pyramid of 210 boxes",
    "circles": "Dynamics step, 1,000 circles in a box",
}


def kinetic_figures(markdown):
    """{benchmark name: {metric row title: [p0, p25, p50, p75, p90, p99, p100]}} from the plugin's Markdown output."""
    figures = {}
    name = None
    for line in markdown.splitlines():
        heading = re.match(r"^###\s+(.*?)(?:\s+metrics)?\s*$", line)
        if heading:
            name = heading.group(1)
            figures[name] = {}
            continue
        if name and line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 8 and re.match(r"^[\d.,]+$", cells[3] or "x"):
                figures[name][cells[0]] = [float(c.replace(",", "")) for c in cells[1:8]]
    return figures


def row(figures, name, prefix):
    for title, values in figures.get(name, {}).items():
        if title.startswith(prefix):
            return title, values
    return None, None


def box2d_figures(path):
    """{scene: record} keeping, over the rounds, the best (lowest) wall and CPU medians, and every round's."""
    figures = {}
    with open(path) as f:
        for line in f:
            record = json.loads(line)
            best = figures.get(record["scene"])
            if best is None:
                record["rounds_us"] = [record["median_us"]]
                record["cpu_rounds_us"] = [record.get("cpu_median_us")]
                figures[record["scene"]] = record
            else:
                best["rounds_us"].append(record["median_us"])
                best["cpu_rounds_us"].append(record.get("cpu_median_us"))
                best["median_us"] = min(best["median_us"], record["median_us"])
                if record.get("cpu_median_us") is not None:
                    best["cpu_median_us"] = min(best["cpu_median_us"], record["cpu_median_us"])
                best["after_timing"] = record.get("after_timing")
    return figures


def main():
    markdown_path, kinetic_path, box2d_path, best_path = sys.argv[1:5]
    kinetic = kinetic_figures(open(markdown_path).read())
    driver = box2d_figures(kinetic_path)
    box2d = box2d_figures(box2d_path)
    best = box2d_figures(best_path)

    print()
    print("| scene | Kinetic benchmark p50 | Kinetic wall | Box2D wall | ratio | Kinetic CPU | Box2D CPU | CPU ratio "
          "| Box2D CPU, 1 m = 20 pt, no CCD | ratio | Kinetic mallocs/step |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for scene, name in SCENES.items():
        title, wall = row(kinetic, name, "Time (wall clock)")
        _, mallocs = row(kinetic, name, "Malloc (total)")
        if wall is None:
            k = float("nan")
        else:
            k = wall[2] * (1000.0 if "(ms)" in title else 0.001 if "(ns)" in title else 1.0)
        b = box2d[scene]["median_us"]
        kw = driver[scene]["median_us"]
        kc = driver[scene]["cpu_median_us"]
        bc = box2d[scene]["cpu_median_us"]
        bb = best[scene]["cpu_median_us"]
        malloc = "?" if mallocs is None else f"{mallocs[0]:g}–{mallocs[6]:g}"
        print(f"| {scene} | {k:.0f} | {kw:.0f} | {b:.0f} | {kw / b:.2f} | {kc:.0f} | {bc:.0f} | {kc / bc:.2f} | {bb:.0f} | {kc / bb:.2f} | {malloc} |")
    print()
    print("µs per step. Wall and CPU: median step of each round, best of the rounds (every round below).")
    for scene in SCENES:
        for label, figures in (("Kinetic", driver), ("Box2D", box2d), ("Box2D 1 m = 20 pt, no CCD", best)):
            r = figures[scene]
            print(f"- {scene}, {label}: wall {r['rounds_us']}, CPU {r['cpu_rounds_us']}")
    overhead = box2d.get("empty world (call overhead bound)", {}).get("median_us")
    if overhead is not None:
        print(f"\nBox2D figures include Python's call overhead: a step of an empty world, timed the same way, costs {overhead:.2f} µs.")
    for scene in SCENES:
        s = box2d[scene]["after_timing"]
        print(f"Box2D {scene}: {s['bodies']} bodies, {s['touching_contacts']} touching contacts "
              f"({s['contact_points']} points, {s['broadphase_pairs']} broad-phase pairs), top at y = {s['top_y_pt']} pt, "
              f"max speed {s['max_speed_pt_s']} pt/s")
        print(f"Kinetic {driver[scene]['after_timing']}")


if __name__ == "__main__":
    main()
