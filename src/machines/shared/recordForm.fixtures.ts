import type { CallAction } from "../../api/home.ts";
import { messages } from "../../api/messages.ts";
import { feeding } from "../../records/feeding.ts";
import { catalogueFormMachine, formSourceOf } from "../catalogues/catalogues.ts";
import { type MachineFixtures, machineFixtures, refused, unusedClient } from "./fixtures.ts";
import { bannerFormMachine, bannerFormSource, callActionFormMachine, callActionFormSource } from "../home/home.ts";
import { destinationFormMachine, destinationFormSource } from "../catalogues/itineraries.ts";
import type { FormSource, Versioned } from "./recordForm.machine.ts";
import {
  bannerDraft,
  blankDraft,
  callActionDraft,
  callActionId,
  completeDraft,
  sampleBanner,
  sampleImage,
  sampleItinerary,
  sampleUser,
} from "./samples.ts";
import { userFormMachine, userFormSource } from "../users/users.ts";
import { defaultMoneyPolicy } from "../../api/money.ts";
import { MONEY_POLICY_FORM_ID, moneyPolicyFormMachine, moneyPolicyFormSource } from "../money/moneyPolicy.ts";

/** The money policy as its form holds it: the defaults, and one with every problem. */
const policyDraft = {
  depositPercent: "30",
  balanceDays: "60",
  charterBalanceDays: "120",
  general: [
    { daysBefore: "60", keptPercent: "" },
    { daysBefore: "0", keptPercent: "100" },
  ],
  charter: [
    { daysBefore: "120", keptPercent: "" },
    { daysBefore: "0", keptPercent: "100" },
  ],
};
const brokenPolicyDraft = {
  depositPercent: "0",
  balanceDays: "",
  charterBalanceDays: "99999",
  general: [{ daysBefore: "60", keptPercent: "101" }],
  charter: [{ daysBefore: "x", keptPercent: "" }],
};

const file = "src/machines/shared/recordForm.machine.ts";

/** More files than any form keeps. */
const manyFiles = Array.from({ length: 11 }, () => sampleImage);

/**
 * The answers and image events every form handles, whatever its record. A source that keeps no
 * images refuses every `images.add`; one that keeps one replaces it; the banner adds up to ten.
 */
const formEvents = [
  { type: "images.add", files: [sampleImage] },
  { type: "images.add", files: manyFiles },
  { type: "image.remove", index: 0 },
  { type: "image.moveUp", index: 1 },
  { type: "image.moveDown", index: 0 },
  { type: "upload.progress", percent: 40 },
  { type: "xstate.error.actor.loadRecord", error: refused(404, messages.notFound) },
  { type: "xstate.done.actor.saveRecord", output: messages.updated },
  { type: "xstate.error.actor.saveRecord", error: refused(415, messages.unsupportedFile) },
  { type: "xstate.error.actor.saveRecord", error: refused(409, messages.stale) },
  { type: "xstate.error.actor.saveRecord", error: refused(409, messages.nameInUse) },
  { type: "xstate.error.actor.saveRecord", error: refused(409, messages.emailInUse) },
  { type: "field.change", field: "name" },
  { type: "form.reload" },
  { type: "xstate.error.actor.reloadRecord", error: refused(0, "network error") },
] as const;

/**
 * Each source as it is, for a new record and for an edit, then changed so that every entry takes
 * every branch: a form that stays after an edit and keeps one image (the banner's and the
 * destination's ways), and one that keeps none and has a refusal of the server about a field.
 */
const inputsOf = <Item extends Versioned, Options, Draft>(source: FormSource<Item, Options, Draft>, id: number) => [
  { client: unusedClient, source, id: null },
  { client: unusedClient, source, id },
  { client: unusedClient, source: { ...source, afterSave: "reload", images: { max: 1, kept: () => [] } } as const, id },
  { client: unusedClient, source: { ...source, images: undefined, answeredFields: { [messages.nameInUse]: "name" } }, id },
];

const callAction: CallAction = {
  id: callActionId(3),
  type: "call_action",
  title: "Cotice su viaje",
  text: "Le respondemos en un día.",
  buttonLabel: "Escríbanos",
  titleEn: "",
  textEn: "",
  buttonLabelEn: "",
  link: "https://example.com/cotizar",
  active: true,
  version: 1,
};

/** The form machine run with each kind of source. */
export const fixtures: ReadonlyArray<MachineFixtures> = [
  machineFixtures({
    id: "recordForm.moneyPolicy",
    file,
    machine: moneyPolicyFormMachine,
    inputs: inputsOf(moneyPolicyFormSource, MONEY_POLICY_FORM_ID),
    events: [
      ...formEvents,
      { type: "form.submit", draft: policyDraft },
      { type: "form.submit", draft: brokenPolicyDraft },
      { type: "xstate.done.actor.loadRecord", output: { item: { ...defaultMoneyPolicy, version: 2 }, options: null } },
      { type: "xstate.done.actor.reloadRecord", output: { item: { ...defaultMoneyPolicy, version: 3 }, options: null } },
    ],
  }),
  machineFixtures({
    id: "recordForm.catalogue",
    file,
    machine: catalogueFormMachine,
    inputs: inputsOf(formSourceOf(feeding), 3),
    events: [
      ...formEvents,
      { type: "form.submit", draft: { name: "Desayuno", active: true } },
      { type: "form.submit", draft: { name: "  ", active: true } },
      { type: "xstate.done.actor.loadRecord", output: { item: { id: 3, name: "Desayuno", active: true, version: 1 }, options: {} } },
      { type: "xstate.done.actor.reloadRecord", output: { item: { id: 3, name: "Desayuno", active: true, version: 1 }, options: {} } },
    ],
  }),
  machineFixtures({
    id: "recordForm.users",
    file,
    machine: userFormMachine,
    inputs: inputsOf(userFormSource, 4),
    events: [
      ...formEvents,
      {
        type: "form.submit",
        draft: { firstName: "Luis", lastName: "Mora", email: "luis@example.com", roleId: 2, active: true },
      },
      { type: "form.submit", draft: { firstName: "Luis", lastName: "Mora", email: "not-an-email", roleId: 0 } },
      {
        type: "xstate.done.actor.loadRecord",
        output: { item: sampleUser, options: { roles: [{ id: 2, name: "marketing" }] } },
      },
      {
        type: "xstate.done.actor.reloadRecord",
        output: { item: sampleUser, options: { roles: [{ id: 2, name: "marketing" }] } },
      },
    ],
  }),
  machineFixtures({
    id: "recordForm.destination",
    file,
    machine: destinationFormMachine,
    inputs: inputsOf(destinationFormSource("national"), 9),
    events: [
      ...formEvents,
      { type: "form.submit", draft: completeDraft },
      { type: "form.submit", draft: blankDraft },
      {
        type: "xstate.done.actor.loadRecord",
        output: { item: sampleItinerary, options: { feeding: [{ id: 3, name: "Desayuno", active: true, version: 1 }], activities: [], courtesy: [] } },
      },
      {
        type: "xstate.done.actor.reloadRecord",
        output: { item: sampleItinerary, options: { feeding: [], activities: [], courtesy: [] } },
      },
    ],
  }),
  machineFixtures({
    id: "recordForm.banner",
    file,
    machine: bannerFormMachine,
    inputs: inputsOf(bannerFormSource, 2),
    events: [
      ...formEvents,
      { type: "form.submit", draft: bannerDraft },
      { type: "form.submit", draft: { ...bannerDraft, title: " " } },
      { type: "xstate.done.actor.loadRecord", output: { item: sampleBanner, options: null } },
      { type: "xstate.done.actor.reloadRecord", output: { item: sampleBanner, options: null } },
    ],
  }),
  machineFixtures({
    id: "recordForm.callAction",
    file,
    machine: callActionFormMachine,
    inputs: inputsOf(callActionFormSource, 3),
    events: [
      ...formEvents,
      {
        type: "form.submit",
        draft: callActionDraft,
      },
      {
        type: "form.submit",
        draft: { ...callActionDraft, link: "javascript:alert(1)" },
      },
      { type: "xstate.done.actor.loadRecord", output: { item: callAction, options: null } },
      { type: "xstate.done.actor.reloadRecord", output: { item: callAction, options: null } },
    ],
  }),
];
