import type { i18n } from "i18next";
import type { ApiClient } from "../../api/client.ts";
import { listPassengers, type Passenger } from "../../api/passengers.ts";
import type { Reservation } from "../../api/reservations.ts";
import { dialogTheme } from "../shared/theme.ts";
import { CANCEL_COLOR, SEND_COLOR } from "../shared/dialogColors.ts";

/** How long the search waits after a keystroke before it asks the server. */
const SEARCH_DELAY_MS = 250;

/** The passengers a search offers at once. */
const OFFERED = 50;

/** A passenger as the choice reads: `Andrade, Lucía · AB123456 · 1985-04-12`. */
const choiceText = (passenger: Passenger): string =>
  `${passenger.lastName}, ${passenger.firstName} · ${passenger.identification} · ${passenger.birthday}`;

/**
 * Asks which passenger a space gets: a search (names, identification, email) over the passengers
 * of the reservation's agency (all, for a direct client), its results in a list to pick from.
 * Answers the passenger's id as text, or null when closed. The list is filled with DOM nodes,
 * never markup: names are typed by people (decision 019).
 */
export const askPassenger = async (translations: i18n, client: ApiClient, reservation: Reservation): Promise<string | null> => {
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
  // only the latest search fills the list: an earlier answer arriving late is dropped
  let asked = 0;
  const fill = async (): Promise<void> => {
    const q = search.value.trim();
    asked += 1;
    const mine = asked;
    const answer = await client.request(listPassengers, {
      query: { pageSize: OFFERED, ...(q === "" ? {} : { q }), ...(reservation.agencyId === null ? {} : { agencyId: reservation.agencyId }) },
    });
    if (mine !== asked) return;
    const chosen = choices.value;
    choices.replaceChildren(
      ...answer.data.map((passenger) => {
        const option = document.createElement("option");
        option.value = String(passenger.id);
        option.textContent = choiceText(passenger);
        return option;
      }),
    );
    // a choice still offered stays chosen; a search that finds one passenger chooses it
    if (answer.data.some((passenger) => String(passenger.id) === chosen)) choices.value = chosen;
    else if (answer.data.length === 1) choices.value = String(answer.data[0]?.id ?? "");
    if (answer.data.length === 0) {
      const none = document.createElement("option");
      none.disabled = true;
      none.textContent = t("passengers.none");
      choices.append(none);
    }
  };
  const result = await Swal.fire({
    theme: dialogTheme(),
    icon: "question",
    titleText: t("passengers.assignTitle", { code: reservation.code }),
    html: body,
    showCancelButton: true,
    confirmButtonText: t("passengers.assign"),
    cancelButtonText: t("confirm.cancel"),
    confirmButtonColor: SEND_COLOR,
    cancelButtonColor: CANCEL_COLOR,
    didOpen: () => {
      search.addEventListener("input", () => {
        clearTimeout(timer);
        timer = setTimeout(() => void fill().catch(() => undefined), SEARCH_DELAY_MS);
      });
      void fill().catch(() => undefined);
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
    theme: dialogTheme(),
    icon: "question",
    titleText: t("passengers.importTitle", { code: reservation.code }),
    text: t("passengers.importHelp"),
    input: "file",
    inputAttributes: { accept: SHEET_TYPES, "aria-label": t("passengers.sheet") },
    inputValidator: (value: unknown) => (value instanceof File ? null : t("fields.required")),
    showCancelButton: true,
    confirmButtonText: t("passengers.import"),
    cancelButtonText: t("confirm.cancel"),
    confirmButtonColor: SEND_COLOR,
    cancelButtonColor: CANCEL_COLOR,
  });
  return result.isConfirmed && result.value instanceof File ? result.value : null;
};
