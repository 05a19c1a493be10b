import { waitFor } from "@testing-library/react";
import Swal from "sweetalert2";
import { afterEach, describe, expect, it } from "vitest";
import { createActor, setup } from "xstate";
import { dialogActor } from "../../src/ui/shared/dialogActor.ts";

afterEach(async () => {
  Swal.close();
  // SweetAlert2 shows a popup's scrolling 10 ms after opening it: that timer must run while the window exists
  await new Promise((resolve) => setTimeout(resolve, 50));
});

/** A question asked in `asking`, which `leave` leaves (as the address changing under a list does). */
const asking = setup({
  types: { events: {} as { type: "leave" } },
  actors: { ask: dialogActor<boolean, { readonly title: string }>(false, async ({ title }) => (await Swal.fire({ titleText: title, showCancelButton: true })).isConfirmed) },
}).createMachine({
  initial: "asking",
  states: {
    asking: { invoke: { src: "ask", input: { title: "¿Eliminar el destino «Quilotoa»?" } }, on: { leave: "elsewhere" } },
    elsewhere: {},
  },
});

describe("a dialog actor", () => {
  it("closes its dialog when the machine leaves the state that asked", async () => {
    const actor = createActor(asking).start();
    await waitFor(() => expect(Swal.getPopup()).not.toBeNull());
    actor.send({ type: "leave" });
    await waitFor(() => expect(Swal.getPopup()).toBeNull());
    actor.stop();
  });

  it("closes its dialog when the screen that asked is left (its machine stopped)", async () => {
    const actor = createActor(asking).start();
    await waitFor(() => expect(Swal.getPopup()).not.toBeNull());
    actor.stop();
    await waitFor(() => expect(Swal.getPopup()).toBeNull());
  });

  it("shows nothing when the machine left before SweetAlert2 was ready", async () => {
    const actor = createActor(asking).start();
    actor.send({ type: "leave" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Swal.getPopup()).toBeNull();
    actor.stop();
  });
});
