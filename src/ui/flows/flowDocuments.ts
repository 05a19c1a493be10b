import { type AnyEventObject, createMachine, type MachineConfig, type MachineContext } from "xstate";
import { type FlowDocument, type FlowPaths, flowModel } from "../../machines/flows/flowModel.ts";

/**
 * What `npm run flows` writes to docs/flows, loaded one machine at a time: <id>.json (the
 * configuration, as the Stately editor imports it) and <id>.paths.json (the generated paths).
 * The flows page never imports the machines' fixtures nor generates paths itself; the files'
 * shape is what scripts/flowDocuments.ts writes, and tests/paths/flows.test.ts fails when they
 * are stale or when the diagram drawn from them differs from the machine's own.
 */
const configFiles = import.meta.glob<MachineConfig<MachineContext, AnyEventObject>>(
  ["../../../docs/flows/*.json", "!../../../docs/flows/*.paths.json", "!../../../docs/flows/descriptions.*.json"],
  { import: "default" },
);
const pathFiles = import.meta.glob<FlowPaths>("../../../docs/flows/*.paths.json", { import: "default" });

/** `../../../docs/flows/login.paths.json` -> `login`. */
const idOf = (file: string): string => file.slice(file.lastIndexOf("/") + 1).replace(/(\.paths)?\.json$/, "");

const configs = new Map(Object.entries(configFiles).map(([file, load]) => [idOf(file), load]));
const paths = new Map(Object.entries(pathFiles).map(([file, load]) => [idOf(file), load]));

/** Every machine docs/flows describes, by id. */
export const flowIds: ReadonlyArray<string> = [...configs.keys()].filter((id) => paths.has(id)).sort();

/** One machine's diagram (rebuilt from its configuration) and its generated paths. */
export const loadFlowDocument = async (machineId: string): Promise<FlowDocument> => {
  const loadConfig = configs.get(machineId);
  const loadPaths = paths.get(machineId);
  if (loadConfig === undefined || loadPaths === undefined) throw new Error(`docs/flows has no ${machineId}`);
  const [config, written] = await Promise.all([loadConfig(), loadPaths()]);
  return { model: flowModel(createMachine(config)), paths: written.paths };
};

/**
 * The machines describe themselves in English; docs/flows/descriptions.<language>.json maps each
 * English description to its translation (tests/paths/flowDescriptions.test.ts keeps it complete).
 * Each file is its own chunk, fetched only when the flows page is shown in that language.
 */
const descriptionFiles = import.meta.glob<Readonly<Record<string, string>>>("../../../docs/flows/descriptions.*.json", {
  import: "default",
});

/** A description in the page's language: the English text where there is no translation. */
export type DescribeFlow = (english: string) => string;

const english: DescribeFlow = (text) => text;
const loadedDescriptions = new Map<string, Promise<DescribeFlow>>();

/**
 * The descriptions in `language`, one promise per language so React's `use` reads it across
 * renders without fetching again.
 */
export const flowDescriptions = (language: string): Promise<DescribeFlow> => {
  const loaded = loadedDescriptions.get(language);
  if (loaded !== undefined) return loaded;
  const load = descriptionFiles[`../../../docs/flows/descriptions.${language}.json`];
  // a translation that cannot be fetched leaves the English text: the diagram is still right
  const describe =
    load === undefined
      ? Promise.resolve(english)
      : load().then(
          (translations): DescribeFlow => {
            const translated = new Map(Object.entries(translations));
            return (text) => translated.get(text) || text;
          },
          () => english,
        );
  loadedDescriptions.set(language, describe);
  return describe;
};
