import "./home.css";
import { useSelector } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { HomeContent } from "../../api/home.ts";
import { type ContentTarget, homeContentMachine } from "../../machines/home/homeContent.machine.ts";
import { ActiveIndicator } from "../shared/ActiveIndicator.tsx";
import { Carousel } from "./Carousel.tsx";
import { type Column, DataTable } from "../shared/DataTable.tsx";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { RowActions } from "../shared/RowActions.tsx";
import { Spinner } from "../shared/Spinner.tsx";
import { useServices } from "../shared/context.ts";
import { imageSrcSet, imageUrl } from "../catalogues/destinationFormat.ts";
import { listImplementations } from "../flows/flows.ts";
import { paths } from "../paths.ts";
import { useFlowActor } from "../shared/useFlow.ts";

/** One row of the home-content table: a banner, the call to action, or the recommendations. */
interface ContentRow {
  /** The row's position: banners and calls to action have ids of their own that may coincide. */
  readonly id: number;
  readonly type: "banner" | "call_action" | "recommendation";
  readonly title: string;
  readonly content: ReactNode;
  readonly active: boolean | null;
  readonly edit: string;
  /** What the delete button asks to delete; the recommendations are only edited. */
  readonly deletes: ContentTarget | null;
}

/** A banner's or the call to action's row (its type the kind its delete names): its title and state, and where it is edited. */
const recordRow = (
  deletes: ContentTarget,
  record: { readonly title: string; readonly active: boolean },
  edit: string,
  content: ReactNode,
): Omit<ContentRow, "id"> => ({ type: deletes.kind, title: record.title, active: record.active, edit, deletes, content });

/** /panel/home: the banners with their carousels, the call to action and the recommendations. */
export default function HomeView() {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [logic] = useState(() => homeContentMachine.provide(listImplementations(i18n)));
  const actor = useFlowActor(logic, { input: { client } });
  const content = useSelector(actor, (snapshot) => snapshot.context.content);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const fetching = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing") || snapshot.matches("confirming"));

  const rowsOf = (home: HomeContent): ReadonlyArray<ContentRow> => {
    const banners = home.banners.map((banner) =>
      recordRow(
        { kind: "banner", id: banner.id, title: t("home.deleteBanner", { title: banner.title }) },
        banner,
        paths.homeBanner(banner.id),
        banner.images.length === 0 ? (
          <small>{t("home.noImages")}</small>
        ) : (
          <Carousel
            className="home-carousel"
            label={t("home.carouselOf", { title: banner.title })}
            width={320}
            height={140}
            // home.css: a table cell's carousel is 200 px wide
            sizes="200px"
            slides={banner.images.map((path, index) => ({
              key: path,
              src: imageUrl(path),
              srcSet: imageSrcSet(path),
              alt: t("home.imageOf", { title: banner.title, number: index + 1 }),
            }))}
          />
        ),
      ),
    );
    const actions = home.call_action.map((action) =>
      recordRow(
        { kind: "call_action", id: action.id, title: t("home.deleteCallAction", { title: action.title }) },
        action,
        paths.homeCallAction(action.id),
        <div className="home-call-action">
          <span>{action.text}</span>
          <small>
            {action.buttonLabel} · <span className="home-link">{action.link}</span>
          </small>
        </div>,
      ),
    );
    const recommended = [...home.recommendations].sort((a, b) => a.position - b.position);
    const recommendations: Omit<ContentRow, "id"> = {
      type: "recommendation",
      title: t("home.recommendations"),
      active: null,
      edit: paths.homeRecommendations,
      deletes: null,
      content:
        recommended.length === 0 ? (
          <small>{t("home.noRecommendations")}</small>
        ) : (
          <ol className="home-recommended">
            {recommended.map((item) => (
              <li key={item.id}>{item.itinerary.name}</li>
            ))}
          </ol>
        ),
    };
    return [...banners, ...actions, recommendations].map((row, id) => ({ ...row, id }));
  };

  const columns: ReadonlyArray<Column<ContentRow>> = [
    { header: t("home.type"), narrow: true, cell: (row) => t(`home.types.${row.type}`) },
    { header: t("home.title"), cell: (row) => <strong>{row.title}</strong> },
    { header: t("home.content"), cell: (row) => row.content },
    {
      header: t("form.active"),
      narrow: true,
      cell: (row) => (row.active === null ? null : <ActiveIndicator active={row.active} />),
    },
    {
      header: t("actions.column"),
      narrow: true,
      cell: (row) => {
        const { deletes } = row;
        return (
          <RowActions
            disabled={processing}
            actions={[
              { kind: "edit", to: row.edit },
              ...(deletes === null
                ? []
                : [{ kind: "delete", onClick: () => actor.send({ type: "content.delete", target: deletes }) } as const]),
            ]}
          />
        );
      },
    },
  ];

  const noCallAction = content !== null && content.call_action.length === 0;

  return (
    <section aria-labelledby="page-title" className="home">
      <PageTitle title={t("home.pageTitle")} add={{ to: paths.homeBannerNew, label: t("home.newBanner") }} />
      <ErrorBanner message={error} />
      {fetching && <Spinner />}
      {content !== null && !fetching && (
        <>
          <DataTable caption={t("home.caption")} columns={columns} rows={rowsOf(content)} empty={t("table.empty")} />
          {noCallAction && (
            <p>
              <Link href={paths.homeCallActionNew} role="button" className="outline">
                {t("home.newCallAction")}
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
