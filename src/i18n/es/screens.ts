export {
  agency,
  cruises,
  destinations,
  detail,
  flows,
  history,
  home,
  users,
} from "../es.json";
