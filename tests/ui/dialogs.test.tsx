import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../src/i18n/index.ts";
import { CANCEL_COLOR, DELETE_COLOR, useDeleteConfirmation } from "../../src/ui/components/confirmDialog.ts";
import { showToast } from "../../src/ui/components/toast.ts";

const fire = vi.hoisted(() => vi.fn());
vi.mock("sweetalert2", () => ({ default: { fire } }));

beforeEach(() => {
  fire.mockReset();
});

function DeleteButton({ onConfirm }: { readonly onConfirm: () => void }) {
  const { confirm } = useDeleteConfirmation();
  return (
    <button type="button" onClick={() => confirm("¿Eliminar a Ana?", onConfirm)}>
      Borrar
    </button>
  );
}

const renderDeleteButton = async (language: string) => {
  localStorage.setItem("lang", language);
  const onConfirm = vi.fn();
  const i18n = await createI18n(localStorage, ["panel"]);
  render(
    <I18nextProvider i18n={i18n}>
      <DeleteButton onConfirm={onConfirm} />
    </I18nextProvider>,
  );
  return onConfirm;
};

describe("the delete confirmation dialog", () => {
  it("warns with the caller's title, a red 'Eliminar' and a grey 'Cancelar', and runs the callback on confirm", async () => {
    fire.mockResolvedValue({ isConfirmed: true });
    const onConfirm = await renderDeleteButton("es");
    await userEvent.click(screen.getByRole("button", { name: "Borrar" }));
    await act(() => Promise.resolve());
    expect(fire).toHaveBeenCalledWith(
      expect.objectContaining({
        icon: "warning",
        title: "¿Eliminar a Ana?",
        confirmButtonText: "Eliminar",
        cancelButtonText: "Cancelar",
        confirmButtonColor: DELETE_COLOR,
        cancelButtonColor: CANCEL_COLOR,
      }),
    );
    await vi.waitFor(() => expect(onConfirm).toHaveBeenCalledOnce());
  });

  it("says 'Delete' / 'Cancel' in English and runs nothing on cancel", async () => {
    fire.mockResolvedValue({ isConfirmed: false });
    const onConfirm = await renderDeleteButton("en");
    await userEvent.click(screen.getByRole("button", { name: "Borrar" }));
    await vi.waitFor(() => expect(fire).toHaveBeenCalledOnce());
    expect(fire.mock.calls[0]?.[0]).toMatchObject({ confirmButtonText: "Delete", cancelButtonText: "Cancel" });
    await act(() => Promise.resolve());
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe("toasts", () => {
  it("show top right for 3000 ms, 360px wide", async () => {
    fire.mockResolvedValue({});
    await showToast("Registro creado correctamente");
    expect(fire).toHaveBeenCalledWith(
      expect.objectContaining({ toast: true, position: "top-end", timer: 3000, width: "360px" }),
    );
  });
});
