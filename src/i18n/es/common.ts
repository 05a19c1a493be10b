export { brand, fields, language, loading, login, notFound, password } from "../es.json";
