import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * Move up, move down and remove, for one entry of a list whose order is saved (a banner's images,
 * the recommendations). Each button's name says which entry it acts on.
 */
export function OrderButtons({
  names,
  canMoveUp,
  canMoveDown,
  disabled = false,
  onMoveUp,
  onMoveDown,
  onRemove,
}: {
  readonly names: { readonly up: string; readonly down: string; readonly remove: string };
  readonly canMoveUp: boolean;
  readonly canMoveDown: boolean;
  /** All three out of reach, e.g. while the list is being saved. */
  readonly disabled?: boolean;
  readonly onMoveUp: () => void;
  readonly onMoveDown: () => void;
  readonly onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <OrderButton name={names.up} disabled={disabled || !canMoveUp} onClick={onMoveUp}>
        ↑
      </OrderButton>
      <OrderButton name={names.down} disabled={disabled || !canMoveDown} onClick={onMoveDown}>
        ↓
      </OrderButton>
      <OrderButton name={names.remove} disabled={disabled} onClick={onRemove}>
        {t("home.remove")}
      </OrderButton>
    </>
  );
}

function OrderButton({
  name,
  disabled,
  onClick,
  children,
}: {
  readonly name: string;
  readonly disabled: boolean;
  readonly onClick: () => void;
  readonly children: ReactNode;
}) {
  return (
    <button type="button" className="secondary outline" disabled={disabled} aria-label={name} onClick={onClick}>
      {children}
    </button>
  );
}
