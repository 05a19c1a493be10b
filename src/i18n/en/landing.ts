export { landing } from "../en.json";
