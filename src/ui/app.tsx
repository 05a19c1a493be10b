import type { i18n } from "i18next";
import { lazy, Suspense, useEffect } from "react";
import { I18nextProvider } from "react-i18next";
import { Route, Router, Switch } from "wouter";
import { withTexts } from "../i18n/index.ts";
import { ServicesContext } from "./shared/context.ts";
import { leaveDialog } from "./shared/leaveDialog.ts";
import { RequireSession } from "./session/RequireSession.tsx";
import { guardLeaving, useGuardedLocation } from "./shared/leaving.ts";
import { Spinner } from "./shared/Spinner.tsx";
import { paths, patterns } from "./paths.ts";
import type { Services } from "./shared/services.ts";
import { NotFoundView } from "./shared/NotFoundView.tsx";
import { lazyChunk } from "./shared/lazyChunk.tsx";
import { panelChunk } from "./shared/screenChunks.ts";

// Every screen comes when visited, with its texts; the login page too, so that a signed-in page's
// first download holds no login form and no login machine (decision 081).
const LoginView = lazy(() => import("./session/LoginView.tsx"));
const PublicPage = lazy(() => import("./home/PublicPage.tsx"));
const ForgotPasswordView = lazy(() => withTexts("account", import("./session/ForgotPasswordView.tsx")));
const ChangePasswordView = lazy(() => withTexts(["account", "messages"], import("./session/ChangePasswordView.tsx")));
// fetched at start beside the session's check when a session is stored (./shared/screenChunks.ts)
const PanelView = lazyChunk(panelChunk);

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
