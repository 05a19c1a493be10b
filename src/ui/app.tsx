import type { i18n } from "i18next";
import { lazy, Suspense, useEffect } from "react";
import { I18nextProvider } from "react-i18next";
import { Route, Router, Switch } from "wouter";
import { ServicesContext } from "./shared/context.ts";
import { leaveDialog } from "./shared/leaveDialog.ts";
import { RequireSession } from "./session/RequireSession.tsx";
import { guardLeaving, useGuardedLocation } from "./shared/leaving.ts";
import { Spinner } from "./shared/Spinner.tsx";
import { paths, patterns } from "./paths.ts";
import type { Services } from "./shared/services.ts";
import { NotFoundView } from "./shared/NotFoundView.tsx";
import { lazyChunk } from "./shared/lazyChunk.tsx";
import { changePasswordChunk, forgotPasswordChunk, loginChunk, panelChunk } from "./shared/screenChunks.ts";

// fetched at start when the start opens them (./shared/screenChunks.ts)
const LoginView = lazyChunk(loginChunk);
const PublicPage = lazy(() => import("./home/PublicPage.tsx"));
const ForgotPasswordView = lazyChunk(forgotPasswordChunk);
const ChangePasswordView = lazyChunk(changePasswordChunk);
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
