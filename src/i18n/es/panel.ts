export {
  actions,
  confirm,
  layout,
  leads,
  nav,
  roles,
  status,
  table,
} from "../es.json";
