import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { canMove, type FormImage } from "../../machines/shared/recordForm.machine.ts";

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

/**
 * The buttons of one of a form's ordered images (a banner's, a yacht page's photos), named by its
 * `number` as the list shows it; it moves within `images` from `index` by the form's events.
 */
export function ImageOrderButtons({
  images,
  index,
  number,
  onMove,
  onRemove,
}: {
  readonly images: ReadonlyArray<FormImage>;
  readonly index: number;
  readonly number: number;
  readonly onMove: (event: { readonly type: "image.moveUp" | "image.moveDown"; readonly index: number }) => void;
  readonly onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <OrderButtons
      names={{ up: t("home.moveUp", { number }), down: t("home.moveDown", { number }), remove: t("home.removeImage", { number }) }}
      canMoveUp={canMove(images, index, -1)}
      canMoveDown={canMove(images, index, 1)}
      onMoveUp={() => onMove({ type: "image.moveUp", index })}
      onMoveDown={() => onMove({ type: "image.moveDown", index })}
      onRemove={onRemove}
    />
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
