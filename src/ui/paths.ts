/** Every route of SPEC.md section 2, spelled as the specification spells them. */
export type DestinationType = "national" | "international";

export const yachtSections = [
  "technical_info",
  "guests_accomodations",
  "social_areas",
  "safety_communications",
  "mechanic_equipment",
  "deck_plan",
  "deck_schema",
  "crews_on_board",
] as const;
export type YachtSection = (typeof yachtSections)[number];

type Id = number | string;

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
  homeBanerNew: "/panel/home/baner_new",
  homeBaner: (banerId: Id) => `/panel/home/baner/${banerId}`,
  homeCallActionNew: "/panel/home/call_action_new",
  homeCallAction: (actionId: Id) => `/panel/home/call_action/${actionId}`,
  homeRecomendation: "/panel/home/recomendation",
  leads: "/panel/leads",
  lead: (leadId: Id) => `/panel/leads/${leadId}`,
  feeding: "/panel/feeding",
  feedingNew: "/panel/feeding/feeding_new",
  feedingItem: (feedingId: Id) => `/panel/feeding/${feedingId}`,
  activities: "/panel/activities",
  activitiesNew: "/panel/activities/activities_new",
  activity: (activityId: Id) => `/panel/activities/${activityId}`,
  courtesys: "/panel/courtesys",
  courtesysNew: "/panel/courtesys/courtesys_new",
  /** The other reading of the route in SPEC.md section 2; it opens the same form. */
  courtesyNew: "/panel/courtesys/courtesy_new",
  courtesy: (courtesyId: Id) => `/panel/courtesys/${courtesyId}`,
  yacht: (yachtId: Id, section: YachtSection) => `/panel/yacht/${yachtId}/${section}`,
  /** The analysts' page: every state machine drawn, with generated paths to play. */
  flows: "/panel/flows",
} as const;

/** Route patterns for the router, one per screen family. */
export const patterns = {
  changePassword: "/changePassword/:id",
  panel: "/panel/*",
} as const;

/** A menu entry is current on its list, its new form (`_new`, `/x_new`) and its detail pages. */
export const isEntryActive = (listPath: string, location: string): boolean =>
  location === listPath || location.startsWith(`${listPath}_new`) || location.startsWith(`${listPath}/`);
