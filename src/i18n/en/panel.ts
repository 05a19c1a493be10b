export {
  actions,
  availability,
  confirm,
  form,
  layout,
  leads,
  nav,
  options,
  roles,
  status,
  table,
} from "../en.json";
