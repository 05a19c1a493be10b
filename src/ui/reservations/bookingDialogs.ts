import type { i18n } from "i18next";
import { notesField, type Reservation, type ReservationChange } from "../../api/reservations.ts";
import type { BookingLookups } from "../../machines/reservations/bookingLookups.ts";
import { liveBookings } from "../../machines/reservations/reservationPage.machine.ts";
import { focusBack } from "../shared/dialogFocus.ts";
import { dialogTheme } from "../shared/theme.ts";
import { CANCEL_COLOR, DELETE_COLOR, SEND_COLOR } from "../shared/dialogColors.ts";
import { nameIn } from "../../api/english.ts";

/** A labelled field of a dialog, built as DOM nodes (names are typed by people: decision 019). */
const labelled = (text: string, control: HTMLElement): HTMLLabelElement => {
  const label = document.createElement("label");
  label.className = "dialog-field";
  label.append(text, control);
  return label;
};

/**
 * Asks which cabin to add to a reservation and how many spaces of each type: the departure's
 * cabins the reservation does not book, with their free berths. Answers the reservation's
 * bookings with the new one, or null when closed. The server judges the berths' rules.
 */
export const askAddedCabin = async (translations: i18n, lookups: BookingLookups, reservation: Reservation): Promise<ReservationChange | null> => {
  const t = translations.t.bind(translations);
  const [{ default: Swal }, { cabins, types }] = await Promise.all([import("sweetalert2"), lookups.cabinChoices()]);
  const booked = new Set(reservation.bookings.map(({ cabinId }) => cabinId));
  const offered = cabins.filter((cabin) => !booked.has(cabin.id) && cabin.berths.some((berth) => berth === null));
  const cabin = document.createElement("select");
  for (const item of offered) {
    const option = document.createElement("option");
    option.value = String(item.id);
    option.textContent = t("bookings.cabinChoice", { name: item.name, free: item.berths.filter((berth) => berth === null).length, capacity: item.capacity });
    cabin.append(option);
  }
  const counts = types
    .filter((type) => type.active)
    .map((type) => {
      const input = document.createElement("input");
      input.type = "number";
      input.min = "0";
      input.max = "4";
      input.value = "0";
      input.dataset.genderId = String(type.id);
      return { type, input };
    });
  const body = document.createElement("div");
  body.className = "dialog-fields";
  body.append(labelled(t("bookings.cabin"), cabin), ...counts.map(({ type, input }) => labelled(nameIn(translations.language, type), input)));
  const result = await Swal.fire({
    ...focusBack(),
    theme: dialogTheme(),
    icon: "question",
    titleText: t("bookings.addTitle", { code: reservation.code }),
    ...(offered.length === 0 ? { text: t("bookings.noneFree") } : { html: body }),
    showCancelButton: true,
    showConfirmButton: offered.length > 0,
    confirmButtonText: t("bookings.add"),
    cancelButtonText: t("confirm.cancel"),
    confirmButtonColor: SEND_COLOR,
    cancelButtonColor: CANCEL_COLOR,
    preConfirm: () => {
      const spaces = counts.flatMap(({ type, input }) => Array.from({ length: Math.max(0, Math.min(4, Number(input.value) || 0)) }, () => ({ genderId: type.id })));
      if (spaces.length === 0) {
        Swal.showValidationMessage(t("fields.required"));
        return false;
      }
      return { notes: reservation.notes, cabins: [...liveBookings(reservation), { cabinId: Number(cabin.value), spaces }] } satisfies ReservationChange;
    },
  });
  return result.isConfirmed && typeof result.value === "object" && result.value !== null ? (result.value as ReservationChange) : null;
};

/** Asks for a reservation's notes, as they are to start with; answers its bookings with them, or null when closed. */
export const askNotes = async (translations: i18n, reservation: Reservation): Promise<ReservationChange | null> => {
  const { default: Swal } = await import("sweetalert2");
  const t = translations.t.bind(translations);
  const result = await Swal.fire({
    ...focusBack(),
    theme: dialogTheme(),
    icon: "question",
    titleText: t("bookings.notesTitle", { code: reservation.code }),
    input: "textarea",
    inputValue: reservation.notes,
    inputAttributes: { maxlength: String(notesField.maxLength), "aria-label": t("reservations.notes") },
    showCancelButton: true,
    confirmButtonText: t("form.save"),
    cancelButtonText: t("confirm.cancel"),
    confirmButtonColor: SEND_COLOR,
    cancelButtonColor: CANCEL_COLOR,
  });
  return result.isConfirmed && typeof result.value === "string" ? { notes: result.value, cabins: liveBookings(reservation) } : null;
};

/** Asks before removing a cabin whose spaces are all canceled; answers the bookings without it, or null. */
export const askRemovedCabin = async (translations: i18n, reservation: Reservation, cabinId: number): Promise<ReservationChange | null> => {
  const { default: Swal } = await import("sweetalert2");
  const t = translations.t.bind(translations);
  const name = reservation.bookings.find((booking) => booking.cabinId === cabinId)?.cabinName ?? "";
  const result = await Swal.fire({
    ...focusBack(),
    theme: dialogTheme(),
    icon: "warning",
    titleText: t("bookings.removeTitle", { name }),
    showCancelButton: true,
    confirmButtonText: t("bookings.remove"),
    cancelButtonText: t("confirm.cancel"),
    confirmButtonColor: DELETE_COLOR,
    cancelButtonColor: CANCEL_COLOR,
    focusCancel: true,
  });
  return result.isConfirmed ? { notes: reservation.notes, cabins: liveBookings(reservation).filter((booking) => booking.cabinId !== cabinId) } : null;
};
