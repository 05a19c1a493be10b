/**
 * The departures' berths kept in memory (decision 040): availability is asked for far more often
 * than berths change, and a three-month look at a fleet counts thousands of spaces. Each departure's
 * free berths by category are read from the database once and kept until something says they
 * changed: this server's own commands (`touch` after they commit), and every server's, heard from
 * the event log's change feed (the same feed that tells the panels), which is caught up before
 * each answer when another server may have written (decision 046).
 * Scheduling, editing or canceling a departure changes which departures a period holds: the
 * scheduled departures, kept in order and filtered for each period, are then read again. A cabin's berths changed in the fleet's catalogue (rare) reach the
 * kept answers within `maxAgeMs`.
 */
import { Schema } from "effect";
import { type AvailabilityQuery, DepartureAvailability } from "../../src/api/availability.ts";
import type { ChangeFeed } from "../changes/feed.ts";
import type { Queryable } from "../db/database.ts";
import type { ReaderLanguage } from "../http/caller.ts";
import { availabilityOf, type DepartureRow, departuresIn, itineraryNameIn, scheduledDepartures } from "./availability.ts";

/**
 * A departure's free berths, and the same as the contract encodes it for the wire (JSON in UTF-8)
 * in each reader's language (its itinerary's Spanish or English name, decision 084).
 */
export interface KeptBerths {
  readonly answer: DepartureAvailability;
  readonly json: Readonly<Record<ReaderLanguage, Buffer>>;
}

export interface BerthIndex {
  /** The period's departures with their free berths, every party size (the caller narrows by it). */
  availability(query: Pick<AvailabilityQuery, "from" | "to" | "yachtId">): Promise<ReadonlyArray<KeptBerths>>;
  /** These departures' spaces changed (this server's command committed): they are read again when next asked for. */
  touch(cruiseIds: ReadonlyArray<number>): void;
  /** Departures were scheduled, changed or canceled: the scheduled departures are read again too. */
  touchAll(): void;
  stop(): void;
}

interface Kept extends KeptBerths {
  readonly readAt: number;
}

const encodeDeparture = Schema.encodeUnknownSync(DepartureAvailability);

const encoded = (answer: DepartureAvailability): Buffer => Buffer.from(JSON.stringify(encodeDeparture(answer)));

/** A departure's answer, kept with its encodings: a period's answer is then the encodings in the reader's language copied side by side (decision 100). */
const keptOf = (row: DepartureRow, answer: DepartureAvailability): KeptBerths => ({
  answer,
  json: {
    es: encoded({ ...answer, itineraryName: itineraryNameIn(row, "es") }),
    en: encoded({ ...answer, itineraryName: itineraryNameIn(row, "en") }),
  },
});

/** How long a kept answer stands without any change heard: a cabin's berths edited in the catalogue show within it. */
const MAX_AGE_MS = 60_000;

export const createBerthIndex = (db: Queryable, feed: ChangeFeed | null, maxAgeMs = MAX_AGE_MS): BerthIndex => {
  const kept = new Map<number, Kept>();
  /** Every scheduled departure in order, once read: each period is answered from them. */
  let departures: ReadonlyArray<DepartureRow> | null = null;
  /** Bumped by every change heard about a departure: a read begun before it is not kept. */
  const versions = new Map<number, number>();
  /** Bumped when departures themselves change: a read begun before keeps nothing. */
  let generation = 0;
  /**
   * Reads under way, shared: viewers asking at once for what is not kept read it once, not once
   * each (no stampede after a change). A change drops the read under way too: whoever asks after
   * it waits for a read that began after it.
   */
  let departuresReading: Promise<ReadonlyArray<DepartureRow>> | null = null;
  const berthsReading = new Map<number, Promise<KeptBerths | undefined>>();


  const touch = (cruiseIds: ReadonlyArray<number>): void => {
    for (const id of cruiseIds) {
      versions.set(id, (versions.get(id) ?? 0) + 1);
      kept.delete(id);
      berthsReading.delete(id);
    }
  };
  const touchAll = (): void => {
    generation += 1;
    kept.clear();
    departures = null;
    departuresReading = null;
    berthsReading.clear();
  };
  const unsubscribe =
    feed?.subscribe((changes) => {
      const cruiseIds: number[] = [];
      for (const { change, stream } of changes) {
        if (stream === "cruise") touchAll();
        else if (change.kind === "departure") cruiseIds.push(change.cruiseId);
      }
      touch(cruiseIds);
    }) ?? (() => {});

  const scheduled = (): Promise<ReadonlyArray<DepartureRow>> => {
    if (departures !== null) return Promise.resolve(departures);
    if (departuresReading !== null) return departuresReading;
    const began = generation;
    const reading: Promise<ReadonlyArray<DepartureRow>> = scheduledDepartures(db).then((rows) => {
      if (began === generation) departures = rows;
      return rows;
    });
    departuresReading = reading;
    const done = () => {
      if (departuresReading === reading) departuresReading = null;
    };
    reading.then(done, done);
    return reading;
  };

  /** Reads these departures' berths in one go, keeping each unless a change overtook its read. */
  const readBerths = (rows: ReadonlyArray<DepartureRow>): void => {
    const began = generation;
    const asked = new Map(rows.map((row) => [row.id, versions.get(row.id) ?? 0]));
    const readAt = Date.now();
    const read = availabilityOf(db, rows).then((answers) => new Map(answers.map((answer) => [answer.cruiseId as number, answer])));
    for (const row of rows) {
      const one = read.then((fresh) => {
        const answer = fresh.get(row.id);
        const entry = answer === undefined ? undefined : keptOf(row, answer);
        // what a change overtook while it was read is answered as read, and read again next time
        if (entry !== undefined && began === generation && (versions.get(row.id) ?? 0) === asked.get(row.id)) kept.set(row.id, { ...entry, readAt });
        return entry;
      });
      berthsReading.set(row.id, one);
      const done = () => {
        if (berthsReading.get(row.id) === one) berthsReading.delete(row.id);
      };
      one.then(done, done);
    }
  };

  return {
    availability: async (query) => {
      // another server's command is heard through the log: caught up first, what is kept is not older than it
      await feed?.catchUp();
      const rows = departuresIn(await scheduled(), query);
      const now = Date.now();
      const keptNow = (row: DepartureRow): KeptBerths | undefined => {
        const entry = kept.get(row.id);
        return entry !== undefined && now - entry.readAt <= maxAgeMs ? entry : undefined;
      };
      const answers = rows.map(keptNow);
      const missing = rows.filter((_, at) => answers[at] === undefined);
      // a period all kept is answered at once, and only the departures read again are waited for,
      // not a promise for each of a period's hundreds (after a hold, one of them: decision 115)
      if (missing.length === 0) return answers as ReadonlyArray<KeptBerths>;
      const unread = missing.filter((row) => !berthsReading.has(row.id));
      if (unread.length > 0) readBerths(unread);
      // what each departure's answer is, taken now: a change heard while waiting does not drop one
      const read = await Promise.all(missing.map((row) => berthsReading.get(row.id)));
      let next = 0;
      return answers.flatMap((entry) => {
        const answer = entry ?? read[next++];
        return answer === undefined ? [] : [answer];
      });
    },
    // this server's own commands: the viewers here hear them at once, not at the feed's next look
    touch: (cruiseIds) => {
      touch(cruiseIds);
      feed?.nudge();
    },
    touchAll: () => {
      touchAll();
      feed?.nudge();
    },
    stop: unsubscribe,
  };
};
