// demos.js — the Studio's "what to try" list for each scene of DemoCatalog.entries, keyed by
// scene name. The one-line hint and the long description come from the module (the scene's own
// `SceneEntry.hint` and `description`); a scene without an entry here (a user's own app) shows
// those alone.
"use strict";

const KineticDemoNotes = {
  basics: {
    try: [
      "Pick a curve (Linear, Ease In, Ease Out, In-Out), then tap Start.",
      "Tap Pause mid-way, then Reverse while paused: it heads home from where it stopped.",
      "Tap Stop: the model jumps to what you see, and only Finish (start, here or end) completes it.",
      "Watch the graph: the model (solid) moves at once, the presentation (dotted) follows the curve.",
    ],
  },
  scrubbing: {
    try: [
      "Tap the square to pause it, then drag along the green bar to scrub fractionComplete.",
      "Tap the square again: it continues from there, its time mapped back onto the ease-in curve.",
      "Look for the kink in the graph where the motion rejoins the curve.",
      "When it reaches the end, tap it to send it back.",
    ],
  },
  drawer: {
    try: [
      "Tap Toggle Drawer, then catch the drawer mid-flight with your finger.",
      "Drag it and let go moving the other way: it reverses, continuing with ease-out.",
      "Swipe the drawer itself up or down without touching the button.",
      "Pause the clock and step frame by frame through the catch.",
    ],
  },
  pane: {
    try: [
      "Throw the pane up or down: it heads for the side you were moving towards.",
      "Tap it mid-flight: the target flips and it turns round without a velocity jump.",
      "Switch engines with the buttons at the top and compare the curves of the same throw.",
      "Slow the clock to 0.25× to see each engine's overshoot.",
    ],
  },
  "pane-dynamics": {
    try: [
      "Throw the pane and watch it settle on the attachment's spring.",
      "Tap it mid-flight to turn it round; the item keeps its velocity.",
      "Compare with the Spring and POP buttons at the top on the same throw.",
    ],
  },
  "pane-pop": {
    try: [
      "Throw the pane and count the bounces as it settles.",
      "Tap it mid-flight: the POP spring is replaced from the current position and velocity.",
      "Compare with the Dynamics and Spring buttons at the top on the same throw.",
    ],
  },
  photo: {
    try: [
      "Tap a photo: the detail screen is pushed and the photo zooms out of its tile.",
      "Pull the photo down: it follows your finger and shrinks while the background fades.",
      "Let go, then catch it again while it animates home; push up to cancel, pull down to finish.",
      "Flick it: a fast release decides, whatever the distance.",
    ],
  },
  comments: {
    try: [
      "Tap the header to expand the panel, and again mid-flight to reverse everything.",
      "Drag the header to scrub all six animators together, then let go to continue.",
      "Watch the blur's asymmetric curves in the graph: slow in, quick out.",
      "Step through the label's morph at 0.1×: scale and cross-fade at once.",
    ],
  },
  spring2d: {
    try: [
      "Drag the square off centre and flick it sideways as you let go.",
      "Watch the dots: it first carries on your way, then curves back to the cross.",
      "Grab it again mid-flight to take over.",
    ],
  },
  rotation: {
    try: [
      "Tap Spin: a 5 s ease-in-out animator turns the square ten times.",
      "Tap the square mid-spin to reverse it.",
      "Tap Spin again while it turns: twenty more half-turns add on top without a jump.",
    ],
  },
  dynamics: {
    try: [
      "Pick an exhibit at the top: Gravity, Pendulum, Snap, Push or Field.",
      "Grab any item and throw it: it flies off with your finger's velocity.",
      "In Snap, tap anywhere; in Push, tap to push everything away from your finger.",
      "In Field, drag the ring and watch the vortex pull the items round.",
    ],
  },
  pyramid: {
    try: [
      "Press Throw to fire the ball at the pyramid.",
      "Grab a box or the ball and throw it yourself.",
      "Tap the background for a blast; press Reset to stack it again.",
      "Pause and step through the impact frame by frame.",
    ],
  },
  scroll: {
    try: [
      "Flick the list: it coasts, and at an end hands over to a spring with no jump.",
      "Pull past the top or bottom: it resists like UIScrollView's rubber band.",
      "Grab it mid-bounce: it stays under your finger.",
      "Swipe the cards above: one page at most, chosen by where the flick would coast.",
    ],
  },
  stress: {
    try: [
      "Drag through the field: the dots near your path are thrown and spring back.",
      "Drag through the wake again: the new throw adds to each dot's motion.",
      "Compare the engine's time per frame with the page's drawing time in the readout.",
    ],
  },
  navigation: {
    try: [
      "Drag the detail screen to the right: the pop follows your finger.",
      "Release moving right or past half way and it finishes; otherwise it cancels back.",
      "Catch it while it animates: your drag takes it over.",
      "Tap a tile to push the detail screen again.",
    ],
  },
  menu: {
    try: [
      "Tap + to open the menu: the items spring in one after another, the badge follows its curve.",
      "Tap + again mid-flight: the whole timeline turns round on the spot, springs included.",
      "Drag sideways anywhere to scrub the timeline, then fling it open (left) or shut (right).",
      "Switch to Reduced motion: nothing slides; each item appears in place at its moment, and the backdrop still fades.",
    ],
  },
  grid: {
    try: [
      "Scroll the list first, then tap a photo: it flies from where the list has put it.",
      "Pull the photo down and let go fast: your finger's speed carries it home.",
      "Touch it while it flies to catch it, then throw it back up: nothing jumps.",
      "Open the Inspector and step through a flight frame by frame.",
    ],
  },
  list: {
    try: [
      "Tap Remove, then Undo while the row is still fading: it turns back from where it is.",
      "Tap Add a few times quickly: each row slides in while the rows below make room.",
      "Tap Shuffle: every row flies to its new place from where it is drawn.",
      "Tap a row to move it to the other list: it keeps its place on screen, then flies over.",
    ],
  },
};
