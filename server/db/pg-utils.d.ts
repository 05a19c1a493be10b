/** The part of node-pg's own utilities the adapter uses (@types/pg declares only the package's root). */
declare module "pg/lib/utils.js" {
  const utils: {
    /** A parameter's value as the driver sends it: its text, a Buffer for bytea, or null. */
    readonly prepareValue: (value: unknown) => unknown;
  };
  export default utils;
}
