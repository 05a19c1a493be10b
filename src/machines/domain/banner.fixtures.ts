import { machineFixtures, withFacts } from "../fixtures.ts";
import { type BannerContent, type BannerFacts, bannerMachine } from "./banner.machine.ts";

const decided: BannerFacts = { fieldProblem: null, hasTooManyImages: false, keepsForeignImage: false };

const sampleContent: BannerContent = {
  title: "Galápagos a bordo",
  text: "Cruceros de 4 a 8 días",
  textTwo: "",
  images: [`uploads/home_page/${"a".repeat(64)}.png`],
};

export const fixtures = machineFixtures({
  id: "domain.banner",
  file: "src/machines/domain/banner.machine.ts",
  machine: bannerMachine,
  inputs: [undefined],
  events: withFacts(
    bannerMachine,
    [
    { type: "banner.create", ...sampleContent, active: true },
    { type: "banner.create", ...sampleContent, active: false },
    { type: "banner.update", ...sampleContent, images: [] },
    { type: "banner.activate" },
    { type: "banner.deactivate" },
    ],
    [
      decided,
      { ...decided, fieldProblem: "required" },
      { ...decided, fieldProblem: "invalid" },
      { ...decided, keepsForeignImage: true },
      { ...decided, hasTooManyImages: true },
    ],
  ),
});
