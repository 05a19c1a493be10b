export { forgot, reset } from "../en.json";
