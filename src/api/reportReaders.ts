import type { roleNames } from "./roles.ts";

// Apart from reports.ts, whose schemas the panel's sidebar (src/ui/shared/menu.ts) does not load.
export const reportNames = ["occupancy", "sales", "expiring", "leads", "receivables", "payments", "penalties"] as const;

/** Who reads each report (DOMAIN.md section 2: reports, marketing the leads only). */
export const reportReaders: Readonly<Record<(typeof reportNames)[number], ReadonlyArray<(typeof roleNames)[number]>>> = {
  occupancy: ["admin", "sales"],
  sales: ["admin", "sales"],
  expiring: ["admin", "sales"],
  leads: ["admin", "sales", "marketing"],
  receivables: ["admin", "sales"],
  payments: ["admin", "sales"],
  penalties: ["admin", "sales"],
};
