import { machineFixtures } from "../shared/fixtures.ts";
import { slideShowMachine } from "./slideShow.machine.ts";

export const fixtures = machineFixtures({
  id: "slideShow",
  machine: slideShowMachine,
  inputs: [{ reducedMotion: false }, { reducedMotion: true }],
  events: [
    { type: "slideShow.pause" },
    { type: "slideShow.play" },
    { type: "slideShow.motionChanged", reducedMotion: true },
    { type: "slideShow.motionChanged", reducedMotion: false },
  ],
});
