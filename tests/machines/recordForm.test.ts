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
} from "../../src/machines/shared/recordForm.machine.ts";

/** A record of a toy form: a title, the stored paths of its pictures, and its version. */
interface Note {
  readonly id: number;
  readonly title: string;
  readonly pictures: ReadonlyArray<string>;
  readonly version: number;
}

type Draft = { readonly title: string };

const machine = createRecordFormMachine<Note, { readonly tags: ReadonlyArray<string> }, Draft>();

const client = createClient({ readToken: () => null, fetch: () => Promise.reject(new Error("no network here")) });

const png = (name: string) => new Blob([name], { type: "image/png" });

/**
 * An in-memory source whose saves are recorded; `change` tweaks it for one test. Like the server,
 * it refuses an edit from a form loaded at another version (409 stale), and every save moves the
 * version on; `saveElsewhere` is someone else's save.
 */
const sourceWith = (change: Partial<FormSource<Note, { readonly tags: ReadonlyArray<string> }, Draft>> = {}) => {
  const saves: SaveRequest<Draft>[] = [];
  let stored: Note = { id: 1, title: "Nota", pictures: ["a.png", "b.png"], version: 1 };
  const source: FormSource<Note, { readonly tags: ReadonlyArray<string> }, Draft> = {
    load: async (_, id) => ({ item: id === null ? null : stored, options: { tags: ["x"] } }),
    problems: (draft): FieldProblems => (draft.title.trim() === "" ? { title: "required" } : {}),
    save: async (_, request) => {
      saves.push(request);
      if (request.id !== null && request.version !== stored.version) throw new ApiError(409, messages.stale);
      request.report(60);
      const pictures = [...keptPaths(request.images), "new.png"];
      stored = { ...stored, title: request.draft.title, pictures, version: stored.version + 1 };
      return messages.updated;
    },
    images: { max: 3, kept: (note) => note.pictures },
    ...change,
  };
  const saveElsewhere = (title: string) => {
    stored = { ...stored, title, pictures: ["c.png"], version: stored.version + 1 };
  };
  return { source, saves, saveElsewhere };
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
      item: { title: "Nota", version: 1 },
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
    // A new record has no version to send back.
    expect(saves[0]).toMatchObject({ id: null, version: null });
    expect(notify).toHaveBeenCalledWith(messages.updated);
    expect(goToList).toHaveBeenCalledOnce();
  });

  it("stays after an edit when its source says so: reloads the saved record and refills the form", async () => {
    const { source, saves } = sourceWith({ afterSave: "reload" });
    const { actor, goToList, revoked } = start(source, 1);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "images.add", files: [png("c")] });
    actor.send({ type: "form.submit", draft: { title: "Nota 2" } });
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(saves.map((save) => [save.id, save.version])).toEqual([[1, 1]]);
    expect(actor.getSnapshot().context).toMatchObject({
      item: { title: "Nota 2", version: 2 },
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
        throw new ApiError(409, messages.emailInUse);
      },
    });
    const { actor } = start(source, 1);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "form.submit", draft: { title: "Nota" } });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.error).toBe(messages.emailInUse);
  });

  it("shows a refusal that names a field by that field, reveals it, and forgets it once the field is edited", async () => {
    const { source } = sourceWith({
      answeredFields: { [messages.nameInUse]: "title" },
      save: async () => {
        throw new ApiError(409, messages.nameInUse);
      },
    });
    const revealProblem = vi.fn();
    const actor = createActor(machine.provide({ actions: { revealProblem } }), { input: { client, source, id: 1 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    expect(actor.getSnapshot().context.changed).toBe(false);
    actor.send({ type: "form.submit", draft: { title: "Nota" } });
    await waitFor(actor, (snapshot) => snapshot.context.problems.title !== undefined);
    expect(actor.getSnapshot().context.problems).toEqual({ title: { answer: messages.nameInUse } });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(revealProblem).toHaveBeenCalledOnce();
    actor.send({ type: "field.change", field: "other" });
    expect(actor.getSnapshot().context.problems).toEqual({ title: { answer: messages.nameInUse } });
    expect(actor.getSnapshot().context.changed).toBe(true);
    actor.send({ type: "field.change", field: "title" });
    expect(actor.getSnapshot().context.problems).toEqual({});
  });

  it("reveals the first problem when a draft is refused before sending, and when the server refuses the whole form", async () => {
    const { source } = sourceWith({
      save: async () => {
        throw new ApiError(415, messages.unsupportedFile);
      },
    });
    const revealProblem = vi.fn();
    const actor = createActor(machine.provide({ actions: { revealProblem } }), { input: { client, source, id: 1 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "form.submit", draft: { title: " " } });
    expect(revealProblem).toHaveBeenCalledTimes(1);
    actor.send({ type: "form.submit", draft: { title: "Nota" } });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(messages.unsupportedFile);
    expect(revealProblem).toHaveBeenCalledTimes(2);
  });

  it("is outdated when someone saved the record since it loaded (409 stale), and form.reload loads the record as it is now", async () => {
    const { source, saves, saveElsewhere } = sourceWith();
    const { actor, notify, goToList, revoked } = start(source, 1);
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    actor.send({ type: "images.add", files: [png("c")] });
    saveElsewhere("Nota de Ana");
    actor.send({ type: "form.submit", draft: { title: "Mi nota" } });
    await waitFor(actor, (snapshot) => snapshot.matches("outdated"));
    expect(saves.map((save) => [save.id, save.version])).toEqual([[1, 1]]);
    // Nothing was saved: the form keeps what was loaded and typed, and says why.
    expect(actor.getSnapshot().context).toMatchObject({
      item: { title: "Nota", version: 1 },
      revision: 1,
      progress: 0,
      error: messages.stale,
      message: null,
    });
    expect(actor.getSnapshot().context.images).toHaveLength(3);
    expect(actor.getSnapshot().hasTag("processing")).toBe(false);
    // An outdated form cannot be saved again.
    actor.send({ type: "form.submit", draft: { title: "Mi nota" } });
    expect(actor.getSnapshot().value).toBe("outdated");
    expect(saves).toHaveLength(1);

    actor.send({ type: "form.reload" });
    expect(actor.getSnapshot().value).toBe("reloading");
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches("editing"));
    // The record's new values and version replace the form's; the chosen file's preview is released.
    expect(actor.getSnapshot().context).toMatchObject({
      item: { title: "Nota de Ana", version: 2 },
      revision: 2,
      error: null,
      images: [{ kind: "kept", path: "c.png" }],
    });
    expect(revoked).toEqual(["blob:1"]);

    // Saved from the reloaded form, the edit carries the new version and goes through.
    actor.send({ type: "form.submit", draft: { title: "Mi nota" } });
    await waitFor(actor, (snapshot) => snapshot.status === "done");
    expect(saves.map((save) => [save.id, save.version])).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect(notify).toHaveBeenCalledWith(messages.updated);
    expect(goToList).toHaveBeenCalledOnce();
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
