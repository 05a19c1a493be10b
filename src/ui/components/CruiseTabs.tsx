import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { type CruiseTab, cruiseTabs, departures } from "../../records/cruises.ts";

/** A departure's tabs (DOMAIN.md section 8), the current one marked. */
export function CruiseTabs({ id, current }: { readonly id: number; readonly current: CruiseTab }) {
  const { t } = useTranslation();
  return (
    <nav className="cruise-tabs" aria-label={t("cruises.tabs")}>
      {cruiseTabs.map((tab) => (
        <Link key={tab} href={departures.tabPath(id, tab)} aria-current={tab === current ? "page" : undefined}>
          {t(`cruises.tab.${tab}`)}
        </Link>
      ))}
    </nav>
  );
}
