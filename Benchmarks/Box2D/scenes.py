#!/usr/bin/env python3
# Box2D 2.3 (PyPI `box2d` 2.3.10) on the two scenes of DynamicsBenchmarks: the per-step cost to compare with Kinetic's.
#
# The scenes are built exactly as `Benchmarks/DynamicsBenchmarks/Scenes.swift` builds them for Kinetic, in the same
# units mapping, 1 m = 100 pt (so Kinetic's 1000 pt/s² gravity, UIKit's magnitude 1, is 10 m/s², a 40-pt box is
# 0.4 m, and Kinetic's mass rule, density × area / 10,000 pt², gives the same masses as Box2D's density × m²).
# Coordinates are Kinetic's (y grows downwards, gravity +y): Box2D does not care which way is down.
#
#   pyramid  20 rows of 40 × 40 pt boxes (20 at the bottom, 1 at the top: 210 bodies), 44 pt apart
#            horizontally (4 pt gaps), rows stacked 40 pt apart, the bottom row resting on the floor.
#   circles  1,000 circles of radius 10 pt, dropped from a jittered 36-per-row grid (27 pt pitch, ±3 pt jitter
#            from a 64-bit LCG shared with the Swift side) into the box, where they pile up.
#
# Both: a 1000 × 1000 pt box (a closed chain of 4 segments on a static body: Kinetic's reference bounds turned into
# a boundary), density 1, friction 0.6 (bodies and boundary), restitution 0, step 1/120 s, 8 velocity and
# 3 position iterations, sleeping off. Warm-up: 1,200 steps (10 s of simulated time), after which both piles are
# settled but, with sleeping off, still solved in full every step. Then `repeats` batches of `steps` steps are
# run, each step timed on its own with perf_counter_ns; the figure is the median step (as the Swift benchmark's p50
# of one step per iteration), with the median thread CPU time per step beside it.
#
# Prints one JSON object per line (scene figures, then the cost of stepping an empty world, an upper bound for the
# Python → SWIG → C++ call overhead included in every figure).

import argparse
import json
import statistics
import sys
import time

import Box2D

SCALE = 100.0  # points per metre (--scale changes it, to show how Box2D's metre-sized tolerances matter)
BOUNDS = 1000.0  # pt, square reference bounds
GRAVITY = 1000.0  # pt/s², downwards (+y)
DT = 1.0 / 120.0
VELOCITY_ITERATIONS = 8
POSITION_ITERATIONS = 3
FRICTION = 0.6
DENSITY = 1.0
WARMUP_STEPS = 1200

PYRAMID_ROWS = 20
BOX_SIDE = 40.0
BOX_PITCH = 44.0

CIRCLE_COUNT = 1000
CIRCLE_RADIUS = 10.0
CIRCLES_PER_ROW = 36
CIRCLE_PITCH = 27.0
CIRCLE_JITTER = 3.0


class LCG:
    """Knuth's MMIX 64-bit LCG; `unit()` is the top 53 bits as a Double in [0, 1). Same sequence as Scenes.swift."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def unit(self):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        return (self.state >> 11) / float(1 << 53)


def pyramid_boxes():
    """Centres (pt) of the pyramid's boxes, bottom row first."""
    boxes = []
    for row in range(PYRAMID_ROWS):
        count = PYRAMID_ROWS - row
        y = BOUNDS - BOX_SIDE / 2 - row * BOX_SIDE
        for j in range(count):
            x = BOUNDS / 2 + (j - (count - 1) / 2) * BOX_PITCH
            boxes.append((x, y))
    return boxes


def circle_centres():
    """Centres (pt) of the circles, top row first."""
    rng = LCG(2026)
    centres = []
    for i in range(CIRCLE_COUNT):
        row, column = divmod(i, CIRCLES_PER_ROW)
        x = BOUNDS / 2 + (column - (CIRCLES_PER_ROW - 1) / 2) * CIRCLE_PITCH + (2 * rng.unit() - 1) * CIRCLE_JITTER
        y = 30 + row * CIRCLE_PITCH + (2 * rng.unit() - 1) * CIRCLE_JITTER
        centres.append((x, y))
    return centres


def make_world(continuous):
    world = Box2D.b2World(gravity=(0, GRAVITY / SCALE))
    world.SetAllowSleeping(False)
    world.continuousPhysics = continuous
    box = [(0, 0), (BOUNDS, 0), (BOUNDS, BOUNDS), (0, BOUNDS)]
    walls = world.CreateStaticBody()
    walls.CreateFixture(
        shape=Box2D.b2ChainShape(vertices_loop=[(x / SCALE, y / SCALE) for x, y in box]), friction=FRICTION
    )
    return world


def build(scene, continuous):
    world = make_world(continuous)
    if scene == "pyramid":
        half = BOX_SIDE / 2 / SCALE
        for x, y in pyramid_boxes():
            body = world.CreateDynamicBody(position=(x / SCALE, y / SCALE))
            body.CreatePolygonFixture(box=(half, half), density=DENSITY, friction=FRICTION)
    elif scene == "circles":
        for x, y in circle_centres():
            body = world.CreateDynamicBody(position=(x / SCALE, y / SCALE))
            body.CreateCircleFixture(radius=CIRCLE_RADIUS / SCALE, density=DENSITY, friction=FRICTION)
    else:
        raise ValueError(scene)
    return world


def state(world):
    """Figures that show the scene is the same steady state as Kinetic's: contacts, speeds, the top."""
    dynamic = [b for b in world.bodies if b.type == Box2D.b2_dynamicBody]
    touching = sum(1 for c in world.contacts if c.touching)
    points = sum(c.manifold.pointCount for c in world.contacts if c.touching)
    top = min(b.position.y for b in dynamic) * SCALE
    speeds = [b.linearVelocity.length * SCALE for b in dynamic]
    awake = sum(1 for b in dynamic if b.awake)
    return {
        "bodies": len(dynamic),
        "awake": awake,
        "broadphase_pairs": world.contactCount,
        "touching_contacts": touching,
        "contact_points": points,
        "top_y_pt": round(top, 2),
        "max_speed_pt_s": round(max(speeds), 3),
        "mean_speed_pt_s": round(statistics.fmean(speeds), 4),
    }


def time_steps(world, steps, repeats):
    """Per-step wall-clock and thread CPU times (µs) of `repeats` batches of `steps` steps.

    Every step is timed on its own (perf_counter_ns and thread_time_ns around `world.Step`, ~0.2 µs of their own),
    like one benchmark iteration on the Swift side, so that the median is robust against the other processes of a
    shared machine (a batch mean is not: it absorbs every preemption); the CPU time also leaves out the time spent
    preempted."""
    step = world.Step
    clock = time.perf_counter_ns
    cpu_clock = time.thread_time_ns
    wall = []
    cpu = []
    for _ in range(repeats):
        for _ in range(steps):
            start = clock()
            cpu_start = cpu_clock()
            step(DT, VELOCITY_ITERATIONS, POSITION_ITERATIONS)
            cpu_end = cpu_clock()
            end = clock()
            wall.append((end - start) / 1000)
            cpu.append((cpu_end - cpu_start) / 1000)
    return wall, cpu


def main():
    global SCALE
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenes", default="pyramid,circles")
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--steps", type=int, default=100, help="steps per timed batch")
    parser.add_argument("--continuous", choices=["on", "off"], default="on",
                        help="Box2D's continuous collision (default on, Box2D's default)")
    parser.add_argument("--scale", type=float, default=SCALE, help="points per metre (default 100)")
    args = parser.parse_args()
    SCALE = args.scale
    continuous = args.continuous == "on"

    for scene in args.scenes.split(","):
        world = build(scene, continuous)
        for _ in range(WARMUP_STEPS):
            world.Step(DT, VELOCITY_ITERATIONS, POSITION_ITERATIONS)
        settled = state(world)
        steps, cpu = time_steps(world, args.steps, args.repeats)
        quartiles = statistics.quantiles(steps, n=4)
        print(json.dumps({
            "engine": "Box2D " + Box2D.__version__,
            "scene": scene,
            "continuous": continuous,
            "points_per_metre": SCALE,
            "steps_timed": len(steps),
            "median_us": round(statistics.median(steps), 2),
            "p0_us": round(min(steps), 2),
            "p25_us": round(quartiles[0], 2),
            "p75_us": round(quartiles[2], 2),
            "cpu_median_us": round(statistics.median(cpu), 2),
            "cpu_p25_us": round(statistics.quantiles(cpu, n=4)[0], 2),
            "after_warmup": settled,
            "after_timing": state(world),
        }), flush=True)

    empty = make_world(continuous)
    steps, _ = time_steps(empty, 1000, 5)
    print(json.dumps({"engine": "Box2D " + Box2D.__version__, "scene": "empty world (call overhead bound)",
                      "median_us": round(statistics.median(steps), 3)}), flush=True)


if __name__ == "__main__":
    sys.exit(main())
