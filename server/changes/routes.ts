import type { FastifyInstance } from "fastify";
import { changeStream } from "../../src/api/changes.ts";
import { registerStream, type RouteContext } from "../http/register.ts";
import { type ChangeFeed, mayHear } from "./feed.ts";

/** `GET /events/stream`: each viewer hears the feed's changes they may read. */
export const registerChangeRoutes = (app: FastifyInstance, context: RouteContext & { readonly feed: ChangeFeed }): void => {
  registerStream(app, context, changeStream, (viewer, send) =>
    context.feed.subscribe((changes) => {
      for (const scoped of changes) if (mayHear(viewer, scoped)) send(scoped.change);
    }),
  );
};
