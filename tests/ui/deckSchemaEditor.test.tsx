import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { CABIN_COLUMNS, CABIN_ROWS, MAX_CABIN_X, MAX_CABIN_Y } from "../../src/api/yachtPages.ts";
import { createI18n } from "../../src/i18n/index.ts";
import { DeckSchemaEditor } from "../../src/ui/catalogues/DeckSchemaEditor.tsx";
import { type CabinPosition, moveCabin, overlapping, type PlanDeck, placeCabins } from "../../src/ui/reservations/deckPlan.ts";

const cabin = (id: number, capacity = 2) => ({ id, name: String(id), capacity });

const main: PlanDeck = { id: 1, name: "Cubierta principal", cabins: [cabin(101), cabin(102), cabin(103, 1)] };
const upper: PlanDeck = { id: 2, name: "Cubierta superior", cabins: [cabin(201), cabin(202)] };
const sun: PlanDeck = { id: 3, name: "Solárium", cabins: [] };

const boxesOverlap = (a: CabinPosition, b: CabinPosition) =>
  a.x < b.x + CABIN_COLUMNS && b.x < a.x + CABIN_COLUMNS && a.y < b.y + CABIN_ROWS && b.y < a.y + CABIN_ROWS;

describe("placing the cabins on a deck's plan", () => {
  it("keeps the saved positions and puts the others in free slots, in the decks' and cabins' order", () => {
    const placed = placeCabins([main, upper], [{ cabin: 201, x: 0, y: 0 }, { cabin: 101, x: 0, y: 0 }]);
    expect(placed).toEqual([
      { cabin: 101, x: 0, y: 0 },
      { cabin: 102, x: CABIN_COLUMNS, y: 0 },
      { cabin: 103, x: 2 * CABIN_COLUMNS, y: 0 },
      { cabin: 201, x: 0, y: 0 },
      { cabin: 202, x: CABIN_COLUMNS, y: 0 },
    ]);
  });

  it("gives a new cabin a slot no saved box covers, even one saved off the slots", () => {
    const placed = placeCabins([main], [{ cabin: 103, x: 3, y: 1 }]);
    const [first, second, third] = placed;
    expect(third).toEqual({ cabin: 103, x: 3, y: 1 });
    expect(first).toEqual({ cabin: 101, x: 2 * CABIN_COLUMNS, y: 0 });
    expect(second).toEqual({ cabin: 102, x: 3 * CABIN_COLUMNS, y: 0 });
    expect(overlapping([main], placed).size).toBe(0);
  });

  it("fills the plan row after row without overlaps while a slot is free", () => {
    const many: PlanDeck = { id: 9, name: "Llena", cabins: Array.from({ length: 24 }, (_, index) => cabin(index + 1)) };
    const placed = placeCabins([many], []);
    expect(placed).toHaveLength(24);
    expect(placed[8]).toEqual({ cabin: 9, x: 0, y: CABIN_ROWS });
    for (const [index, box] of placed.entries()) {
      for (const other of placed.slice(index + 1)) expect(boxesOverlap(box, other)).toBe(false);
    }
    const crowded = placeCabins([{ ...many, cabins: [...many.cabins, cabin(25)] }], []);
    expect(crowded[24]).toEqual({ cabin: 25, x: 0, y: 0 });
  });

  it("keeps saved positions inside the plan and drops those of cabins on no deck", () => {
    const placed = placeCabins(
      [upper],
      [
        { cabin: 201, x: 99, y: -3 },
        { cabin: 202, x: 2.6, y: 40 },
        { cabin: 999, x: 1, y: 1 },
      ],
    );
    expect(placed).toEqual([
      { cabin: 201, x: MAX_CABIN_X, y: 0 },
      { cabin: 202, x: 3, y: MAX_CABIN_Y },
    ]);
  });

  it("moves one cabin in whole units within the plan", () => {
    const placed = placeCabins([upper], []);
    expect(moveCabin(placed, 202, 4.4, 2.5)).toEqual([
      { cabin: 201, x: 0, y: 0 },
      { cabin: 202, x: 4, y: 3 },
    ]);
    expect(moveCabin(placed, 201, -1, 1000)).toEqual([
      { cabin: 201, x: 0, y: MAX_CABIN_Y },
      { cabin: 202, x: CABIN_COLUMNS, y: 0 },
    ]);
  });

  it("finds the boxes over each other on the same deck only", () => {
    const positions = [
      { cabin: 101, x: 0, y: 0 },
      { cabin: 102, x: CABIN_COLUMNS - 1, y: CABIN_ROWS - 1 },
      { cabin: 103, x: CABIN_COLUMNS * 2 - 2, y: 0 },
      { cabin: 201, x: 0, y: 0 },
      { cabin: 202, x: CABIN_COLUMNS, y: 0 },
    ];
    expect([...overlapping([main, upper], positions)].sort()).toEqual([101, 102, 103]);
    expect(overlapping([main], [...positions.slice(0, 1), { cabin: 102, x: CABIN_COLUMNS, y: 0 }]).size).toBe(0);
  });
});

const renderEditor = async (props: Partial<Parameters<typeof DeckSchemaEditor>[0]> = {}) => {
  const i18n = await createI18n(localStorage, ["panel", "screens", "records"]);
  const onChange = vi.fn();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <form aria-label="Esquema">
        <DeckSchemaEditor name="positions" decks={[main, upper, sun]} positions={[{ cabin: 102, x: 20, y: 5 }]} onChange={onChange} {...props} />
      </form>
    </I18nextProvider>,
  );
  return { ...view, onChange };
};

describe("the deck plan editor", () => {
  it("names the inputs so the form reads a row per cabin", async () => {
    await renderEditor();
    const form = screen.getByRole("form", { name: "Esquema" });
    if (!(form instanceof HTMLFormElement)) throw new Error("no form");
    const entries = [...new FormData(form).entries()];
    expect(entries.slice(0, 6)).toEqual([
      ["positions.0.cabin", "101"],
      ["positions.0.x", "0"],
      ["positions.0.y", "0"],
      ["positions.1.cabin", "102"],
      ["positions.1.x", "20"],
      ["positions.1.y", "5"],
    ]);
    expect(entries.filter(([key]) => key.endsWith(".cabin")).map(([, value]) => value)).toEqual(["101", "102", "103", "201", "202"]);
    expect(screen.getByRole("spinbutton", { name: "Columna (cabina 202)" }).getAttribute("name")).toBe("positions.4.x");
    expect(screen.getByText("Esta cubierta no tiene cabinas.")).toBeDefined();
  });

  it("moves a focused box with the arrow keys and shows it in the inputs", async () => {
    const { onChange } = await renderEditor();
    const box = screen.getByRole("button", { name: "Cabina 102: columna 20, fila 5" });
    expect(box.getAttribute("aria-describedby")).toBe(screen.getByText(/Arrastre una cabina/).id);
    box.focus();
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowUp}");
    expect(box.getAttribute("aria-label")).toBe("Cabina 102: columna 22, fila 4");
    expect(box.style.left).toBe(`${(22 / 48) * 100}%`);
    expect(screen.getByRole("spinbutton", { name: "Columna (cabina 102)" })).toHaveProperty("value", "22");
    expect(screen.getByRole("spinbutton", { name: "Fila (cabina 102)" })).toHaveProperty("value", "4");
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it("does not move a box past the plan's edge, nor tell of a change", async () => {
    const { onChange } = await renderEditor();
    screen.getByRole("button", { name: "Cabina 101: columna 0, fila 0" }).focus();
    await userEvent.keyboard("{ArrowLeft}{ArrowUp}");
    expect(screen.getByRole("button", { name: "Cabina 101: columna 0, fila 0" })).toBeDefined();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("moves a box to a typed position and warns when it lands on another", async () => {
    const { onChange } = await renderEditor();
    const box = screen.getByRole("button", { name: /^Cabina 101:/ });
    fireEvent.change(screen.getByRole("spinbutton", { name: "Columna (cabina 101)" }), { target: { value: "18" } });
    expect(box.style.left).toBe(`${(18 / 48) * 100}%`);
    expect(onChange).toHaveBeenCalledOnce();
    expect(box.classList.contains("deck-plan-cabin-overlap")).toBe(false);
    fireEvent.change(screen.getByRole("spinbutton", { name: "Fila (cabina 101)" }), { target: { value: "3" } });
    expect(box.classList.contains("deck-plan-cabin-overlap")).toBe(true);
    const note = screen.getByText(/Cabinas superpuestas: 101, 102/);
    expect(box.getAttribute("aria-describedby")).toContain(note.id);
  });

  it("drags a box with a pointer, snapping to whole units", async () => {
    const { onChange } = await renderEditor();
    const box = screen.getByRole("button", { name: /^Cabina 102:/ });
    const plan = screen.getByRole("figure", { name: "Plano de Cubierta principal" });
    // the plan is 480 by 140 pixels on screen: ten pixels a unit
    plan.getBoundingClientRect = () => DOMRect.fromRect({ x: 100, y: 50, width: 480, height: 140 });
    box.setPointerCapture = vi.fn();
    fireEvent.pointerDown(box, { pointerId: 7, pointerType: "touch", clientX: 100 + 215, clientY: 50 + 62 });
    fireEvent.pointerMove(box, { pointerId: 7, pointerType: "touch", clientX: 100 + 252, clientY: 50 + 33 });
    fireEvent.pointerUp(box, { pointerId: 7, pointerType: "touch" });
    fireEvent.pointerMove(box, { pointerId: 7, pointerType: "touch", clientX: 100, clientY: 50 });
    expect(box.setPointerCapture).toHaveBeenCalledWith(7);
    expect(box.getAttribute("aria-label")).toBe("Cabina 102: columna 24, fila 2");
    expect(onChange).toHaveBeenCalledOnce();
  });

  it("draws the plans without any input when read-only, with the given classes", async () => {
    const { container } = await renderEditor({ readOnly: true, cabinClass: (id) => (id === 201 ? "cabin-full" : undefined) });
    expect(container.querySelectorAll("input")).toHaveLength(0);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByText(/Arrastre una cabina/)).toBeNull();
    const positions = screen.getByRole("table", { name: "Posiciones de las cabinas de Cubierta principal" });
    expect(within(positions).getByRole("row", { name: "102 20 5" })).toBeDefined();
    const upperPlan = screen.getByRole("figure", { name: "Plano de Cubierta superior" });
    expect(within(upperPlan).getByText("201").parentElement?.classList.contains("cabin-full")).toBe(true);
    expect(within(upperPlan).getByText("202").parentElement?.classList.contains("cabin-full")).toBe(false);
    expect(screen.getAllByText("2 plazas").length).toBeGreaterThan(0);
    expect(screen.getByText("1 plaza")).toBeDefined();
  });
});

describe("the deck plan editor on the deck's drawing", () => {
  it("draws the boxes of a deck the yacht has a drawing of over that drawing, and the others on the bare grid", async () => {
    await renderEditor({ decks: [{ ...main, drawing: "uploads/yacht_pages/principal.webp" }, upper] });
    const plans = screen.getAllByRole("figure");
    expect(plans.map((plan) => plan.style.getPropertyValue("--deck-drawing"))).toEqual(['url("/api/uploads/yacht_pages/principal.webp")', ""]);
  });
});
