// Apart from their schema (./messages.ts), so that the login page, which shows these texts but
// decodes nothing before it is sent, loads without the schema library (issue 39, decision 081).

/**
 * Messages that travel in `{"data": "..."}`, spelled as the specification spells them: the panel
 * translates each one, the server only ever sends these.
 */
export const messages = {
  created: "resource created successfully",
  updated: "resource updated successfully",
  deleted: "resource deleted successfully",
  passwordUpdated: "password updated successfully",
  temporaryPasswordSent: "temporary password sent",
  signedOut: "session closed",
  requiredInformation: "required_information",
  invalidEmail: "user_error",
  wrongCredentials: "user or password incorrect",
  notFound: "resource not found",
  temporaryPasswordExpired: "temporary password has expired",
  emailInUse: "email is already in use",
  forbidden: "forbidden",
  invalidSession: "invalid session",
  tooManyAttempts: "too many attempts",
  stale: "the record changed since you opened it",
  notAllowedNow: "this action is not allowed in the record's current state",
  invalidInput: "invalid information",
  passwordRequired: "password_required",
  passwordPattern: "password_pattern",
  passwordTooShort: "password_too_short",
  passwordTooLong: "password_too_long",
  passwordsDoNotMatch: "passwords_do_not_match",
  serverError: "server error",
  itemInUse: "the item is in use: deactivate it instead",
  nameInUse: "another item of this catalogue already has that name",
  lastAdmin: "the last active admin cannot be deleted, deactivated or given another role",
  selfDelete: "you cannot delete your own user",
  unknownRole: "the role does not exist",
  fileTooLarge: "the file is too large",
  unsupportedFile: "only JPEG, PNG, WebP, AVIF or GIF images are accepted",
  notSalesUser: "the user is not an active sales user",
  agentWithoutPassword: "the user has not chosen a password yet",
  currentPasswordWrong: "the current password is incorrect",
  invalidUrl: "Invalid URL",
  numberOutOfRange: "number 0-99",
  gpsTaxBelowZero: "gender GPS tax minimum zero",
  selectCompany: "select a company",
  selectGuide: "select a guide",
  departureInPast: "the departure day has passed",
  /** Not in the spec's list: named like its `select a company` for an agency user without an agency. */
  selectAgency: "select an agency",
  selectFlightTime: "select a flight time",
  seasonYearTaken: "season year unique",
  rateNotDefined: "rate not defined",
  flightRateNotDefined: "flight rate not defined",
  reportNotGenerated: "report not generated when outbound and return routes are incomplete",
  /** Not in the spec's list: a copy of a year's rates onto a year that has its own. */
  yearHasRates: "the next year already has rates",
  noRatesToCopy: "the year has no rates to copy",
  /** Not in the spec's list: a yacht sails one departure at a time. */
  departureOverlaps: "the yacht already has a departure on those days",
  /** Not in the spec's list: a departure's yacht, itinerary or days cannot move under its reservations. */
  departureHasReservations: "the departure has reservations",
  timeLimitNotAllowed: "time limit not allowed",
  datesRequired: "dates required in availability",
  cabinNotAvailable: "cabin not available",
  cruiseFull: "cruise full",
  genderNotAllowed: "gender not allowed",
  familyRoomTaken: "another reservation with family room on the cabin",
  charterExists: "another charter reservation exists",
  reservationHasSpaces: "the reservation has spaces",
  bookingHasSpaces: "the booking for this cabin has spaces",
  charterBlocked: "no charter creation when spaces are occupied",
  charterNotWhole: "a charter holds every berth of the yacht",
  familyRoomTypeUnfit: "a family room reservation takes family-room cabins only",
  agencyRateTypeMissing: "the agency has no rate of this type",
  passengerIdentificationTaken: "passenger identification unique",
  passengerGenderMismatch: "passenger gender must match the space gender",
  childAgeMismatch: "child under 12 on the day of departure",
  /** Not in the spec's list: one person sails one departure once (DOMAIN.md section 7). */
  passengerOnCruise: "the passenger is already on this cruise",
  flightDuringCruise: "no flight creation during the cruise",
  /** Not in the spec's list: a return leg flies home, from the islands to the mainland (issue 37 item 8). */
  returnLegNotHomeward: "a return flight flies from the islands to the mainland",
  allCabinsFilled: "all cabins information filled",
  /** Not in the spec's list: a report asked without its period (decision 043), named like availability's. */
  reportDatesRequired: "dates required in reports",
  /** Not in the spec's list: a report's period whose last day comes before its first. */
  periodReversed: "the period ends before it starts",
  /** Not in the spec's list: a report covers a year at most. */
  periodTooLong: "the period is longer than a year",
  /** Not in the spec's list: a voucher goes to its agency's address, which a direct client has not. */
  voucherWithoutRecipient: "voucher not sent: the agency has no email",
  /** Not in the spec's list: the limits of a passenger import (decision 059), each named with its figure. */
  importTooManyRows: "the file has more than 200 rows",
  importTooManyColumns: "the file has more than 100 columns",
  importTooLarge: "the file holds more than 20 MB once uncompressed",
  importOutOfMemory: "the file needs more than 128 MB of memory to read",
  importRunning: "another import of yours is still running",
  importNotSheet: "the file is not an XLSX or CSV sheet",
  importEmpty: "the file is empty",
  importNoHeader: "the file's first row is not the template's header row",
  importMissingColumns: "the file's header row lacks a required column",
  importNoRows: "the file has no passenger rows",
  /** DOMAIN.md section 10's money rules (decision 062). */
  paymentAmountNotPositive: "payment amount must be positive",
  paymentExceedsBalance: "payment exceeds balance",
  refundExceedsPayments: "refund exceeds payments",
  /** Confirming needs money or credit (decision 065). */
  depositNotReceived: "deposit not received",
  agencyCreditExceeded: "agency credit exceeded",
  /** Not in the spec's list: a waiver of a reservation whose cancellations keep nothing (decision 067). */
  noPenaltyToWaive: "there is no penalty to waive",
} as const;

export type Message = (typeof messages)[keyof typeof messages];

/**
 * What the client itself says when a request fails without an answer of the server's: translated
 * like the server's messages (`messages.<key>` in src/i18n), never shown as this raw text.
 */
export const clientMessages = {
  networkError: "network error",
  uploadAborted: "upload aborted",
  unexpectedAnswer: "unexpected answer",
} as const;
