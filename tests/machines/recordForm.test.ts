import { describe, expect, it, vi } from "vitest";
import { assign, createActor, waitFor } from "xstate";
import { createClient } from "../../src/api/client.ts";
import { ApiError } from "../../src/api/errors.ts";
import type { FieldProblems } from "../../src/api/fields.ts";
import { messages } from "../../src/api/messages.ts";
import {
  canMove,
  createRecordFormMachine,
  type FormSource,
  keptPaths,
  newFiles,
  type SaveRequest,
  withPreviews,
} from "../../src/machines/recordForm.machine.ts";

/** A record of a toy form: a title and the stored paths of its pictures. */
interface Note {
  readonly id: number;
  readonly title: string;
  readonly pictures: ReadonlyArray<string>;
}

type Draft = { readonly title: string };

const machine = createRecordFormMachine<Note, { readonly tags: ReadonlyArray<string> }, Draft>();

const client = createClient({ readToken: () => null, fetch: () => Promise.reject(new Error("no network here")) });

const png = (name: string) => new Blob([name], { type: "image/png" });

/** An in-memory source whose saves are recorded; `change` tweaks it for one test. */
const sourceWith = (change: Partial<FormSource<Note, { readonly tags: ReadonlyArray<string> }, Draft>> = {}) => {
  const saves: SaveRequest<Draft>[] = [];
  let stored: Note = { id: 1, title: "Nota", pictures: ["a.png", "b.png"] };
  const source: FormSource<Note, { readonly tags: ReadonlyArray<string> }, Draft> = {
    load: async (_, id) => ({ item: id === null ? null : stored, options: { tags: ["x"] } }),
    problems: (draft): FieldProblems => (draft.title.trim() === "" ? { title: "required" } : {}),
    save: async (_, request) => {
      saves.push(request);
      request.report(60);
      stored = { ...stored, title: request.draft.title, pictures: [...keptPaths(request.images), "new.png"] };
      return messages.updated;
    },
    images: { max: 3, kept: (note) => note.pictures },
    ...change,
  };
  return { source, saves };
};

const start = (source: FormSource<Note, { readonly tags: ReadonlyArray<string> }, Draft>, id: number | null) => {
  const notify = vi.fn();
  const goToList = vi.fn();
  const revoked: string[] = [];
  let made = 0;
  const actor = createActor(
    machine.provide({
      actions: {
        notify: (_, { message }) => notify(message),
        goToList,
        assignPreviews: assign({
          images: ({ context }) => withPreviews(context.images, () => `blob:${++made}`),
        }),
        revokePreviews: (_, { urls }) => {
          revoked.push(...urls);
        },
      },
    }),
    { input: { client, source, id } },
  ).start();
  return { actor, notify, goToList, revoked };
};

describe("the record form machine", () => {
  it("opens with the record, its options and its stored images", async () => {
    const { source } = sourceWith();
    const { actor } = start(source, 1);
    expect(actor.getSnapshot().hasTag("fetching")).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context).toMatchObject({
      item: { title: "Nota" },
      options: { tags: ["x"] },
      revision: 1,
      images: [
        { kind: "kept", path: "a.png" },
        { kind: "kept", path: "b.png" },
      ],
    });
  });

  it("adds images up to its maximum, refuses more, and moves an image only among its kind", async () => {
    const { source } = sourceWith();
    const { actor, revoked } = start(source, 1);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "images.add", files: [png("c"), png("d")] });
    expect(actor.getSnapshot().context.images).toHaveLength(2);
    expect(actor.getSnapshot().context.problems).toEqual({ images: "invalid" });
    actor.send({ type: "images.add", files: [png("c")] });
    const { images } = actor.getSnapshot().context;
    expect(images.map((image) => (image.kind === "new" ? image.preview : image.path))).toEqual(["a.png", "b.png", "blob:1"]);
    expect(actor.getSnapshot().context.problems).toEqual({});
    expect(canMove(images, 2, -1)).toBe(false);
    actor.send({ type: "image.moveUp", index: 2 });
    expect(actor.getSnapshot().context.images).toBe(images);
    actor.send({ type: "image.moveDown", index: 0 });
    expect(keptPaths(actor.getSnapshot().context.images)).toEqual(["b.png", "a.png"]);
    actor.send({ type: "image.remove", index: 2 });
    expect(revoked).toEqual(["blob:1"]);
    expect(newFiles(actor.getSnapshot().context.images)).toEqual([]);
  });

  it("replaces the chosen image when it keeps one, releasing the previous preview", async () => {
    const { source } = sourceWith({ images: { max: 1, kept: () => [] } });
    const { actor, revoked } = start(source, null);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "images.add", files: [png("a")] });
    actor.send({ type: "images.add", files: [png("b"), png("c")] });
    const { images } = actor.getSnapshot().context;
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ kind: "new", preview: "blob:2" });
    expect(revoked).toEqual(["blob:1"]);
  });

  it("refuses a draft with its problems and sends nothing", async () => {
    const { source, saves } = sourceWith();
    const { actor } = start(source, null);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "form.submit", draft: { title: " " } });
    expect(actor.getSnapshot().context.problems).toEqual({ title: "required" });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(saves).toEqual([]);
  });

  it("goes back to the list after a save by default, and a new record always does", async () => {
    const { source, saves } = sourceWith({ afterSave: "reload" });
    const { actor, notify, goToList } = start(source, null);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "form.submit", draft: { title: "Otra" } });
    actor.send({ type: "form.submit", draft: { title: "Otra más" } });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(actor.getSnapshot().value).toBe("saved");
    expect(saves.map((save) => save.draft)).toEqual([{ title: "Otra" }]);
    expect(notify).toHaveBeenCalledWith(messages.updated);
    expect(goToList).toHaveBeenCalledOnce();
  });

  it("stays after an edit when its source says so: reloads the saved record and refills the form", async () => {
    const { source } = sourceWith({ afterSave: "reload" });
    const { actor, goToList, revoked } = start(source, 1);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "images.add", files: [png("c")] });
    actor.send({ type: "form.submit", draft: { title: "Nota 2" } });
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context).toMatchObject({
      item: { title: "Nota 2" },
      revision: 2,
      progress: 0,
      message: messages.updated,
      images: [
        { kind: "kept", path: "a.png" },
        { kind: "kept", path: "b.png" },
        { kind: "kept", path: "new.png" },
      ],
    });
    expect(revoked).toEqual(["blob:1"]);
    expect(goToList).not.toHaveBeenCalled();
  });

  it("goes back to the form with the server's message when a save is refused", async () => {
    const { source } = sourceWith({
      save: async () => {
        throw new ApiError(409, messages.conflict);
      },
    });
    const { actor } = start(source, 1);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "form.submit", draft: { title: "Nota" } });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.error).toBe(messages.conflict);
  });

  it("ends unavailable when the record cannot be loaded", async () => {
    const { source } = sourceWith({
      load: async () => {
        throw new ApiError(404, messages.notFound);
      },
    });
    const { actor } = start(source, 9);
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(actor.getSnapshot().value).toBe("unavailable");
    expect(actor.getSnapshot().context.error).toBe(messages.notFound);
  });
});
