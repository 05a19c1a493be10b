export { messages } from "../es.json";
