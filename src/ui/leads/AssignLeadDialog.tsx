import type { LeadId, UserId } from "../../api/ids.ts";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AssignmentTarget } from "../../machines/leads/leadAssignment.machine.ts";
import type { AssignmentRequest } from "./AssignLeadMenu.tsx";

// the menu and its flow come with the first click: the leads' list loads neither before (decision 081)
const AssignLeadMenu = lazy(() => import("./AssignLeadMenu.tsx"));

/** A screen's assign menu: `open` shows it for a lead, `dialog` is where the screen draws it. */
export interface LeadAssignment {
  readonly open: (target: AssignmentTarget) => void;
  readonly dialog: ReactNode;
}

/**
 * The assign menu for a screen; `onAssigned` (the screen fetches what it shows again) once a lead
 * has its new agent. Nothing of the menu is loaded until an assign button is pressed.
 */
export function useLeadAssignment(onAssigned: () => void): LeadAssignment {
  const [request, setRequest] = useState<AssignmentRequest | null>(null);
  return {
    open: (target) => setRequest((last) => ({ target, count: (last?.count ?? 0) + 1 })),
    dialog:
      request === null ? null : (
        <Suspense fallback={null}>
          <AssignLeadMenu request={request} onAssigned={onAssigned} />
        </Suspense>
      ),
  };
}

/** A row's button that opens the assign menu for its lead; its name says which lead. */
export function AssignLeadButton({
  assignment,
  leadId,
  name,
  agentId,
}: {
  readonly assignment: LeadAssignment;
  readonly leadId: LeadId;
  readonly name: string;
  readonly agentId: UserId | null;
}) {
  const { t } = useTranslation();
  const label = t("leads.assign", { name });
  return (
    <button
      type="button"
      className="icon-button action-assign"
      aria-label={label}
      title={label}
      aria-haspopup="dialog"
      onClick={() => assignment.open({ leadId, name, agentId })}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="9" cy="8" r="4" />
          <path d="M2 21c0-4 3-6 7-6s7 2 7 6M19 8v6M16 11h6" />
        </g>
      </svg>
    </button>
  );
}
