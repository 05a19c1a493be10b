import type { LeadId, UserId } from "../../api/ids.ts";
import { useSelector } from "@xstate/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import { messageText } from "../../i18n/messages.ts";
import { leadAssignmentMachine } from "../../machines/leads/leadAssignment.machine.ts";
import { useServices } from "../shared/context.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { showToast } from "../shared/toast.ts";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { Spinner } from "../shared/Spinner.tsx";

type AssignmentActor = ActorRefFrom<typeof leadAssignmentMachine>;

/**
 * The assign menu's flow for a screen: the toast of the server's message, and `onAssigned` (the
 * screen fetches what it shows again) once a lead has its new agent.
 */
export function useLeadAssignment(onAssigned: () => void): AssignmentActor {
  const { i18n } = useTranslation();
  const { client } = useServices();
  const [logic] = useState(() =>
    leadAssignmentMachine.provide({
      actions: {
        notify: (_, { message }) => void messageText(i18n, message).then(showToast),
        reportAssigned: onAssigned,
      },
    }),
  );
  return useFlowActor(logic, { input: { client } });
}

/** A row's button that opens the assign menu for its lead; its name says which lead. */
export function AssignLeadButton({
  actor,
  leadId,
  name,
  agentId,
}: {
  readonly actor: AssignmentActor;
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
      onClick={() => actor.send({ type: "menu.open", target: { leadId, name, agentId } })}
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

/**
 * The assign menu: a small dialog listing the active sales users, open while the assignment
 * machine is not `closed`. Escape and 'Cerrar' close it without assigning.
 */
export function AssignLeadDialog({ actor }: { readonly actor: AssignmentActor }) {
  const { t } = useTranslation();
  const open = useSelector(actor, (snapshot) => !snapshot.matches("closed"));
  const target = useSelector(actor, (snapshot) => snapshot.context.target);
  const users = useSelector(actor, (snapshot) => snapshot.context.salesUsers);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const fetching = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));
  const firstChoice = useRef<HTMLButtonElement>(null);
  // the first choice takes the focus once the list shows, so a keyboard user starts in the menu
  useEffect(() => {
    if (open && users !== null) firstChoice.current?.focus();
  }, [open, users]);
  if (!open || target === null) return null;
  const close = () => actor.send({ type: "menu.close" });
  return (
    <dialog
      open
      className="assign-dialog"
      aria-labelledby="assign-title"
      aria-busy={processing}
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
    >
      <article>
        <header>
          <h2 id="assign-title">{t("leads.assignTitle", { name: target.name })}</h2>
        </header>
        <ErrorBanner message={error} />
        {fetching && <Spinner />}
        {users !== null && users.length === 0 && <p>{t("leads.noSalesUsers")}</p>}
        {users !== null && users.length > 0 && (
          <>
            <p id="assign-text">{t("leads.assignText")}</p>
            <ul className="agent-choices" aria-labelledby="assign-text">
              {users.map((user, index) => {
                const current = user.id === target.agentId;
                return (
                  <li key={user.id}>
                    <button
                      type="button"
                      className={current ? "agent-choice current" : "agent-choice secondary outline"}
                      aria-current={current ? "true" : undefined}
                      disabled={processing}
                      ref={index === 0 ? firstChoice : undefined}
                      onClick={() => actor.send({ type: "agent.choose", userId: user.id })}
                    >
                      {`${user.first_name} ${user.last_name}`}
                      {current && <small> ({t("leads.currentAgent")})</small>}
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
        <footer>
          <button type="button" className="secondary" onClick={close}>
            {t("leads.close")}
          </button>
        </footer>
      </article>
    </dialog>
  );
}
