import "./panel.css";
import { useSelector } from "@xstate/react";
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { sidebarMachine } from "../../machines/shared/sidebar.machine.ts";
import { useServices } from "./context.ts";
import { entriesFor, type MenuEntry } from "./menu.ts";
import { askToLeave } from "./leaving.ts";
import { screenChunkAt } from "./panelScreens.ts";
import { isEntryActive, paths } from "../paths.ts";
import { LanguageSelect } from "./LanguageSelect.tsx";
import { ThemeSelect } from "./ThemeSelect.tsx";
import { Logo } from "./Logo.tsx";
import { Spinner } from "./Spinner.tsx";
import { useFlowActor, useFlowMachine } from "./useFlow.ts";
import { changeStreamMachine } from "../../machines/shared/changeStream.machine.ts";
import { deliverChange } from "./changes.ts";

/** A choice of the user menu closes it: the dropdown would otherwise cover the page it opens. */
const closeMenu = (event: MouseEvent<HTMLAnchorElement>) => event.currentTarget.closest("details")?.removeAttribute("open");

/**
 * The protected panel's frame: fixed sidebar by role, top bar with welcome and sign-out. While
 * `navigating` (the next screen made ready in the background, leaving.ts) the screen before is
 * inert and a bar runs along the top: a press on it meanwhile would act on a screen being left.
 */
export function PanelLayout({ children, navigating = false }: { readonly children: ReactNode; readonly navigating?: boolean }) {
  const { t } = useTranslation();
  const { session, client } = useServices();
  const [location, navigate] = useLocation();
  const [logic] = useState(() =>
    sidebarMachine.provide({
      actions: {
        navigate: (_, { to }) => navigate(to),
        // a chunk that cannot be fetched is the route's `lazy` to show, when the entry is chosen
        fetchScreen: (_, { to }) => void screenChunkAt(to)?.().catch(() => undefined),
      },
    }),
  );
  const [sidebar, send] = useFlowMachine(logic);
  const [changes] = useState(() => changeStreamMachine.provide({ actions: { deliver: (_, { change }) => deliverChange(change) } }));
  useFlowActor(changes, { input: { client } });
  const stored = useSelector(session, (snapshot) => snapshot.context.session);
  const signingOut = useSelector(session, (snapshot) => snapshot.matches("signingOut"));
  const open = sidebar.matches("open");
  const entries = stored === null ? [] : entriesFor(stored.role);
  const menuButton = useRef<HTMLButtonElement>(null);
  const userMenu = useRef<HTMLDetailsElement>(null);

  // Esc closes what is open over the page (the user menu, the phone's sidebar) and gives the focus
  // back to the button that opened it (WCAG 2.1.2, 2.4.3). Dialogs close on Esc by themselves.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const menu = userMenu.current;
      if (menu?.open) {
        menu.open = false;
        menu.querySelector("summary")?.focus();
      } else if (open) {
        send({ type: "sidebar.dismiss" });
        menuButton.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, send]);

  const choose = (event: MouseEvent<HTMLAnchorElement>, entry: MenuEntry) => {
    event.preventDefault();
    send({ type: "sidebar.choose", to: entry.path });
  };

  const section = (name: MenuEntry["section"]) => {
    const items = entries.filter((entry) => entry.section === name);
    if (items.length === 0) return null;
    return (
      <>
        <h2 id={`menu-${name}`}>{t(`layout.${name}`)}</h2>
        <ul aria-labelledby={`menu-${name}`}>
          {items.map((entry) => {
            const active = isEntryActive(entry.path, location);
            return (
              <li key={entry.key}>
                <a
                  href={entry.path}
                  className={active ? "active" : undefined}
                  aria-current={active ? "page" : undefined}
                  onClick={(event) => choose(event, entry)}
                  onPointerEnter={() => send({ type: "sidebar.point", to: entry.path })}
                  onTouchStart={() => send({ type: "sidebar.point", to: entry.path })}
                  onFocus={() => send({ type: "sidebar.point", to: entry.path })}
                >
                  {t(`nav.${entry.key}`)}
                </a>
              </li>
            );
          })}
        </ul>
      </>
    );
  };

  return (
    <div className="panel" data-sidebar={open ? "open" : "closed"}>
      <a className="skip-link" href="#main">
        {t("layout.skipToContent")}
      </a>
      <aside id="sidebar" className="sidebar">
        <div className="brand">
          <Logo label={t("brand.name")} />
          <strong>{t("brand.name")}</strong>
        </div>
        <nav aria-label={t("layout.navigation")}>
          {section("administration")}
          {section("screens")}
          {section("operations")}
          {section("reports")}
          {section("fleet")}
          {section("rates")}
          {section("catalogues")}
        </nav>
      </aside>
      {open && (
        <button
          type="button"
          className="overlay"
          aria-label={t("layout.closeMenu")}
          tabIndex={-1}
          onClick={() => send({ type: "sidebar.dismiss" })}
        />
      )}
      <div className="panel-body">
        <header className="topbar">
          <button
            ref={menuButton}
            type="button"
            className="menu-button secondary outline"
            aria-controls="sidebar"
            aria-expanded={open}
            aria-label={open ? t("layout.closeMenu") : t("layout.openMenu")}
            onClick={() => send({ type: "sidebar.toggle" })}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
          <p className="welcome">{t("layout.welcome", { userName: stored?.userName ?? "" })}</p>
          <LanguageSelect />
          <details ref={userMenu} className="dropdown user-menu">
            <summary aria-label={t("layout.userMenu")}>
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M4 21c0-4 4-6 8-6s8 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
              <span className="user-name">{stored?.userName}</span>
            </summary>
            <ul dir="rtl">
              <li>
                <Link href={paths.password} onClick={closeMenu}>
                  {t("layout.changePassword")}
                </Link>
              </li>
              <li>
                <ThemeSelect />
              </li>
              <li>
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    void askToLeave().then((leave) => {
                      if (leave) session.send({ type: "session.signOut" });
                    })
                  }
                >
                  {t("layout.signOut")}
                </button>
              </li>
            </ul>
          </details>
        </header>
        {navigating && <div className="navigation-pending" role="progressbar" aria-label={t("loading")} />}
        <main id="main" tabIndex={-1} className="container-fluid panel-main" inert={navigating}>
          {signingOut ? <Spinner /> : children}
        </main>
      </div>
    </div>
  );
}
