import type { i18n } from "i18next";
import type { CatalogueItem } from "../../api/catalogues.ts";
import { detailValues } from "../../api/details.ts";
import { type FieldProblem, firstProblem } from "../../api/fields.ts";
import { maritalStatuses, type Passenger, type PassengerDraft, passengerDetails, passengerDraftProblems, passengerGenders } from "../../api/passengers.ts";
import type { Reservation } from "../../api/reservations.ts";
import type { BookingLookups } from "../../machines/reservations/bookingLookups.ts";
import type { NewPassenger } from "../../machines/reservations/reservationPage.machine.ts";
import { passengerFieldLabels } from "../../machines/passengers/record.ts";
import { fieldText } from "../shared/forms.ts";
import { translateMessage } from "../../i18n/messages.ts";
import { errorMessage } from "../../machines/shared/fields.ts";
import { dialogOpening } from "../shared/dialogOpening.ts";
import { nameIn } from "../../api/english.ts";

/** How long the search waits after a keystroke before it asks the server. */
const SEARCH_DELAY_MS = 250;

/** A passenger as the choice reads: `Andrade, Lucía · AB123456 · 1985-04-12`. */
const choiceText = (passenger: Passenger): string =>
  `${passenger.lastName}, ${passenger.firstName} · ${passenger.identification} · ${passenger.birthday}`;

/**
 * Asks which passenger a space gets: a search (names, identification, email) over the passengers
 * of the reservation's agency (all, for a direct client), its results in a list to pick from.
 * Answers the passenger's id as text, or null when closed. The list is filled with DOM nodes,
 * never markup: names are typed by people (decision 019).
 */
export const askPassenger = async (translations: i18n, lookups: BookingLookups, reservation: Reservation): Promise<string | null> => {
  const { default: Swal } = await import("sweetalert2");
  const t = translations.t.bind(translations);
  const search = document.createElement("input");
  search.type = "search";
  search.className = "swal2-input passenger-search";
  search.placeholder = t("passengers.searchPlaceholder");
  search.setAttribute("aria-label", t("passengers.search"));
  const choices = document.createElement("select");
  choices.size = 8;
  choices.className = "swal2-select passenger-choices";
  choices.setAttribute("aria-label", t("passengers.choose"));
  const body = document.createElement("div");
  body.append(search, choices);
  let timer: ReturnType<typeof setTimeout> | undefined;
  // a search that fails says why in the dialog, in the reader's language, and the list stays as it was
  const showFailure = (error: unknown): void => Swal.showValidationMessage(translateMessage(t, errorMessage(error)));
  // only the latest search fills the list: an earlier answer arriving late is dropped
  let asked = 0;
  const fill = async (): Promise<void> => {
    const q = search.value.trim();
    asked += 1;
    const mine = asked;
    const found = await lookups.searchPassengers(q);
    if (mine !== asked) return;
    const chosen = choices.value;
    choices.replaceChildren(
      ...found.map((passenger) => {
        const option = document.createElement("option");
        option.value = String(passenger.id);
        option.textContent = choiceText(passenger);
        return option;
      }),
    );
    // a choice still offered stays chosen; a search that finds one passenger chooses it
    if (found.some((passenger) => String(passenger.id) === chosen)) choices.value = chosen;
    else if (found.length === 1) choices.value = String(found[0]?.id ?? "");
    if (found.length === 0) {
      const none = document.createElement("option");
      none.disabled = true;
      none.textContent = t("passengers.none");
      choices.append(none);
    }
  };
  const result = await Swal.fire({
    ...dialogOpening(translations, { icon: "question", title: t("passengers.assignTitle", { code: reservation.code }), confirm: t("passengers.assign") }),
    html: body,
    didOpen: () => {
      search.addEventListener("input", () => {
        clearTimeout(timer);
        timer = setTimeout(() => void fill().catch(showFailure), SEARCH_DELAY_MS);
      });
      void fill().catch(showFailure);
      search.focus();
    },
    preConfirm: () => {
      if (choices.value === "") {
        Swal.showValidationMessage(t("passengers.choose"));
        return false;
      }
      return choices.value;
    },
  });
  clearTimeout(timer);
  return result.isConfirmed && typeof result.value === "string" ? result.value : null;
};

/** The types a sheet may be: XLSX and CSV. */
export const SHEET_TYPES = ".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Asks for the sheet of passengers to import into the reservation; answers the file, or null when closed. */
export const askSheet = async (translations: i18n, reservation: Reservation): Promise<File | null> => {
  const { default: Swal } = await import("sweetalert2");
  const t = translations.t.bind(translations);
  const result = await Swal.fire({
    ...dialogOpening(translations, { icon: "question", title: t("passengers.importTitle", { code: reservation.code }), confirm: t("passengers.import") }),
    text: t("passengers.importHelp"),
    input: "file",
    inputAttributes: { accept: SHEET_TYPES, "aria-label": t("passengers.sheet") },
    inputValidator: (value: unknown) => (value instanceof File ? null : t("fields.required")),
  });
  return result.isConfirmed && result.value instanceof File ? result.value : null;
};

/** A labelled field of a dialog, built as DOM nodes (names are typed by people: decision 019). */
const labelled = (text: string, control: HTMLElement): HTMLLabelElement => {
  const label = document.createElement("label");
  label.className = "dialog-field";
  label.append(text, control);
  return label;
};

/** A choice list: a blank first option ("choose"), then the choices by value and text. */
const choiceList = (blank: string, choices: ReadonlyArray<readonly [string, string]>): HTMLSelectElement => {
  const select = document.createElement("select");
  for (const [value, text] of [["", blank] as const, ...choices]) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = text;
    select.append(option);
  }
  return select;
};

const textInput = (type: string, maxLength: number): HTMLInputElement => {
  const input = document.createElement("input");
  input.type = type;
  input.maxLength = maxLength;
  return input;
};

/** Today as a `YYYY-MM-DD` day, the latest birthday the rules take. */
const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * Asks for a new passenger to register and seat in a space in one step (decision 075): the
 * fields the migration form needs (names, identification type and number, birthday, nationality,
 * sex) and the marital status and email; their agency is the reservation's, shown and not
 * asked. The contract's rules judge the fields before sending (the first field with a problem
 * says so and the dialog stays); the server judges them again with the space. Answers the
 * passenger, or null when closed; the other fields are edited on the passenger's page.
 */
export const askNewPassenger = async (translations: i18n, lookups: BookingLookups, reservation: Reservation): Promise<NewPassenger | null> => {
  const t = translations.t.bind(translations);
  const [{ default: Swal }, choices] = await Promise.all([import("sweetalert2"), lookups.passengerChoices()]);
  const itemText = (item: CatalogueItem): string => nameIn(translations.language, item);
  const blank = t("form.choose");
  const fields = {
    firstName: textInput("text", 120),
    lastName: textInput("text", 120),
    identificationTypeId: choiceList(blank, choices.identificationTypes.map((item) => [String(item.id), itemText(item)] as const)),
    identification: textInput("text", 30),
    birthday: textInput("date", 10),
    countryId: choiceList(blank, choices.countries.map((item) => [String(item.id), itemText(item)] as const)),
    gender: choiceList(blank, passengerGenders.map((value) => [value, t(`options.${value}`)] as const)),
    maritalStatus: choiceList("—", maritalStatuses.map((value) => [value, t(`options.${value}`)] as const)),
    email: textInput("email", 254),
  };
  fields.birthday.max = today();
  const agency = document.createElement("p");
  agency.textContent = `${t("detail.agency")}: ${reservation.agencyName ?? t("reservations.direct")}`;
  const body = document.createElement("div");
  body.className = "dialog-fields";
  body.append(agency, ...Object.entries(fields).map(([name, control]) => labelled(t(passengerFieldLabels[name] ?? name), control)));
  const draftOf = (): PassengerDraft => {
    const reference = (select: HTMLSelectElement): number | null => (select.value === "" ? null : Number(select.value));
    return {
      firstName: fields.firstName.value.trim(),
      lastName: fields.lastName.value.trim(),
      identificationTypeId: reference(fields.identificationTypeId),
      identification: fields.identification.value.trim(),
      birthday: fields.birthday.value === "" ? null : fields.birthday.value,
      countryId: reference(fields.countryId),
      gender: fields.gender.value === "" ? null : fields.gender.value,
      maritalStatus: fields.maritalStatus.value === "" ? null : fields.maritalStatus.value,
      email: fields.email.value.trim(),
      agencyId: reservation.agencyId,
    };
  };
  const result = await Swal.fire({
    ...dialogOpening(translations, { icon: "question", title: t("passengers.newInSpaceTitle", { code: reservation.code }), confirm: t("passengers.newInSpace") }),
    html: body,
    didOpen: () => fields.firstName.focus(),
    preConfirm: () => {
      const draft = draftOf();
      const problems = passengerDraftProblems(detailValues(passengerDetails, { ...draft }), today());
      const problem: FieldProblem | null = firstProblem(problems);
      const field = Object.keys(fields).find((name) => problems[name] === problem);
      if (problem !== null && field !== undefined) {
        Swal.showValidationMessage(`${t(passengerFieldLabels[field] ?? field)}: ${fieldText(t, problem) ?? ""}`);
        fields[field as keyof typeof fields].focus();
        return false;
      }
      return { passenger: draft } satisfies NewPassenger;
    },
  });
  return result.isConfirmed && typeof result.value === "object" && result.value !== null ? (result.value as NewPassenger) : null;
};
