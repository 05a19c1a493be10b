/**
 * A departure's timeline (issue 40, item 2; decision 071): its streams replayed from the event
 * log, one moment per instant something happened to it (the events of one command share their
 * instant), with the berths after that moment and what it marks.
 */
import { Schema } from "effect";
import type { DepartureTimeline, TimelineMark, TimelinePoint } from "../../src/api/timeline.ts";
import { UserId } from "../../src/api/ids.ts";
import { countBerths } from "../../src/machines/domain/berths.ts";
import type { Queryable } from "../db/database.ts";
import { queryRows } from "../db/rows.ts";
import type { StoredEvent } from "../events/store.ts";
import { eventsWhere } from "../events/replay.ts";
import { replayDepartures, spaceReplay } from "./asOf.ts";
import { yachtsCabins } from "./availability.ts";

const ActorRow = Schema.Struct({ id: UserId, name: Schema.String });

/** Consecutive events of one instant, together: what one command (or one round of the expiry) did. */
const byInstant = (events: ReadonlyArray<StoredEvent>): ReadonlyArray<ReadonlyArray<StoredEvent>> => {
  const moments: StoredEvent[][] = [];
  for (const event of events) {
    const last = moments.at(-1);
    if (last !== undefined && last[0]?.occurredAt.getTime() === event.occurredAt.getTime()) last.push(event);
    else moments.push([event]);
  }
  return moments;
};

/** A departure's berths after each moment of its life, or null when there is no such departure. */
export const departureTimeline = async (db: Queryable, cruiseId: number): Promise<DepartureTimeline | null> => {
  const events = await eventsWhere(
    db,
    "(e.stream = 'cruise' and e.stream_id = $1) or (e.stream = 'reservation' and e.stream_id in (select id::text from reservations where cruise_id = $2))",
    [String(cruiseId), cruiseId],
  );
  const departure = replayDepartures(events.filter((event) => event.stream === "cruise")).get(cruiseId);
  if (departure === undefined) return null;
  const actorIds = [...new Set(events.flatMap(({ actorId }) => (actorId === null ? [] : [actorId])))];
  const [cabins, actors] = await Promise.all([
    yachtsCabins(db, [departure.yachtId]),
    queryRows(db, ActorRow, "select id, first_name || ' ' || last_name as name from users where id = any($1::int[])", [actorIds]),
  ]);
  const capacity = cabins.reduce((total, cabin) => total + cabin.capacity, 0);
  const replay = spaceReplay();
  let free = capacity;
  const points: TimelinePoint[] = [];
  for (const moment of byInstant(events)) {
    const marks = new Set<TimelineMark>();
    for (const event of moment) {
      if (event.stream === "cruise") {
        if (event.type === "cruise.schedule") marks.add("opened");
        if (event.type === "cruise.cancel") marks.add("canceled");
        continue;
      }
      replay.apply(event);
      if (event.type === "reservation.hold" && replay.isCharter(event.streamId)) marks.add("charter");
      if (event.type === "reservation.expire") marks.add("expiry");
      if (event.type === "reservation.promote") marks.add("promotion");
    }
    const live = replay.live();
    const count = (state: string) => live.filter((space) => space.status === state).length;
    const berths = countBerths(capacity, {
      held: count("reserved"),
      confirmed: count("confirmed"),
      waiting: count("waiting"),
      chartered: live.some((space) => space.charter && space.status !== "waiting"),
    });
    if (free > 0 && berths.free === 0) marks.add("full");
    free = berths.free;
    points.push({
      at: (moment[0]?.occurredAt ?? new Date(0)).toISOString(),
      held: berths.held,
      confirmed: berths.confirmed,
      waiting: berths.waiting,
      free: berths.free,
      marks: [...marks],
      events: moment.map((event) => ({
        id: event.id,
        type: event.type,
        reservationCode: event.stream === "reservation" ? replay.codeOf(event.streamId) : null,
        actor: actors.find((actor) => actor.id === event.actorId) ?? null,
      })),
    });
  }
  return { cruiseId: departure.id as DepartureTimeline["cruiseId"], code: departure.code, capacity, points };
};
