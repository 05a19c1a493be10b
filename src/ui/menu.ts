import type { RoleName } from "../api/endpoint.ts";
import { paths } from "./paths.ts";

export type MenuKey =
  | "users"
  | "feeding"
  | "activities"
  | "courtesys"
  | "home"
  | "leads"
  | "national"
  | "international"
  | "flows";

export interface MenuEntry {
  readonly key: MenuKey;
  readonly path: string;
  readonly section: "administration" | "screens";
  readonly roles: ReadonlyArray<RoleName>;
}

const everyone: ReadonlyArray<RoleName> = ["admin", "marketing", "sales"];

/** The sidebar of SPEC.md section 6: which role sees which entry. */
export const menu: ReadonlyArray<MenuEntry> = [
  { key: "users", path: paths.users, section: "administration", roles: ["admin"] },
  { key: "feeding", path: paths.feeding, section: "administration", roles: everyone },
  { key: "activities", path: paths.activities, section: "administration", roles: everyone },
  { key: "courtesys", path: paths.courtesys, section: "administration", roles: everyone },
  { key: "home", path: paths.home, section: "screens", roles: ["admin", "marketing"] },
  { key: "leads", path: paths.leads, section: "screens", roles: everyone },
  { key: "national", path: paths.destinations("national"), section: "screens", roles: everyone },
  { key: "international", path: paths.destinations("international"), section: "screens", roles: everyone },
  { key: "flows", path: paths.flows, section: "screens", roles: ["admin", "marketing"] },
];

export const entriesFor = (role: RoleName): ReadonlyArray<MenuEntry> =>
  menu.filter((entry) => entry.roles.includes(role));
