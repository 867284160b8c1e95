// The playground page on top of kinetic-runtime.js: a scene picker, the scene's title and
// description, and a frame-time readout. Everything else (module, layout, pointers, frames,
// drawing, window.kineticRecord) is the runtime's.
"use strict";
const picker = document.getElementById("picker");

KineticRuntime.start({
  stage: document.getElementById("stage"),
  onScenes(scenes) {
    for (const s of scenes) {
      const o = document.createElement("option");
      o.value = s.name; o.textContent = s.title;
      picker.appendChild(o);
    }
    picker.addEventListener("change", () => { location.hash = picker.value; });
  },
  onSelect(scene) {
    picker.value = scene.name;
    document.getElementById("title").textContent = scene.title;
    document.getElementById("description").textContent = scene.description;
  },
  onFrame(stats) {
    if (stats.frames % 15 !== 0) return;
    const avg = stats.samples.reduce((a, b) => a + b, 0) / stats.samples.length;
    document.getElementById("frametime").textContent = avg.toFixed(3) + " ms (mean of " + stats.samples.length + ")";
  },
}).then(runtime => {
  if (!runtime) document.querySelector("aside")?.setAttribute("hidden", "");
});
