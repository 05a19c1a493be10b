export { brand, carousel, fields, language, loading, login, password, problem } from "../es.json";
