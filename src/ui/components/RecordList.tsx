import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { RecordListMachine } from "../../machines/recordList.machine.ts";
import { type Column, DataTable } from "./DataTable.tsx";
import { ErrorBanner } from "./ErrorBanner.tsx";
import { PageTitle } from "./PageTitle.tsx";
import { RowActions } from "./RowActions.tsx";
import { Spinner } from "./Spinner.tsx";

/** A row command's button: its icon kind (SPEC.md section 2), the source's command and the dialog's title. */
export interface CommandButton {
  readonly kind: "changePass" | "play" | "pluss" | "edit_modal";
  readonly command: string;
  readonly title: string;
}

/** What one row's buttons do: where edit goes, what the delete dialog asks, and its commands. */
export interface RowButtons {
  readonly edit: string;
  readonly deleteTitle: string;
  readonly commands?: ReadonlyArray<CommandButton>;
}

/**
 * The one list screen of the panel: the title with its add button, the red banner, the spinner
 * while the rows load, and the table with each row's edit, commands and delete. It reads the list
 * machine and only sends it events; the columns are the caller's.
 */
export function RecordList<Row extends { readonly id: number }>({
  actor,
  title,
  add,
  columns,
  buttons,
}: {
  readonly actor: ActorRefFrom<RecordListMachine<Row>>;
  readonly title: string;
  readonly add: { readonly to: string; readonly label: string };
  readonly columns: ReadonlyArray<Column<Row>>;
  readonly buttons: (row: Row) => RowButtons;
}) {
  const { t } = useTranslation();
  const rows = useSelector(actor, (snapshot) => snapshot.context.rows);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const fetching = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));

  const actionsColumn: Column<Row> = {
    header: t("actions.column"),
    narrow: true,
    cell: (row) => {
      const { edit, deleteTitle, commands = [] } = buttons(row);
      return (
        <RowActions
          disabled={processing}
          actions={[
            { kind: "edit", to: edit },
            ...commands.map((command) => ({
              kind: command.kind,
              onClick: () =>
                actor.send({ type: "row.command", command: command.command, id: row.id, title: command.title }),
            })),
            { kind: "delete", onClick: () => actor.send({ type: "row.delete", id: row.id, title: deleteTitle }) },
          ]}
        />
      );
    },
  };

  return (
    <>
      <PageTitle title={title} add={add} />
      <ErrorBanner message={error} />
      {fetching ? (
        <Spinner />
      ) : (
        <DataTable caption={title} columns={[...columns, actionsColumn]} rows={rows} empty={t("table.empty")} />
      )}
    </>
  );
}
