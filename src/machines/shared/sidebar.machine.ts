import { setup } from "xstate";

export type SidebarEvent =
  | { readonly type: "sidebar.toggle" }
  | { readonly type: "sidebar.dismiss" }
  | { readonly type: "sidebar.choose"; readonly to: string }
  | { readonly type: "sidebar.point"; readonly to: string };

/** The panel's sidebar on small screens; on wide screens it is always shown and stays closed here. */
export const sidebarMachine = setup({
  types: {
    events: {} as SidebarEvent,
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
    fetchScreen: (_, _params: { to: string }) => {},
  },
}).createMachine({
  id: "sidebar",
  description: "Whether the collapsible sidebar is open over the page.",
  initial: "closed",
  on: {
    "sidebar.point": {
      actions: { type: "fetchScreen", params: ({ event }) => ({ to: event.to }) },
      description:
        "An entry is pointed at, touched or focused: its screen's code is fetched ahead, so that choosing it draws the screen at once; open or closed, the sidebar stays as it is.",
    },
  },
  states: {
    closed: {
      description: "The sidebar is hidden behind the menu button (small screens).",
      on: {
        "sidebar.toggle": { target: "open", description: "The menu button opens the sidebar." },
        "sidebar.choose": {
          target: "closed",
          actions: { type: "navigate", params: ({ event }) => ({ to: event.to }) },
          description: "An entry was chosen where the sidebar is always visible: navigate.",
        },
      },
    },
    open: {
      description: "The sidebar covers the page, with a dimmed overlay behind it.",
      on: {
        "sidebar.toggle": { target: "closed", description: "The menu button closes the sidebar." },
        "sidebar.dismiss": {
          target: "closed",
          description: "A click on the overlay (or Escape) closes the sidebar.",
        },
        "sidebar.choose": {
          target: "closed",
          actions: { type: "navigate", params: ({ event }) => ({ to: event.to }) },
          description: "Choosing an entry navigates and closes the sidebar.",
        },
      },
    },
  },
});
