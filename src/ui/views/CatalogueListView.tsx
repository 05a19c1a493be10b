import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CatalogueItem } from "../../api/catalogues.ts";
import { itemCatalogueMachine } from "../../machines/catalogue.machine.ts";
import { ActiveIndicator } from "../components/ActiveIndicator.tsx";
import { type Column, DataTable } from "../components/DataTable.tsx";
import { ErrorBanner } from "../components/ErrorBanner.tsx";
import { PageTitle } from "../components/PageTitle.tsx";
import { RowActions } from "../components/RowActions.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { useServices } from "../context.ts";
import { listImplementations } from "../flows.ts";
import type { CatalogueScreen } from "../resources.ts";
import { useFlowActor } from "../useFlow.ts";

/** /panel/feeding, /panel/activities, /panel/courtesys: one view, told which catalogue it shows. */
export default function CatalogueListView({ resource }: { readonly resource: CatalogueScreen }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [logic] = useState(() => itemCatalogueMachine.provide(listImplementations(i18n)));
  const actor = useFlowActor(logic, { input: { client, contract: resource.contract, mode: { kind: "list" } } });
  const items = useSelector(actor, (snapshot) => snapshot.context.list);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const fetching = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));
  const title = t(`nav.${resource.key}`);

  const columns: ReadonlyArray<Column<CatalogueItem>> = [
    { header: t("status.active"), narrow: true, cell: (item) => <ActiveIndicator active={item.active} /> },
    { header: t("catalogue.name"), cell: (item) => item.name },
    {
      header: t("actions.column"),
      narrow: true,
      cell: (item) => (
        <RowActions
          disabled={processing}
          actions={[
            { kind: "edit", to: resource.itemPath(item.id) },
            {
              kind: "delete",
              onClick: () =>
                actor.send({ type: "item.delete", id: item.id, title: t("catalogue.deleteTitle", { name: item.name }) }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <section aria-labelledby="page-title">
      <PageTitle title={title} add={{ to: resource.newPaths[0], label: t(`catalogue.${resource.key}.new`) }} />
      <ErrorBanner message={error} />
      {fetching ? (
        <Spinner />
      ) : (
        <DataTable caption={title} columns={columns} rows={items} empty={t("table.empty")} />
      )}
    </section>
  );
}
