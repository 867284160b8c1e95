#!/usr/bin/env python3
# Reads the JSON lines of DynamicsProfile --frames and Box2Dv3/driver (any order, any number of rounds) on standard
# input and prints compare-box2d-v3's table: per scene, each engine's best round (lowest median) of thread CPU time
# and of wall clock per simulated 1/60 s, the ratio Kinetic / Box2D v3, the median over rounds of each round's own
# CPU ratio (the two runs of a round are adjacent in time, so a slow phase of the machine moves both), every round's
# CPU median, and the stands check (bodies moved more than 0.25 m sideways) of the two pyramids.
#
#   python3 Box2Dv3/table.py SIMD ROUNDS < runs.jsonl

import json
import os
import statistics
import sys

ENGINES = ("Kinetic", "Box2D v3")


def main():
    simd, rounds = sys.argv[1], sys.argv[2]
    runs = {}
    scenes = []
    for line in sys.stdin:
        line = line.strip()
        if not line.startswith("{"):
            continue
        run = json.loads(line)
        if run["scene"] not in scenes:
            scenes.append(run["scene"])
        runs.setdefault((run["engine"], run["scene"]), []).append(run)

    rate = os.environ.get("KINETIC_STEP_RATE", "120")
    print(f"\nKinetic ({rate} Hz steps) vs Box2D v3 ({simd}, one thread): ms per simulated 1/60 s, each side's best median"
          f" of {rounds} round(s);"
          " ratio = Kinetic / Box2D v3 (below 1: Kinetic is faster)\n")
    print("| Scene | Bodies | Kinetic CPU | Box2D v3 CPU | Ratio (CPU) | Kinetic wall | Box2D v3 wall | Ratio (wall)"
          " | Paired ratio (CPU) | CPU medians per round (Kinetic; Box2D v3) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for scene in scenes:
        kinetic, box2d = runs.get(("Kinetic", scene), []), runs.get(("Box2D v3", scene), [])
        if not kinetic or not box2d:
            print(f"| {scene} | missing runs: Kinetic {len(kinetic)}, Box2D v3 {len(box2d)} |")
            continue
        k_cpu = min(r["cpu_median_ms"] for r in kinetic)
        b_cpu = min(r["cpu_median_ms"] for r in box2d)
        k_wall = min(r["median_ms"] for r in kinetic)
        b_wall = min(r["median_ms"] for r in box2d)
        paired = statistics.median(k["cpu_median_ms"] / b["cpu_median_ms"] for k, b in zip(kinetic, box2d))
        per_round = (", ".join(f"{r['cpu_median_ms']:.3f}" for r in kinetic) + "; "
                     + ", ".join(f"{r['cpu_median_ms']:.3f}" for r in box2d))
        bodies = f"{kinetic[0]['bodies']}" + ("" if kinetic[0]["bodies"] == box2d[0]["bodies"]
                                              else f" / {box2d[0]['bodies']}")
        print(f"| {scene} | {bodies} | {k_cpu:.3f} | {b_cpu:.3f} | {k_cpu / b_cpu:.2f} | {k_wall:.3f} | {b_wall:.3f}"
              f" | {k_wall / b_wall:.2f} | {paired:.2f} | {per_round} |")

    print()
    for scene in scenes:
        if "pyramid" not in scene:
            continue
        for engine in ENGINES:
            for r in runs.get((engine, scene), [])[:1]:
                verdict = "stands" if r["sideways"] == 0 else "does not stand"
                print(f"{scene}, {engine}: {r['sideways']} of {r['bodies']} boxes moved more than 0.25 m sideways"
                      f" after {r['simulated_s']:.2f} s (at most {r['max_sideways_m']:.3f} m): {verdict}")
    print("\nState after the run (first round):")
    for scene in scenes:
        for engine in ENGINES:
            for r in runs.get((engine, scene), [])[:1]:
                print(f"  {scene}, {engine}: lowest y {r['lowest_y_m']:.3f} m, highest y {r['highest_y_m']:.3f} m,"
                      f" fastest {r['max_speed_m_s']:.3f} m/s after {r['simulated_s']:.2f} s")


if __name__ == "__main__":
    sys.exit(main())
