import type { i18n } from "i18next";
import { lazy, Suspense, useEffect } from "react";
import { I18nextProvider } from "react-i18next";
import { Route, Router, Switch } from "wouter";
import { withTexts } from "../i18n/index.ts";
import { ServicesContext } from "./context.ts";
import { leaveDialog } from "./components/leaveDialog.ts";
import { RequireSession } from "./components/RequireSession.tsx";
import { guardLeaving, useGuardedLocation } from "./leaving.ts";
import { Spinner } from "./components/Spinner.tsx";
import { paths, patterns } from "./paths.ts";
import type { Services } from "./services.ts";
import LoginView from "./views/LoginView.tsx";
import { NotFoundView } from "./views/NotFoundView.tsx";

// Only the login page is in the first download; every other screen comes when visited, with its texts.
const PublicPage = lazy(() => import("./home/PublicPage.tsx"));
const ForgotPasswordView = lazy(() => withTexts("account", import("./views/ForgotPasswordView.tsx")));
const ChangePasswordView = lazy(() => withTexts(["account", "messages"], import("./views/ChangePasswordView.tsx")));
const PanelView = lazy(() => withTexts(["panel", "messages"], import("./views/PanelView.tsx")));

export function App({ services, i18n }: { readonly services: Services; readonly i18n: i18n }) {
  useEffect(() => guardLeaving(leaveDialog(i18n)), [i18n]);
  return (
    <I18nextProvider i18n={i18n}>
      <ServicesContext value={services}>
        <Router hook={useGuardedLocation}>
          <Suspense fallback={<Spinner />}>
            <Switch>
              <Route path={paths.landing} component={PublicPage} />
              <Route path={paths.login} component={LoginView} />
              <Route path={paths.forgotPassword} component={ForgotPasswordView} />
              <Route path={patterns.changePassword}>
                {(params) => <ChangePasswordView id={params.id} />}
              </Route>
              <Route path={patterns.panel}>
                <RequireSession>
                  <PanelView />
                </RequireSession>
              </Route>
              <Route>
                <main className="container">
                  <NotFoundView />
                </main>
              </Route>
            </Switch>
          </Suspense>
        </Router>
      </ServicesContext>
    </I18nextProvider>
  );
}
