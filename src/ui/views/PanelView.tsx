import { useTranslation } from "react-i18next";
import { Route, Switch } from "wouter";
import { PanelLayout } from "../components/PanelLayout.tsx";
import type { MenuKey } from "../menu.ts";
import { paths } from "../paths.ts";
import { ComingSoonView } from "./ComingSoonView.tsx";
import { NotFoundView } from "./NotFoundView.tsx";

/** Each section's list, new and detail routes; their screens come with later issues. */
const sections: ReadonlyArray<{ readonly key: MenuKey; readonly patterns: ReadonlyArray<string> }> = [
  { key: "users", patterns: [paths.users, paths.usersNew, paths.user(":id")] },
  { key: "feeding", patterns: [paths.feeding, paths.feedingNew, paths.feedingItem(":id")] },
  { key: "activities", patterns: [paths.activities, paths.activitiesNew, paths.activity(":id")] },
  { key: "courtesys", patterns: [paths.courtesys, paths.courtesysNew, paths.courtesy(":id")] },
  { key: "home", patterns: [paths.home, paths.homeRecomendation, "/panel/home/:type/:id"] },
  { key: "leads", patterns: [paths.leads, paths.lead(":id")] },
  {
    key: "national",
    patterns: [
      paths.destinations("national"),
      paths.destinationsNew("national"),
      paths.destination("national", ":id"),
    ],
  },
  {
    key: "international",
    patterns: [
      paths.destinations("international"),
      paths.destinationsNew("international"),
      paths.destination("international", ":id"),
    ],
  },
];

/** The protected panel, loaded lazily so the login page stays small. */
export default function PanelView() {
  const { t } = useTranslation();
  return (
    <PanelLayout>
      <Switch>
        {sections.flatMap(({ key, patterns }) =>
          patterns.map((pattern) => (
            <Route key={pattern} path={pattern}>
              <ComingSoonView title={t(`nav.${key}`)} />
            </Route>
          )),
        )}
        <Route>
          <NotFoundView />
        </Route>
      </Switch>
    </PanelLayout>
  );
}
