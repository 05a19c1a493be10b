export { landing } from "../es.json";
