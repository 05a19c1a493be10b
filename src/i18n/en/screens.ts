export {
  agency,
  availability,
  cruises,
  destinations,
  detail,
  flows,
  form,
  history,
  home,
  options,
  users,
} from "../en.json";
