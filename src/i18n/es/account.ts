export { forgot, reset } from "../es.json";
