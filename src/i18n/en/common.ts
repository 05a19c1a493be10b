export { brand, fields, language, loading, login, notFound, password } from "../en.json";
