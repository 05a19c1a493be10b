import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Icon, type IconName } from "./icons.tsx";

/**
 * The row-action kinds of SPEC.md section 2 (its adding button is `add` here: a button's name, not the
 * wire's), `view` for someone who may only read the record,
 * a lifecycle's `activate` and `deactivate` (an Ikarus rate), and `cancel` for a record canceled for a reason (a departure). Links go to a route; the others run the caller's function. `delete` only reports the click: the caller's flow asks for confirmation.
 */
export type RowAction =
  | { readonly kind: "register" | "edit" | "view"; readonly to: string }
  | {
      readonly kind: "play" | "edit_modal" | "changePass" | "add" | "activate" | "deactivate" | "cancel" | "delete";
      readonly onClick: () => void;
    };

const icons: Record<RowAction["kind"], IconName> = {
  register: "coins",
  play: "play",
  edit: "pencil",
  view: "eye",
  edit_modal: "pencilSquare",
  changePass: "key",
  add: "plus",
  activate: "play",
  deactivate: "ban",
  cancel: "ban",
  delete: "trash",
};

/** The icon buttons of one table row, each with an accessible name and the same text as tooltip. */
export function RowActions({
  actions,
  disabled = false,
  before = null,
}: {
  readonly actions: ReadonlyArray<RowAction>;
  readonly disabled?: boolean;
  /** Shown ahead of the buttons (a row's menu of links). */
  readonly before?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="row-actions">
      {before}
      {actions.map((action) => {
        const label = t(`actions.${action.kind}`);
        const className = `icon-button action-${action.kind}`;
        if ("to" in action) {
          return (
            <Link key={action.kind} href={action.to} className={className} aria-label={label} title={label}>
              <Icon name={icons[action.kind]} />
            </Link>
          );
        }
        return (
          <button
            key={action.kind}
            type="button"
            className={className}
            aria-label={label}
            title={label}
            disabled={disabled}
            onClick={action.onClick}
          >
            <Icon name={icons[action.kind]} />
          </button>
        );
      })}
    </div>
  );
}
