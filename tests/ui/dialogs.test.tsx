import { beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, toPromise } from "xstate";
import { createI18n } from "../../src/i18n/index.ts";
import { deleteDialog } from "../../src/ui/shared/confirmDialog.ts";
import { CANCEL_COLOR, DELETE_COLOR } from "../../src/ui/shared/dialogColors.ts";
import { showToast } from "../../src/ui/shared/toast.ts";

const fire = vi.hoisted(() => vi.fn());
vi.mock("sweetalert2", () => ({ default: { fire } }));

beforeEach(() => {
  fire.mockReset();
});

/** Runs the delete dialog as a list screen's `confirmDelete` actor and returns its answer. */
const askToDelete = async (language: string, title: string): Promise<boolean> => {
  localStorage.setItem("lang", language);
  const i18n = await createI18n(localStorage, ["panel", "screens"]);
  return toPromise(createActor(deleteDialog(i18n), { input: { title } }).start());
};

describe("the delete confirmation dialog", () => {
  it("warns with the caller's title, a red 'Eliminar' and a grey 'Cancelar', and answers true on confirm", async () => {
    fire.mockResolvedValue({ isConfirmed: true });
    expect(await askToDelete("es", "¿Eliminar a Ana?")).toBe(true);
    expect(fire).toHaveBeenCalledWith(
      expect.objectContaining({
        icon: "warning",
        titleText: "¿Eliminar a Ana?",
        confirmButtonText: "Eliminar",
        cancelButtonText: "Cancelar",
        confirmButtonColor: DELETE_COLOR,
        cancelButtonColor: CANCEL_COLOR,
      }),
    );
  });

  it("passes the title as text only: no `title` or `html`, which SweetAlert2 parses as HTML", async () => {
    fire.mockResolvedValue({ isConfirmed: false });
    await askToDelete("es", "¿Eliminar «<img src=x>»?");
    const options = fire.mock.calls[0]?.[0];
    expect(options).toMatchObject({ titleText: "¿Eliminar «<img src=x>»?" });
    expect(options).not.toHaveProperty("title");
    expect(options).not.toHaveProperty("html");
  });

  it("says 'Delete' / 'Cancel' in English and answers false on cancel", async () => {
    fire.mockResolvedValue({ isConfirmed: false });
    expect(await askToDelete("en", "Delete Ana?")).toBe(false);
    expect(fire).toHaveBeenCalledOnce();
    expect(fire.mock.calls[0]?.[0]).toMatchObject({ confirmButtonText: "Delete", cancelButtonText: "Cancel" });
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

  it("show their message as text only: no `title` or `html`", async () => {
    fire.mockResolvedValue({});
    await showToast("<img src=x>", "error");
    const options = fire.mock.calls[0]?.[0];
    expect(options).toMatchObject({ titleText: "<img src=x>", icon: "error" });
    expect(options).not.toHaveProperty("title");
    expect(options).not.toHaveProperty("html");
  });
});
