import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const apiPort = Number(process.env.API_PORT ?? 3001);

const translationFile = (language: string) => fileURLToPath(new URL(`src/i18n/${language}.json`, import.meta.url));
const translationLanguages = new Map(["es", "en"].map((language) => [translationFile(language), language]));
const SECTION = "translation-section:";

/**
 * es.json and en.json stay one file per language, but the bundler keeps a module whole: every
 * screen would download every text in the language. Here each top-level section (`login`,
 * `leads`, ...) becomes a module of its own, so a group of src/i18n (es/common.ts, ...), which
 * re-exports the sections of a few screens, turns into a chunk holding just those sections.
 */
const translationSections = (): Plugin => ({
  name: "translation-sections",
  enforce: "pre",
  async resolveId(source, importer, options) {
    if (source.startsWith(SECTION)) return `\0${source}`;
    if (!source.endsWith(".json")) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    const language = resolved === null ? undefined : translationLanguages.get(resolved.id);
    return language === undefined ? null : `\0${SECTION}${language}`;
  },
  load(id) {
    if (!id.startsWith(`\0${SECTION}`)) return null;
    const [language = "", section] = id.slice(SECTION.length + 1).split("/");
    const file = translationFile(language);
    this.addWatchFile(file);
    const sections: Record<string, unknown> = JSON.parse(readFileSync(file, "utf8"));
    if (section !== undefined) return `export default ${JSON.stringify(sections[section])};`;
    // the same exports as the JSON module had, with quoted names so that any section name works
    const names = Object.keys(sections).map((name, index) => ({ local: `s${index}`, quoted: JSON.stringify(name), name }));
    return [
      ...names.map(({ local, name }) => `import ${local} from ${JSON.stringify(`${SECTION}${language}/${name}`)};`),
      `export { ${names.map(({ local, quoted }) => `${local} as ${quoted}`).join(", ")} };`,
      `export default { ${names.map(({ local, quoted }) => `${quoted}: ${local}`).join(", ")} };`,
    ].join("\n");
  },
});

interface SyntaxNode {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly [field: string]: unknown;
}

const isNode = (value: unknown): value is SyntaxNode => typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";

/** A `description: "..."` property of a sentence: a state's, an event's, a guard's or an action's words for the visualizer. */
const isWrittenDescription = (node: SyntaxNode): boolean => {
  if (node.type !== "Property" || !isNode(node.key) || !isNode(node.value)) return false;
  const { key, value } = node;
  const named = key.name === "description" || key.value === "description";
  // a sentence, never a record's empty or one-word field
  const sentence = (value.type === "Literal" && typeof value.value === "string" && value.value.includes(" ")) || (value.type === "TemplateLiteral" && (value.expressions as unknown[]).length === 0);
  return named && sentence;
};

/**
 * The machines describe every state, event, guard and action for the Stately visualizer and the
 * flows page (docs/flows, generated from the sources in Node). The browser never reads those words
 * from a running machine, so the panel's build leaves them out of the machines' files (*.machine.ts):
 * 50 KB of text (decision 096).
 */
const machineDescriptionsLeftOut = (): Plugin => ({
  name: "machine-descriptions-left-out",
  apply: "build",
  enforce: "post",
  transform(code, id) {
    if (!/\/src\/machines\/.*\.machine\.ts$/.test(id) || !code.includes("description")) return null;
    const cuts: Array<readonly [number, number]> = [];
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) for (const child of node) visit(child);
      if (!isNode(node)) return;
      if (isWrittenDescription(node)) {
        const comma = /^\s*,/.exec(code.slice(node.end));
        cuts.push([node.start, node.end + (comma?.[0].length ?? 0)]);
        return;
      }
      for (const child of Object.values(node)) if (typeof child === "object") visit(child);
    };
    visit(this.parse(code));
    if (cuts.length === 0) return null;
    // from the last cut back, so that each cut's positions still hold
    const kept = cuts.sort((a, b) => a[0] - b[0]).reduceRight((text, [start, end]) => text.slice(0, start) + text.slice(end), code);
    return { code: kept, map: null };
  },
});

export default defineConfig({
  plugins: [react(), translationSections(), machineDescriptionsLeftOut()],
  build: {
    outDir: "dist",
    // dist/.vite/manifest.json: the server names in a start route's HTML the chunks that route imports (server/http/panel.ts)
    manifest: true,
    sourcemap: false,
    target: "es2022",
    // Browsers without <link rel=modulepreload> (Safari before 17) still load every module, a
    // little later; the polyfill cost every visitor its bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first page needs is one file: a dozen small shared chunks each compressed
          // on their own cost more bytes and requests. Lazy screens import from it.
          groups: [{ name: "app", tags: ["$initial"] }],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    // The public landing page `/` is the server's (decision 070); its script is served from here.
    proxy: { "/api": `http://127.0.0.1:${apiPort}`, "^/(\\?.*)?$": `http://127.0.0.1:${apiPort}` },
  },
});
