import "./assignLeadMenu.css";
import { useSelector } from "@xstate/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageText } from "../../i18n/messages.ts";
import { type AssignmentTarget, leadAssignmentMachine } from "../../machines/leads/leadAssignment.machine.ts";
import { useServices } from "../shared/context.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { showToast } from "../shared/toast.ts";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { Spinner } from "../shared/Spinner.tsx";

/** The latest menu asked for, counted, so that the same lead asked twice opens twice. */
export interface AssignmentRequest {
  readonly target: AssignmentTarget;
  readonly count: number;
}

/**
 * The assign menu, loaded with the first click on an assign button: its flow (the sales users,
 * read once and kept while the screen lives; the toast of the server's message; `onAssigned` so
 * the screen fetches what it shows again) and its dialog, open while the flow is not `closed`.
 * Escape and 'Cerrar' close it without assigning.
 */
export default function AssignLeadMenu({ request, onAssigned }: { readonly request: AssignmentRequest; readonly onAssigned: () => void }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [logic] = useState(() =>
    leadAssignmentMachine.provide({
      actions: {
        notify: (_, { message }) => void messageText(i18n, message).then(showToast),
        reportAssigned: onAssigned,
      },
    }),
  );
  const actor = useFlowActor(logic, { input: { client } });
  const opened = useRef(0);
  useEffect(() => {
    if (opened.current === request.count) return;
    opened.current = request.count;
    actor.send({ type: "menu.open", target: request.target });
  }, [actor, request]);
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
