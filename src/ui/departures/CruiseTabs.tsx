import "./cruiseTabs.css";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { type CruiseTab, cruiseTabs, departures, tabReaders } from "../../machines/departures/record.ts";
import { useRole } from "../shared/useRole.ts";

/** A departure's tabs (DOMAIN.md section 8) the user's role reads, the current one marked. */
export function CruiseTabs({ id, current }: { readonly id: number; readonly current: CruiseTab }) {
  const { t } = useTranslation();
  const role = useRole();
  return (
    <nav className="cruise-tabs" aria-label={t("cruises.tabs")}>
      {cruiseTabs.filter((tab) => role !== null && tabReaders(tab).includes(role)).map((tab) => (
        <Link key={tab} href={departures.tabPath(id, tab)} aria-current={tab === current ? "page" : undefined}>
          {t(`cruises.tab.${tab}`)}
        </Link>
      ))}
    </nav>
  );
}
