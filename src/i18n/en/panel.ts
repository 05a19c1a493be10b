export {
  actions,
  confirm,
  layout,
  leads,
  nav,
  roles,
  status,
  table,
} from "../en.json";
