export { messages } from "../en.json";
