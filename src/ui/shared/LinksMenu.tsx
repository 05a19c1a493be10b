import "./linksMenu.css";
import { useEffect, useId, useRef } from "react";
import { Link } from "wouter";
import { Icon } from "./icons.tsx";

/** One entry of a row's menu: where it goes and what it says. */
export interface MenuLink {
  readonly to: string;
  readonly label: string;
}

/**
 * A row's dropdown of links (a yacht's eight pages: SPEC.md section 2). The list opens as a popover
 * in the browser's top layer, so the table's scrolling box cannot clip it; it is placed under its
 * button, and Escape or a click elsewhere closes it (the popover's own behaviour).
 */
export function LinksMenu({ label, links }: { readonly label: string; readonly links: ReadonlyArray<MenuLink> }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = menu.current;
    if (list === null) return;
    const place = (event: Event) => {
      const anchor = button.current;
      if (anchor === null || (event as ToggleEvent).newState !== "open") return;
      const box = anchor.getBoundingClientRect();
      // under the button when it fits in the window, else above it
      const below = box.bottom + 4 + list.offsetHeight <= window.innerHeight;
      list.style.top = `${Math.round(below ? box.bottom + 4 : Math.max(8, box.top - 4 - list.offsetHeight))}px`;
      list.style.left = `${Math.round(Math.max(8, box.right - list.offsetWidth))}px`;
    };
    list.addEventListener("toggle", place);
    return () => list.removeEventListener("toggle", place);
  }, []);
  return (
    <>
      <button ref={button} type="button" className="icon-button action-menu" popoverTarget={id} aria-label={label} title={label}>
        <Icon name="list" />
      </button>
      <div ref={menu} id={id} popover="auto" className="links-menu">
        <ul aria-label={label}>
          {links.map((link) => (
            <li key={link.to}>
              <Link href={link.to} onClick={() => menu.current?.hidePopover()}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
