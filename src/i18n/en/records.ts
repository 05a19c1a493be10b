export {
  bookings,
  catalogue,
  deckSchema,
  documents,
  holds,
  ikarus,
  money,
  passengers,
  reports,
  reservations,
  yachtPage,
  yearCopy,
} from "../en.json";
