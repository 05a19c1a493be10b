import type { AnyStateMachine, EventFromLogic, EventObject, InputFrom } from "xstate";
import type { LoginUser } from "../api/auth.ts";
import { createClient } from "../api/client.ts";
import { ApiError, INVALID_SESSION } from "../api/errors.ts";
import { messages } from "../api/messages.ts";
import { feedings } from "../api/catalogues.ts";
import type { Lead } from "../api/leads.ts";
import type { User } from "../api/users.ts";
import {
  catalogueContract,
  itemCatalogueMachine,
  userCatalogueMachine,
  userContract,
} from "./catalogue.machine.ts";
import { confirmationMachine } from "./confirmation.machine.ts";
import { bannerMachine, bannerMachineSampleEvents } from "./domain/banner.machine.ts";
import { callActionMachine, callActionMachineSampleEvents } from "./domain/callAction.machine.ts";
import { catalogueItemMachine, catalogueItemMachineSampleEvents } from "./domain/catalogueItem.machine.ts";
import { itineraryMachine, itineraryMachineSampleEvents } from "./domain/itinerary.machine.ts";
import { leadMachine, leadMachineSampleEvents } from "./domain/lead.machine.ts";
import { recommendationListMachine, recommendationListMachineSampleEvents } from "./domain/recommendations.machine.ts";
import { staffSessionMachine, staffSessionMachineSampleEvents } from "./domain/staffSession.machine.ts";
import { userMachine, userMachineSampleEvents } from "./domain/user.machine.ts";
import { flowsViewerMachine } from "./flowsViewer.machine.ts";
import { forgotPasswordMachine } from "./forgotPassword.machine.ts";
import { recordHistoryMachine } from "./recordHistory.machine.ts";
import { leadAssignmentMachine } from "./leadAssignment.machine.ts";
import { leadConversationMachine } from "./leadConversation.machine.ts";
import { leadsListMachine } from "./leadsList.machine.ts";
import { loginMachine } from "./login.machine.ts";
import { passwordResetMachine } from "./passwordReset.machine.ts";
import { sessionMachine } from "./session.machine.ts";
import { sidebarMachine } from "./sidebar.machine.ts";
import { userFormMachine } from "./userForm.machine.ts";
import { itineraryFormMachine } from "./itineraryForm.machine.ts";
import { destinationCatalogueMachine, destinationContract, type ItineraryDraft } from "./itineraries.ts";
import type { Itinerary } from "../api/itineraries.ts";
import { encodeStoredSession, type StoredSession } from "./storedSession.ts";
import type { Banner, HomeContent } from "../api/home.ts";
import { type BannerDraft, bannerFormMachine } from "./bannerForm.machine.ts";
import { type CallActionDraft, callActionFormMachine } from "./callActionForm.machine.ts";
import { type ContactDraft, contactFormMachine } from "./contactForm.machine.ts";
import { homeContentMachine } from "./homeContent.machine.ts";
import { landingContentMachine } from "./landingContent.machine.ts";
import { recommendationsMachine } from "./recommendations.machine.ts";

/**
 * One machine of the project as the path generator sees it. Invoked actors are replaced by test
 * doubles that settle as the generator's `xstate.done.actor.<id>` / `xstate.error.actor.<id>`
 * events say, so those events carry the double's `output` or `error`.
 */
export interface MachineEntry {
  readonly id: string;
  /** The file that defines the machine, relative to the repository root. */
  readonly file: string;
  readonly machine: AnyStateMachine;
  /** Concrete events to try, one per guard branch. */
  readonly events: ReadonlyArray<EventObject>;
  /** Inputs to start from: several when the first state depends on the input. */
  readonly inputs: ReadonlyArray<unknown>;
  /**
   * For a machine whose guards read counters in its context: the part of the context that tells
   * otherwise equal states apart, so the generator explores them (kept small and finite).
   */
  readonly contextKey?: (context: unknown) => unknown;
}

/** What the generator may send: the machine's own events and the settling of its actors. */
type SampleEvent<M extends AnyStateMachine> =
  | EventFromLogic<M>
  | { readonly type: `xstate.done.actor.${string}`; readonly output: unknown }
  | { readonly type: `xstate.error.actor.${string}`; readonly error: unknown };

/** Type-checks one entry's inputs and sample events against its machine. */
const entry = <M extends AnyStateMachine>(definition: {
  readonly id: string;
  readonly file: string;
  readonly machine: M;
  readonly inputs: ReadonlyArray<InputFrom<M>>;
  readonly events: ReadonlyArray<SampleEvent<M>>;
  readonly contextKey?: (context: unknown) => unknown;
}): MachineEntry => definition;

/** A client for inputs only: every actor that would call it is replaced by a double. */
const unusedClient = createClient({
  readToken: () => null,
  fetch: () => Promise.reject(new Error("the path generator never calls the API")),
});

const session: StoredSession = { userName: "Ana Ruiz", token: "t0k3n", role: "admin", id: 1 };

const loginUser = (overrides: Partial<LoginUser>): LoginUser => ({
  id: 7,
  firstName: "Ana",
  lastName: "Ruiz",
  email: "ana@example.com",
  token: "t0k3n",
  rol: "admin",
  changePassword: false,
  ...overrides,
});

const refused = (status: number, message: string) => new ApiError(status, message);

const sampleUser: User = {
  id: 4,
  first_name: "Luis",
  last_name: "Mora",
  email: "luis@example.com",
  role_id: 2,
  user_rol: { id: 2, name: "marketing" },
  active: true,
};

const feedingContract = catalogueContract(feedings);

/** The settling of the confirmation dialogs: confirmed, cancelled, and a dialog that failed. */
const dialogAnswers = (id: string) =>
  [
    { type: `xstate.done.actor.${id}`, output: true },
    { type: `xstate.done.actor.${id}`, output: false },
    { type: `xstate.error.actor.${id}`, error: new Error("dialog failed") },
  ] as const;

/** The answers of a catalogue's requests, shared by the users and the item catalogues. */
const catalogueAnswers = [
  { type: "list.reload" },
  { type: "item.delete", id: 4, title: "¿Eliminar el registro?" },
  { type: "item.resetPassword", id: 4, title: "¿Enviar una contraseña temporal?" },
  ...dialogAnswers("confirmDelete"),
  ...dialogAnswers("confirmPasswordReset"),
  { type: "xstate.done.actor.removeItem", output: messages.deleted },
  { type: "xstate.error.actor.removeItem", error: refused(409, messages.lastAdmin) },
  { type: "xstate.done.actor.resetPassword", output: messages.temporaryPasswordSent },
  { type: "xstate.error.actor.resetPassword", error: refused(403, messages.forbidden) },
  { type: "xstate.done.actor.saveItem", output: messages.created },
  { type: "xstate.error.actor.saveItem", error: refused(400, messages.requiredInformation) },
  { type: "xstate.error.actor.fetchList", error: refused(403, messages.forbidden) },
  { type: "xstate.error.actor.fetchItem", error: refused(404, messages.notFound) },
] as const;

/** A lead as GET /leads/{id} answers it, with one follow-up note. */
const sampleLead: Lead = {
  id: 12,
  createdAt: "2026-03-14T15:30:00.000Z",
  firstName: "Marta",
  lastName: "Quispe",
  message: "Quisiera cotizar un crucero de 8 días.",
  email: "marta@example.com",
  country: "Perú",
  phone: "+51 999 888 777",
  lead_user: null,
  yachtName: null,
  details: null,
  trakin: [
    {
      coments: "Llamada realizada.",
      createdAt: "2026-03-15T10:00:00.000Z",
      trankin_user: { firstName: "Ana", lastName: "Ruiz" },
    },
  ],
};

const salesUser: User = { ...sampleUser, id: 5, first_name: "Pedro", last_name: "Vélez", user_rol: { id: 3, name: "sales" } };

const sampleItinerary: Itinerary = {
  id: 9,
  name: "Quilotoa",
  days: "2 días",
  description: "Laguna y páramo",
  avalability: "Todo el año",
  price: 180,
  ofertPrice: null,
  isOfert: false,
  type: "national",
  region: "Sierra",
  servicesIncluded: ["Traslados"],
  feeding: [{ id: 3, name: "Desayuno" }],
  activities: [],
  courtesy: [],
  departureFrom: ["Quito"],
  image: "uploads/tiptops/quilotoa.png",
};

const completeDraft: ItineraryDraft = {
  name: "Quilotoa",
  days: "2 días",
  description: "",
  avalability: "Todo el año",
  price: "180",
  isOfert: true,
  ofertPrice: "150",
  region: "Sierra",
  servicesIncluded: ["Traslados"],
  departureFrom: ["Quito"],
  feeding: [3],
  activities: [],
  courtesy: [],
};

const blankDraft: ItineraryDraft = {
  ...completeDraft,
  name: " ",
  price: "-1",
  region: "",
  servicesIncluded: [],
  departureFrom: [],
};

const sampleImage = new Blob(["not really a png"], { type: "image/png" });

const nationalContract = destinationContract("national");

const sampleBanner: Banner = {
  id: 2,
  type: "baner",
  title: "Galápagos",
  text: "Cruceros de 4 a 8 días",
  textTwo: "",
  images: ["uploads/home_page/a.png", "uploads/home_page/b.png"],
  page: "home",
  active: true,
};

const sampleHomeContent: HomeContent = { baner: [sampleBanner], call_action: [], recomendation: [] };

const bannerDraft: BannerDraft = { title: "Galápagos", text: "", textTwo: "", active: true };

const callActionDraft: CallActionDraft = {
  title: "Cotice su viaje",
  text: "Le respondemos en un día.",
  buttonLabel: "Escríbanos",
  link: "https://example.com/cotizar",
  active: true,
};

const contactDraft: ContactDraft = {
  firstName: "Marta",
  lastName: "Quispe",
  email: "marta@example.com",
  country: "Perú",
  phone: "+51 999 888 777",
  message: "Quisiera cotizar un crucero.",
  website: "",
};

/** Every machine of the panel and of the server's domain rules: the path-coverage gate runs each. */
export const machineRegistry: ReadonlyArray<MachineEntry> = [
  entry({
    id: "session",
    file: "src/machines/session.machine.ts",
    machine: sessionMachine,
    inputs: [
      { stored: encodeStoredSession(session), client: unusedClient },
      { stored: null, client: unusedClient },
    ],
    events: [
      { type: "session.start", session },
      { type: "session.passwordChangeRequired", pending: { id: 7, token: "change-only" } },
      { type: "session.passwordChanged" },
      { type: "session.signOut" },
      { type: "session.invalidated" },
      { type: "xstate.done.actor.logOut", output: messages.signedOut },
      { type: "xstate.done.actor.checkSession", output: session },
      { type: "xstate.error.actor.checkSession", error: refused(INVALID_SESSION, messages.invalidSession) },
      { type: "xstate.error.actor.checkSession", error: refused(0, "network error") },
      { type: "xstate.error.actor.logOut", error: refused(0, "network error") },
    ],
  }),
  entry({
    id: "login",
    file: "src/machines/login.machine.ts",
    machine: loginMachine,
    inputs: [{ client: unusedClient }],
    events: [
      { type: "credentials.submit", email: "ana@example.com", password: "Secret1" },
      { type: "credentials.submit", email: "", password: "" },
      { type: "xstate.done.actor.logIn", output: loginUser({ changePassword: true }) },
      { type: "xstate.done.actor.logIn", output: loginUser({ rol: "sales" }) },
      { type: "xstate.done.actor.logIn", output: loginUser({ rol: "marketing" }) },
      { type: "xstate.error.actor.logIn", error: refused(400, messages.wrongCredentials) },
    ],
  }),
  entry({
    id: "forgotPassword",
    file: "src/machines/forgotPassword.machine.ts",
    machine: forgotPasswordMachine,
    inputs: [{ client: unusedClient }],
    events: [
      { type: "email.submit", email: "ana@example.com" },
      { type: "email.submit", email: "not-an-email" },
      { type: "xstate.done.actor.sendTemporaryPassword", output: messages.temporaryPasswordSent },
      { type: "xstate.error.actor.sendTemporaryPassword", error: refused(429, messages.tooManyAttempts) },
    ],
  }),
  entry({
    id: "passwordReset",
    file: "src/machines/passwordReset.machine.ts",
    machine: passwordResetMachine,
    inputs: [
      { client: unusedClient, userId: 7, pending: { id: 7, token: "change-only" } },
      { client: unusedClient, userId: 7, pending: null },
    ],
    events: [
      { type: "password.submit", password: "Secret1", confirmPassword: "Secret1" },
      { type: "password.submit", password: "secret", confirmPassword: "other" },
      { type: "xstate.done.actor.upgradePassword", output: messages.passwordUpdated },
      { type: "xstate.error.actor.upgradePassword", error: refused(498, messages.invalidSession) },
    ],
  }),
  entry({
    id: "sidebar",
    file: "src/machines/sidebar.machine.ts",
    machine: sidebarMachine,
    inputs: [undefined],
    events: [
      { type: "sidebar.toggle" },
      { type: "sidebar.dismiss" },
      { type: "sidebar.choose", to: "/panel/leads" },
    ],
  }),
  entry({
    id: "confirmation",
    file: "src/machines/confirmation.machine.ts",
    machine: confirmationMachine,
    inputs: [undefined],
    events: [
      { type: "confirmation.request", title: "¿Eliminar el registro?", onConfirm: () => {} },
      { type: "xstate.done.actor.askConfirmation", output: true },
      { type: "xstate.done.actor.askConfirmation", output: false },
      { type: "xstate.error.actor.askConfirmation", error: new Error("dialog failed") },
    ],
  }),
  entry({
    id: "catalogue.users",
    file: "src/machines/catalogue.machine.ts",
    machine: userCatalogueMachine,
    inputs: [
      { client: unusedClient, contract: userContract, mode: { kind: "list" } },
      // a users contract without the reset covers the branch the other catalogues take
      { client: unusedClient, contract: { ...userContract, resetPassword: null }, mode: { kind: "list" } },
      { client: unusedClient, contract: userContract, mode: { kind: "new" } },
      { client: unusedClient, contract: userContract, mode: { kind: "edit", id: 4 } },
    ],
    events: [
      ...catalogueAnswers,
      {
        type: "item.submit",
        payload: { firstName: "Luis", lastName: "Mora", email: "luis@example.com", roleId: 2, active: true },
      },
      { type: "item.submit", payload: { firstName: "", lastName: "", email: "luis@", roleId: 0 } },
      { type: "xstate.done.actor.fetchList", output: [sampleUser] },
      { type: "xstate.done.actor.fetchItem", output: sampleUser },
    ],
  }),
  entry({
    id: "catalogue.items",
    file: "src/machines/catalogue.machine.ts",
    machine: itemCatalogueMachine,
    inputs: [
      { client: unusedClient, contract: feedingContract, mode: { kind: "list" } },
      // an item contract with a reset covers the branch only the users catalogue takes
      {
        client: unusedClient,
        contract: { ...feedingContract, resetPassword: async () => messages.temporaryPasswordSent },
        mode: { kind: "list" },
      },
      { client: unusedClient, contract: feedingContract, mode: { kind: "new" } },
      { client: unusedClient, contract: feedingContract, mode: { kind: "edit", id: 3 } },
    ],
    events: [
      ...catalogueAnswers,
      { type: "item.submit", payload: { name: "Desayuno", active: true } },
      { type: "item.submit", payload: { name: "  " } },
      { type: "xstate.done.actor.fetchList", output: [{ id: 3, name: "Desayuno", active: true }] },
      { type: "xstate.done.actor.fetchItem", output: { id: 3, name: "Desayuno", active: true } },
    ],
  }),
  entry({
    id: "userForm",
    file: "src/machines/userForm.machine.ts",
    machine: userFormMachine,
    inputs: [
      { client: unusedClient, userId: null },
      { client: unusedClient, userId: 4 },
    ],
    events: [
      {
        type: "user.submit",
        payload: { firstName: "Luis", lastName: "Mora", email: "luis@example.com", roleId: 2, active: true },
      },
      { type: "user.submit", payload: { firstName: "Luis", lastName: "Mora", email: "not-an-email", roleId: 2 } },
      {
        type: "xstate.done.actor.loadForm",
        output: { roles: [{ id: 2, name: "marketing" }], user: sampleUser },
      },
      { type: "xstate.error.actor.loadForm", error: refused(404, messages.notFound) },
      { type: "xstate.done.actor.saveUser", output: messages.updated },
      { type: "xstate.error.actor.saveUser", error: refused(409, messages.emailInUse) },
    ],
  }),
  entry({
    id: "catalogue.destinations",
    file: "src/machines/catalogue.machine.ts",
    machine: destinationCatalogueMachine,
    inputs: [
      { client: unusedClient, contract: nationalContract, mode: { kind: "list" } },
      // a contract with a reset covers the branch only the users catalogue takes
      {
        client: unusedClient,
        contract: { ...nationalContract, resetPassword: async () => messages.temporaryPasswordSent },
        mode: { kind: "list" },
      },
      { client: unusedClient, contract: nationalContract, mode: { kind: "new" } },
      { client: unusedClient, contract: nationalContract, mode: { kind: "edit", id: 9 } },
    ],
    events: [
      ...catalogueAnswers,
      { type: "item.submit", payload: { draft: completeDraft, file: sampleImage } },
      { type: "item.submit", payload: { draft: blankDraft, file: null } },
      { type: "xstate.done.actor.fetchList", output: [sampleItinerary] },
      { type: "xstate.done.actor.fetchItem", output: sampleItinerary },
    ],
  }),
  entry({
    id: "itineraryForm",
    file: "src/machines/itineraryForm.machine.ts",
    machine: itineraryFormMachine,
    inputs: [
      { client: unusedClient, type: "national", id: null },
      { client: unusedClient, type: "international", id: 9 },
    ],
    events: [
      { type: "image.choose", file: sampleImage },
      { type: "image.clear" },
      { type: "itinerary.submit", draft: completeDraft },
      { type: "itinerary.submit", draft: blankDraft },
      { type: "upload.progress", percent: 40 },
      {
        type: "xstate.done.actor.loadForm",
        output: { feeding: [{ id: 3, name: "Desayuno", active: true }], activities: [], courtesy: [], itinerary: null },
      },
      { type: "xstate.error.actor.loadForm", error: refused(404, messages.notFound) },
      { type: "xstate.done.actor.saveItinerary", output: messages.created },
      { type: "xstate.error.actor.saveItinerary", error: refused(415, messages.unsupportedFile) },
    ],
  }),
  entry({
    id: "domain.user",
    file: "src/machines/domain/user.machine.ts",
    machine: userMachine,
    inputs: [undefined],
    events: userMachineSampleEvents,
  }),
  entry({
    id: "domain.catalogueItem",
    file: "src/machines/domain/catalogueItem.machine.ts",
    machine: catalogueItemMachine,
    inputs: [undefined],
    events: catalogueItemMachineSampleEvents,
  }),
  entry({
    id: "domain.itinerary",
    file: "src/machines/domain/itinerary.machine.ts",
    machine: itineraryMachine,
    inputs: [undefined],
    events: itineraryMachineSampleEvents,
  }),
  entry({
    id: "domain.staffSession",
    file: "src/machines/domain/staffSession.machine.ts",
    machine: staffSessionMachine,
    inputs: [undefined],
    events: staffSessionMachineSampleEvents,
  }),
  entry({
    id: "domain.lead",
    file: "src/machines/domain/lead.machine.ts",
    machine: leadMachine,
    inputs: [undefined],
    events: leadMachineSampleEvents,
  }),
  entry({
    id: "domain.banner",
    file: "src/machines/domain/banner.machine.ts",
    machine: bannerMachine,
    inputs: [undefined],
    events: bannerMachineSampleEvents,
  }),
  entry({
    id: "domain.callAction",
    file: "src/machines/domain/callAction.machine.ts",
    machine: callActionMachine,
    inputs: [undefined],
    events: callActionMachineSampleEvents,
  }),
  entry({
    id: "domain.recommendations",
    file: "src/machines/domain/recommendations.machine.ts",
    machine: recommendationListMachine,
    inputs: [undefined],
    events: recommendationListMachineSampleEvents,
  }),
  entry({
    id: "recordHistory",
    file: "src/machines/recordHistory.machine.ts",
    machine: recordHistoryMachine,
    inputs: [{ client: unusedClient, stream: "user", id: 7 }],
    events: [
      { type: "recordHistory.open" },
      { type: "recordHistory.close" },
      { type: "recordHistory.reload" },
      { type: "xstate.done.actor.loadHistory", output: [] },
      { type: "xstate.error.actor.loadHistory", error: refused(403, messages.forbidden) },
    ],
  }),
  entry({
    id: "leadsList",
    file: "src/machines/leadsList.machine.ts",
    machine: leadsListMachine,
    inputs: [{ client: unusedClient, pageSize: 20 }],
    events: [
      // page 2 of 3 first, so the ready state the generator keeps has both a next and a previous page
      { type: "xstate.done.actor.fetchLeads", output: { leads: [sampleLead], page: 2, total: 45 } },
      { type: "xstate.error.actor.fetchLeads", error: refused(403, messages.forbidden) },
      { type: "xstate.done.actor.fetchAgents", output: [salesUser] },
      { type: "xstate.error.actor.fetchAgents", error: refused(0, "network error") },
      { type: "page.next" },
      { type: "page.previous" },
      { type: "page.go", page: 3 },
      { type: "search.change", text: "quispe" },
      { type: "search.submit" },
      { type: "agent.change", agent: { kind: "unassigned" } },
      { type: "list.reload" },
    ],
  }),
  entry({
    id: "leadAssignment",
    file: "src/machines/leadAssignment.machine.ts",
    machine: leadAssignmentMachine,
    inputs: [{ client: unusedClient }],
    events: [
      { type: "menu.open", target: { leadId: 12, name: "Marta Quispe", agentId: null } },
      { type: "menu.close" },
      { type: "agent.choose", userId: 5 },
      { type: "xstate.done.actor.fetchSalesUsers", output: [salesUser] },
      { type: "xstate.error.actor.fetchSalesUsers", error: refused(403, messages.forbidden) },
      { type: "xstate.done.actor.assignAgent", output: messages.updated },
      { type: "xstate.error.actor.assignAgent", error: refused(400, messages.notSalesUser) },
    ],
  }),
  entry({
    id: "leadConversation",
    file: "src/machines/leadConversation.machine.ts",
    machine: leadConversationMachine,
    inputs: [{ client: unusedClient, leadId: 12, userId: 1 }],
    events: [
      { type: "xstate.done.actor.fetchLead", output: sampleLead },
      { type: "xstate.error.actor.fetchLead", error: refused(404, messages.notFound) },
      // one draft only: the generator keys states by value and transition, not by context, so a
      // blank draft comes from the empty box the lead opens with
      { type: "comment.change", text: "Envié la cotización." },
      { type: "comment.submit" },
      { type: "xstate.done.actor.sendComment", output: messages.created },
      { type: "xstate.error.actor.sendComment", error: refused(403, messages.forbidden) },
      { type: "xstate.done.actor.refetchLead", output: sampleLead },
      { type: "xstate.error.actor.refetchLead", error: refused(0, "network error") },
    ],
  }),
  entry({
    id: "flowsViewer",
    file: "src/machines/flowsViewer.machine.ts",
    machine: flowsViewerMachine,
    inputs: [{ machineId: "login" }],
    contextKey: (context) => context,
    events: [
      { type: "flow.choose", machineId: "session" },
      { type: "path.choose", index: 0, stepCount: 3 },
      { type: "path.choose", index: 1, stepCount: 1 },
      { type: "path.next" },
      { type: "path.previous" },
      { type: "path.play" },
      { type: "path.pause" },
      { type: "path.clear" },
    ],
  }),
  entry({
    id: "homeContent",
    file: "src/machines/homeContent.machine.ts",
    machine: homeContentMachine,
    inputs: [{ client: unusedClient }],
    events: [
      { type: "content.reload" },
      { type: "xstate.done.actor.fetchContent", output: sampleHomeContent },
      { type: "xstate.error.actor.fetchContent", error: refused(403, messages.forbidden) },
    ],
  }),
  entry({
    id: "bannerForm",
    file: "src/machines/bannerForm.machine.ts",
    machine: bannerFormMachine,
    inputs: [
      { client: unusedClient, id: null },
      { client: unusedClient, id: 2 },
    ],
    events: [
      { type: "images.add", files: [sampleImage] },
      { type: "image.remove", index: 0 },
      { type: "image.moveUp", index: 1 },
      { type: "image.moveDown", index: 0 },
      { type: "banner.submit", draft: bannerDraft },
      { type: "banner.submit", draft: { ...bannerDraft, title: " " } },
      { type: "upload.progress", percent: 40 },
      { type: "xstate.done.actor.loadBanner", output: sampleBanner },
      { type: "xstate.error.actor.loadBanner", error: refused(404, messages.notFound) },
      { type: "xstate.done.actor.saveBanner", output: messages.updated },
      { type: "xstate.error.actor.saveBanner", error: refused(415, messages.unsupportedFile) },
      { type: "xstate.done.actor.reloadBanner", output: sampleBanner },
      { type: "xstate.error.actor.reloadBanner", error: refused(0, "network error") },
    ],
  }),
  entry({
    id: "callActionForm",
    file: "src/machines/callActionForm.machine.ts",
    machine: callActionFormMachine,
    inputs: [
      { client: unusedClient, id: null },
      { client: unusedClient, id: 3 },
    ],
    events: [
      { type: "callAction.submit", draft: callActionDraft },
      { type: "callAction.submit", draft: { ...callActionDraft, link: "javascript:alert(1)" } },
      { type: "xstate.done.actor.loadCallAction", output: null },
      { type: "xstate.error.actor.loadCallAction", error: refused(404, messages.notFound) },
      { type: "xstate.done.actor.saveCallAction", output: messages.updated },
      { type: "xstate.error.actor.saveCallAction", error: refused(400, messages.invalidUrl) },
    ],
  }),
  entry({
    id: "recommendations",
    file: "src/machines/recommendations.machine.ts",
    machine: recommendationsMachine,
    inputs: [{ client: unusedClient }],
    events: [
      { type: "recommendation.add", id: 9 },
      { type: "recommendation.remove", id: 9 },
      { type: "recommendation.moveUp", id: 9 },
      { type: "recommendation.moveDown", id: 9 },
      { type: "recommendations.save" },
      { type: "xstate.done.actor.loadChoices", output: { destinations: [sampleItinerary], chosen: [9] } },
      { type: "xstate.error.actor.loadChoices", error: refused(403, messages.forbidden) },
      { type: "xstate.done.actor.saveChoices", output: messages.updated },
      { type: "xstate.error.actor.saveChoices", error: refused(400, messages.invalidInput) },
    ],
  }),
  entry({
    id: "contactForm",
    file: "src/machines/contactForm.machine.ts",
    machine: contactFormMachine,
    inputs: [{ client: unusedClient }],
    events: [
      { type: "contact.submit", draft: contactDraft },
      { type: "contact.submit", draft: { ...contactDraft, email: "marta@" } },
      { type: "xstate.done.actor.sendLead", output: messages.created },
      { type: "xstate.error.actor.sendLead", error: refused(429, messages.tooManyAttempts) },
    ],
  }),
  entry({
    id: "landingContent",
    file: "src/machines/landingContent.machine.ts",
    machine: landingContentMachine,
    inputs: [{ client: unusedClient }],
    events: [
      { type: "content.retry" },
      {
        type: "xstate.done.actor.fetchContent",
        output: { baner: [sampleBanner], call_action: null, recomendation: [] },
      },
      { type: "xstate.error.actor.fetchContent", error: refused(0, "network error") },
    ],
  }),
];
