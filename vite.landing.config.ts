import { defineConfig } from "vite";

/**
 * The public landing page's script and stylesheet (decision 070): a build of their own beside the
 * panel's in dist/, so that nothing of the panel (React, i18next, Pico) ever comes with them. The
 * server finds the hashed names in the manifest (server/home/landing.ts); the contact form's code
 * is a chunk of its own, loaded when the visitor reaches the form.
 */
export default defineConfig({
  build: {
    outDir: "dist",
    // the panel's build is already there
    emptyOutDir: false,
    manifest: ".vite/landing.json",
    sourcemap: false,
    target: "es2022",
    modulePreload: { polyfill: false },
    rolldownOptions: { input: { landing: "src/ui/home/landing.ts" } },
  },
});
