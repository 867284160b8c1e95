"""Copies each scene's Swift source into a built playground, for the Studio's code tab.

    python3 Scripts/web_sources.py OUT PACKAGE < TARGETS

TARGETS is Scripts/build-web's list of the app's targets, one `NAME<TAB>DIRECTORY` a line
(DIRECTORY relative to PACKAGE, or absolute). A scene's files are the Swift file that names it
(`SceneEntry(name: "drawer"`, a string literal) and, when one sits
beside it, the folder of the same name without a `Demo` suffix (PaneDemo.swift and Pane/); in a
small target (at most SMALL_TARGET files, an app like Examples/Card) every file of the target,
the declaring one first.

For a package other than this repository, the manifest also says how a test the Studio exports
finds the scenes: "app": {"module": APP_TARGET, "scenes": "TYPE.scenes", "testable": true}, where
TYPE is the `@main` type of the app's target (the last line of TARGETS), imported `@testable` as an
executable target must be.

Writes OUT/sources/FILE.swift.txt (the playground server serves `.txt`; a file's base name, or
its folder and name joined by `_` when two files share a name) and OUT/sources/manifest.txt, JSON:
{"scenes": {"drawer": [{"path": "Sources/KineticDemos/Demos/DrawerDemo.swift",
"file": "DrawerDemo.swift.txt"}]}}. Paths are relative to PACKAGE. Prints one line with the counts.
"""
import json
import os
import re
import shutil
import sys

SMALL_TARGET = 8
DECLARATION = re.compile(r'\bSceneEntry\(\s*name:\s*"([A-Za-z0-9_.-]+)"')
APP = re.compile(r'@main\s+(?:(?:public|final)\s+)*(?:struct|enum|class)\s+([A-Za-z_][A-Za-z0-9_]*)\s*:[^{]*\bKineticApp\b')
REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def app_spec(package, targets):
    """{"module", "scenes", "testable"} for an exported test of a user's package, or None."""
    if not targets or os.path.realpath(package) == os.path.realpath(REPOSITORY):
        return None
    name, directory = targets[-1]
    for path in swift_files(directory):
        found = APP.search(open(path, encoding="utf-8").read())
        if found:
            return {"module": name, "scenes": found.group(1) + ".scenes", "testable": True}
    return None


def swift_files(directory):
    found = []
    for root, dirs, files in os.walk(directory):
        dirs.sort()
        found += [os.path.join(root, f) for f in sorted(files) if f.endswith(".swift")]
    return found


def main():
    out, package = sys.argv[1], os.path.abspath(sys.argv[2])
    targets = []
    for line in sys.stdin.read().splitlines():
        if "\t" in line:
            name, directory = line.split("\t", 1)
            targets.append((name, directory if os.path.isabs(directory) else os.path.join(package, directory)))
    directories = [directory for _, directory in targets]
    scenes = {}
    for directory in directories:
        target = swift_files(directory)
        for path in target:
            names = DECLARATION.findall(open(path, encoding="utf-8").read())
            if not names:
                continue
            stem = os.path.basename(path)[:-len(".swift")]
            companion = os.path.join(os.path.dirname(path), stem[:-len("Demo")] if stem.endswith("Demo") else stem)
            if len(target) <= SMALL_TARGET:
                files = [path] + [f for f in target if f != path]
            else:
                files = [path] + (swift_files(companion) if os.path.isdir(companion) else [])
            for name in names:
                scenes.setdefault(name, [])
                scenes[name] += [f for f in files if f not in scenes[name]]
    every = sorted({f for files in scenes.values() for f in files})
    base_count = {}
    for f in every:
        base_count[os.path.basename(f)] = base_count.get(os.path.basename(f), 0) + 1
    served = {}
    for f in every:
        base = os.path.basename(f)
        served[f] = (base if base_count[base] == 1 else os.path.basename(os.path.dirname(f)) + "_" + base) + ".txt"
    target = os.path.join(out, "sources")
    shutil.rmtree(target, ignore_errors=True)
    os.makedirs(target)
    for f, name in served.items():
        shutil.copyfile(f, os.path.join(target, name))
    manifest = {"scenes": {name: [{"path": os.path.relpath(f, package), "file": served[f]} for f in files]
                           for name, files in sorted(scenes.items())}}
    app = app_spec(package, targets)
    if app:
        manifest["app"] = app
    with open(os.path.join(target, "manifest.txt"), "w", encoding="utf-8") as m:
        json.dump(manifest, m, indent=1)
    print("sources: %d scenes, %d files" % (len(scenes), len(every)))


main()
