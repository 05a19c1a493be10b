import { setup } from "xstate";

/** The colour schemes the user menu offers (src/ui/shared/theme.ts draws them). */
export type ThemeChoice = "system" | "light" | "dark";

export interface ThemeInput {
  /** What the user chose last time, or the system's scheme. */
  readonly stored: ThemeChoice;
}

export type ThemeEvent = { readonly type: "theme.choose"; readonly choice: ThemeChoice };

/** A choice in the user menu: the scheme's state, where it is drawn, after it is remembered. */
const choose = (choice: ThemeChoice, description: string) =>
  ({
    guard: { type: "isChoice", params: ({ event }: { readonly event: ThemeEvent }) => ({ chosen: event.choice, choice }) },
    target: choice,
    actions: { type: "storeTheme", params: { choice } },
    description,
  }) as const;

/** Every scheme can be chosen from every other. */
const choices = [
  choose("system", "The user picked 'Como el sistema': remembered, and the system's scheme is drawn."),
  choose("light", "The user picked 'Claro': remembered, and the page is drawn light."),
  choose("dark", "The user picked 'Oscuro': remembered, and the page is drawn dark."),
];

/**
 * The panel's colour scheme: the system's until the user picks light or dark in the user menu;
 * the choice is drawn at once and remembered. Drawing and remembering are the view's
 * (`applyTheme`, `storeTheme`).
 */
export const themeMachine = setup({
  types: {
    input: {} as ThemeInput,
    context: {} as ThemeInput,
    events: {} as ThemeEvent,
  },
  actions: {
    /** The view sets or removes `data-theme` on the page. */
    applyTheme: (_, _params: { choice: ThemeChoice }) => {},
    /** The view keeps the choice in local storage. */
    storeTheme: (_, _params: { choice: ThemeChoice }) => {},
  },
  guards: {
    isChoice: (_, params: { chosen: ThemeChoice; choice: ThemeChoice }) => params.chosen === params.choice,
    wasStored: ({ context }, params: { choice: ThemeChoice }) => context.stored === params.choice,
  },
}).createMachine({
  id: "theme",
  description:
    "The colour scheme of the panel and the landing page: the system's, or light or dark as chosen in the user menu, remembered.",
  context: ({ input }) => ({ stored: input.stored }),
  initial: "starting",
  states: {
    starting: {
      description: "The menu opens with the scheme chosen last time in this browser.",
      always: [
        { guard: { type: "wasStored", params: { choice: "light" } }, target: "light", description: "Light was chosen before." },
        { guard: { type: "wasStored", params: { choice: "dark" } }, target: "dark", description: "Dark was chosen before." },
        { target: "system", description: "Nothing (or the system's) was chosen before." },
      ],
    },
    system: {
      description: "The page follows the system's scheme, even as it changes.",
      entry: { type: "applyTheme", params: { choice: "system" } },
      on: { "theme.choose": choices },
    },
    light: {
      description: "The page is drawn light whatever the system says.",
      entry: { type: "applyTheme", params: { choice: "light" } },
      on: { "theme.choose": choices },
    },
    dark: {
      description: "The page is drawn dark whatever the system says.",
      entry: { type: "applyTheme", params: { choice: "dark" } },
      on: { "theme.choose": choices },
    },
  },
});
