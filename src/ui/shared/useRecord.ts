import { useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, } from "wouter";
import { type ActorRefFrom, assign, } from "xstate";
import {
  type FormSource,
  previewsOf,
  type RecordFormMachine,
  type Versioned,
  withPreviews,
} from "../../machines/shared/recordForm.machine.ts";
import { useServices } from "./context.ts";
import { formImplementations, makePreview, revokePreviews } from "../flows/flows.ts";
import { revealProblem } from "./reveal.ts";
import { useFlowActor } from "./useFlow.ts";

/**
 * A form screen's flow: the form machine with the toast (or the caller's `notify`), the way back
 * to `listPath`, and image previews as object URLs.
 */
export function useRecordForm<Item extends Versioned, Options, Draft>(
  machine: RecordFormMachine<Item, Options, Draft>,
  {
    source,
    id,
    listPath,
    notify,
  }: {
    readonly source: FormSource<Item, Options, Draft>;
    readonly id: number | null;
    readonly listPath: string;
    /** How the saved message is told; a translated toast when not given. */
    readonly notify?: (message: string) => void;
  },
) {
  const { i18n } = useTranslation();
  const { client } = useServices();
  const [, navigate] = useLocation();
  const [logic] = useState(() => {
    const { actions } = formImplementations(i18n, () => navigate(listPath));
    return machine.provide({
      actions: {
        ...actions,
        ...(notify === undefined ? {} : { notify: (_: unknown, { message }: { message: string }) => notify(message) }),
        assignPreviews: assign({ images: ({ context }) => withPreviews(context.images, makePreview) }),
        revokePreviews,
        revealProblem: () => revealProblem(),
      },
    });
  });
  const actor = useFlowActor(logic, { input: { client, source, id } });

  // XState v5 runs no exit actions when an actor stops, so the last previews are released here
  useEffect(
    () => () => {
      for (const url of previewsOf(actor.getSnapshot().context.images)) URL.revokeObjectURL(url);
    },
    [actor],
  );
  return actor;
}

/** What every form screen reads from its flow, each with its own narrow selector. */
export function useRecordFormState<Item extends Versioned, Options, Draft>(actor: ActorRefFrom<RecordFormMachine<Item, Options, Draft>>) {
  return {
    item: useSelector(actor, (snapshot) => snapshot.context.item),
    options: useSelector(actor, (snapshot) => snapshot.context.options),
    revision: useSelector(actor, (snapshot) => snapshot.context.revision),
    images: useSelector(actor, (snapshot) => snapshot.context.images),
    progress: useSelector(actor, (snapshot) => snapshot.context.progress),
    problems: useSelector(actor, (snapshot) => snapshot.context.problems),
    error: useSelector(actor, (snapshot) => snapshot.context.error),
    fetching: useSelector(actor, (snapshot) => snapshot.matches("loading")),
    saving: useSelector(actor, (snapshot) => snapshot.matches("saving")),
    processing: useSelector(actor, (snapshot) => snapshot.hasTag("processing")),
    open: useSelector(
      actor,
      (snapshot) =>
        snapshot.matches("editing") || snapshot.matches("saving") || snapshot.matches("reloading") || snapshot.matches("outdated"),
    ),
    reload: useSelector(actor, (snapshot) => snapshot.matches("outdated")) ? () => actor.send({ type: "form.reload" }) : null,
    change: (field: string) => actor.send({ type: "field.change", field }),
    // leaving asks first while the user's changes are only in the form (not while it saves them)
    unsaved: useSelector(
      actor,
      (snapshot) => snapshot.context.changed && (snapshot.matches("editing") || snapshot.matches("outdated")),
    ),
  };
}
