import { domainFixtures } from "../shared/fixtures.ts";
import { type BannerContent, type BannerFacts, bannerMachine } from "./banner.machine.ts";

const decided: BannerFacts = { fieldProblem: null, hasTooManyImages: false, keepsForeignImage: false };

const sampleContent: BannerContent = {
  title: "Galápagos a bordo",
  text: "Cruceros de 4 a 8 días",
  textTwo: "",
  titleEn: "Galápagos aboard",
  textEn: "Cruises of 4 to 8 days",
  textTwoEn: "",
  images: [`uploads/home_page/${"a".repeat(64)}.png`],
  imageAlts: ["Un yate frente a la isla Bartolomé"],
  imageAltsEn: ["A yacht off Bartolomé island"],
};

export const fixtures = domainFixtures({
  id: "domain.banner",
  machine: bannerMachine,
  events: [
    { type: "banner.create", ...sampleContent, active: true },
    { type: "banner.create", ...sampleContent, active: false },
    { type: "banner.update", ...sampleContent, images: [], imageAlts: [], imageAltsEn: [] },
    { type: "banner.activate" },
    { type: "banner.deactivate" },
    { type: "banner.delete" },
  ],
  facts: [
    decided,
    { ...decided, fieldProblem: "required" },
    { ...decided, fieldProblem: "invalid" },
    { ...decided, keepsForeignImage: true },
    { ...decided, hasTooManyImages: true },
  ],
});
