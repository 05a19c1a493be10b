import type { FastifyInstance } from "fastify";
import { changeStream } from "../../src/api/changes.ts";
import { registerStream, type RouteContext } from "../http/register.ts";
import { type ChangeFeed, distinctChanges, mayHear, type ScopedChange } from "./feed.ts";

/**
 * `GET /events/stream`: each viewer hears the feed's changes they may read. A stream opened with
 * `replay` is told first what changed in those milliseconds before its request arrived; it
 * listens from the start, and what it hears meanwhile is told with the replay, each change once.
 */
export const registerChangeRoutes = (
  app: FastifyInstance,
  context: RouteContext & { readonly feed: ChangeFeed; readonly log: (error: unknown) => void },
): void => {
  registerStream(app, context, changeStream, (viewer, send, { query, arrivedAt }) => {
    const tell = (changes: ReadonlyArray<ScopedChange>) => {
      for (const scoped of changes) if (mayHear(viewer, scoped)) send(scoped.change);
    };
    if (query.replay === undefined || query.replay === 0) return context.feed.subscribe(tell);
    let heardDuringReplay: ScopedChange[] | null = [];
    const stop = context.feed.subscribe((changes) => {
      if (heardDuringReplay === null) tell(changes);
      else heardDuringReplay.push(...changes);
    });
    context.feed
      .changedSince(new Date(arrivedAt.getTime() - query.replay))
      .catch((error: unknown) => {
        context.log(error);
        return [];
      })
      .then((replayed) => {
        // heard before the replay is told, so the viewer's reading after it sees them too: each once
        const held = heardDuringReplay ?? [];
        heardDuringReplay = null;
        tell(distinctChanges([...replayed, ...held]));
      });
    return stop;
  });
};
