import { type ComponentType, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Namespace } from "../../i18n/index.ts";
import type { Chunk } from "./lazyChunk.tsx";

/** What a note shows when its chunk cannot be fetched, in the texts the start loaded. */
function NoteUnavailable() {
  const { t } = useTranslation();
  return (
    <div className="error-banner" role="alert">
      {t("problem.noteUnavailable")}
    </div>
  );
}

/**
 * A note that comes with its first showing (a refused command's message, a bulk action's report):
 * nothing is drawn until its chunk and its text groups in the language of the moment are there,
 * then the note, in the same render once they have come. Nothing suspends: React 19 holds a
 * boundary's content until 300 ms after its fallback showed, even a fallback of nothing, and a
 * refused sign-in's message came 310 ms after its answer through `lazy`, where its chunk took a
 * few. A chunk that cannot be fetched (the connection dropped, a new version deployed meanwhile)
 * leaves a notice in the start's texts, where `lazy` failed the whole page.
 */
export const lazyNote = <Props extends object>(
  groups: Namespace | ReadonlyArray<Namespace>,
  chunk: Chunk<{ readonly default: ComponentType<Props> }>,
): ComponentType<Props> =>
  function ChunkNote(props: Props) {
    // asks for the groups it lacks and draws again when they come, instead of suspending
    const { ready } = useTranslation(groups, { useSuspense: false });
    const Note = chunk.loaded()?.default;
    const [fetched, settle] = useState<"arrived" | "failed" | null>(null);
    useEffect(() => {
      if (Note !== undefined) return;
      let mounted = true;
      chunk().then(
        () => mounted && settle("arrived"),
        () => mounted && settle("failed"),
      );
      return () => {
        mounted = false;
      };
    }, [Note]);
    if (Note !== undefined) return ready ? <Note {...props} /> : null;
    return fetched === "failed" ? <NoteUnavailable /> : null;
  };
