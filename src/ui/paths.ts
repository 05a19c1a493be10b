import type { DestinationType } from "../api/itineraries.ts";
import type { ReportName } from "../api/reports.ts";

type Id = number | string;

/**
 * Every route of SPEC.md section 2 the panel has a screen for, spelled as the specification spells
 * them; the catalogues' routes are in their declarations (src/records).
 */
export const paths = {
  landing: "/",
  login: "/panel",
  forgotPassword: "/forgotPassword",
  changePassword: (userId: Id) => `/changePassword/${userId}`,
  users: "/panel/users",
  usersNew: "/panel/users_new",
  user: (userId: Id) => `/panel/users/${userId}`,
  destinations: (type: DestinationType) => `/panel/${type}/destinations`,
  destinationsNew: (type: DestinationType) => `/panel/${type}/destinations_new`,
  destination: (type: DestinationType, destinationId: Id) => `/panel/${type}/destinations/${destinationId}`,
  home: "/panel/home",
  /** A new banner, named like the other new forms (`users_new`, `destinations_new`). */
  homeBannerNew: "/panel/home/baner_new",
  homeBanner: (bannerId: Id) => `/panel/home/baner/${bannerId}`,
  homeCallActionNew: "/panel/home/call_action_new",
  homeCallAction: (actionId: Id) => `/panel/home/call_action/${actionId}`,
  homeRecommendations: "/panel/home/recomendation",
  leads: "/panel/leads",
  lead: (leadId: Id) => `/panel/leads/${leadId}`,
  /** 'Cambiar contraseña' of the user menu: the signed-in user's own password. */
  password: "/panel/password",
  /** 'Mi agencia': an agency user's agency and its users. */
  agency: "/panel/agency",
  /** The departures' free berths: an agency user's start page (DOMAIN.md section 2). */
  availability: "/panel/availability",
  /** The analysts' page: every state machine drawn, with generated paths to play. */
  flows: "/panel/flows",
  /** 'Política de cobro': the money policy an admin edits (decision 076). */
  moneyPolicy: "/panel/policies/money",
  /** A report of the Reportes section (decision 043). */
  report: (report: ReportName) => `/panel/reports/${report}`,
} as const;

/** Route patterns for the router, one per screen family. */
export const patterns = {
  changePassword: "/changePassword/:id",
  panel: "/panel/*",
} as const;

/**
 * Whether `location` is an address of the route `pattern` (literal segments and `:name` ones), a
 * `:name` segment matching any one segment, as the router matches it.
 */
export const isAddressOf = (pattern: string, location: string): boolean =>
  new RegExp(`^${pattern.replace(/:[^/]+/g, "[^/]+")}$`).test(location);

/** A menu entry is current on its list, its new form (`_new`, `/x_new`) and its detail pages. */
export const isEntryActive = (listPath: string, location: string): boolean =>
  location === listPath || location.startsWith(`${listPath}_new`) || location.startsWith(`${listPath}/`);
