import "./destinations.css";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DestinationType, Itinerary } from "../../api/itineraries.ts";
import { destinationListMachine, destinationListSource } from "../../machines/catalogues/itineraries.ts";
import type { Column } from "../shared/DataTable.tsx";
import { PagedList } from "../shared/PagedList.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { formatMoney, imageSrcSet, imageUrl } from "./destinationFormat.ts";
import { paths } from "../paths.ts";
import { useRecordList } from "../shared/recordListProps.tsx";

/** A short list after its label; nothing when the list is empty, so a row stays compact. */
function ShortList({ label, items }: { readonly label: string; readonly items: ReadonlyArray<string> }) {
  if (items.length === 0) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>{items.join(", ")}</dd>
    </div>
  );
}

const names = (items: ReadonlyArray<{ readonly name: string }>) => items.map((item) => item.name);

/** /panel/national/destinations and /panel/international/destinations. */
export default function DestinationsView({ type }: { readonly type: DestinationType }) {
  const { t, i18n } = useTranslation();
  const [source] = useState(() => destinationListSource(type));
  const title = t(`destinations.${type}`);
  const money = (amount: number) => formatMoney(i18n.language, amount);

  const columns: ReadonlyArray<Column<Itinerary>> = [
    {
      header: t("destinations.image"),
      narrow: true,
      cell: (destination) => (
        <img
          className="destination-thumb"
          sizes="80px"
          srcSet={imageSrcSet(destination.image)}
          src={imageUrl(destination.image)}
          alt={destination.imageAlt === "" ? destination.name : destination.imageAlt}
          loading="lazy"
          width={80}
          height={60}
        />
      ),
    },
    {
      header: t("destinations.destination"),
      sort: "name",
      text: (destination) => destination.name,
      cell: (destination) => (
        <div className="destination-summary">
          <strong>{destination.name}</strong>
          {destination.days !== "" && <small>{destination.days}</small>}
          {destination.description !== "" && <p>{destination.description}</p>}
        </div>
      ),
    },
    {
      header: t("destinations.included"),
      cell: (destination) => (
        <dl className="destination-included">
          <ShortList
            label={t("destinations.servicesIncluded")}
            items={destination.servicesIncluded.map((service) => t(`destinations.services.${service}`))}
          />
          <ShortList label={t("destinations.feeding")} items={names(destination.feeding)} />
          <ShortList label={t("destinations.activities")} items={names(destination.activities)} />
          <ShortList label={t("destinations.courtesy")} items={names(destination.courtesy)} />
        </dl>
      ),
    },
    {
      header: t("destinations.departureFrom"),
      sort: "departure",
      cell: (destination) => destination.departureFrom.join(", "),
      text: (destination) => destination.departureFrom.join(", "),
    },
    {
      header: t("destinations.prices"),
      narrow: true,
      sort: "price",
      text: (destination) =>
        destination.isOffer && destination.offerPrice !== null
          ? `${money(destination.price)} (${t("destinations.offerPrice")} ${money(destination.offerPrice)})`
          : money(destination.price),
      cell: (destination) => (
        <div className="destination-prices">
          <span>{money(destination.price)}</span>
          {destination.isOffer && destination.offerPrice !== null && (
            <span className="destination-offer">
              <small>{t("destinations.offerPrice")}</small>
              {money(destination.offerPrice)}
            </span>
          )}
        </div>
      ),
    },
  ];
  const list = useRecordList<Itinerary>({
    machine: destinationListMachine,
    source,
    id: `${type}-destinations`,
    title,
    columns,
    buttons: (destination) => ({
      edit: paths.destination(type, destination.id),
      deleteTitle: t("destinations.deleteTitle", { name: destination.name }),
    }),
  });

  return (
    <section aria-labelledby="page-title" className="destinations">
      <PageTitle title={title} add={{ to: paths.destinationsNew(type), label: t("destinations.new") }} />
      <PagedList {...list} />
    </section>
  );
}
