export { brand, carousel, fields, language, loading, login, notFound, password } from "../en.json";
