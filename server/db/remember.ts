import { AsyncLocalStorage } from "node:async_hooks";
import { LRUCache } from "lru-cache";

/**
 * Answers of reads kept in memory until the database changes what they read, for a database that
 * only this process writes (PGlite). The owner calls `changed(tables)` when a statement that may
 * write is asked for, naming the tables it writes (null when it cannot tell: every table). A read
 * that names its tables is read again once one of them changed; one that does not, once anything
 * changed. Statements run one at a time in the order asked, so a read asked for after a write reads
 * again and sees it. An answer is kept as its promise, so many callers of the same read share one
 * query, and a failed read is forgotten.
 */
export interface RememberedReads {
  changed(tables: ReadonlyArray<string> | null): void;
  /**
   * `settledOnly`: a kept answer still being read is not shared but read again. A transaction asks
   * so: a read asked for outside it waits for the transaction to end, and waiting for that read
   * inside it would never end.
   */
  remember<V>(key: string, read: () => Promise<V>, tables?: ReadonlyArray<string>, settledOnly?: boolean): Promise<V>;
}

/** A failed read is forgotten, unless another answer took its place meanwhile. */
const forgetIfFailed = <Entry extends object>(answers: LRUCache<string, Entry>, key: string, entry: Entry, answer: Promise<unknown>): void => {
  answer.catch(() => {
    if (answers.peek(key) === entry) answers.delete(key);
  });
};

/** Keeps `entry` under `key`: marked settled once its answer has arrived, forgotten if it fails. */
const keep = <Entry extends { readonly answer: Promise<unknown>; settled: boolean }>(answers: LRUCache<string, Entry>, key: string, entry: Entry): void => {
  answers.set(key, entry);
  entry.answer.then(
    () => {
      entry.settled = true;
    },
    () => undefined,
  );
  forgetIfFailed(answers, key, entry, entry.answer);
};

/**
 * A database's change counts as read at one moment: every writing transaction (PostgreSQL, which
 * several servers write, raises them before it commits) or writing statement (PGlite, this process
 * the one writer) raises `all`, and the count of each table it wrote, or `untold` when its tables
 * cannot be told (a migration, an `exec`).
 */
export interface ChangeCounts {
  readonly all: number;
  readonly untold: number;
  readonly tables: Readonly<Record<string, number>>;
}

/**
 * Grows when a write may have changed what a read of `tables` reads, and only then: the writes of
 * those tables and the untold ones; every write for a read that names no tables.
 */
const stampOfCounts = (counts: ChangeCounts, tables: ReadonlyArray<string> | undefined): number =>
  tables === undefined ? counts.all : tables.reduce((sum, table) => sum + (counts.tables[table] ?? 0), counts.untold);

/**
 * The answers a server remembers, on either database (a page of leads is the largest, tens of KB;
 * the catalogues' reads a hold prices with are many and small: decision 133).
 */
export const REMEMBERED_READS = 300;

export const rememberedReads = (maxEntries: number): RememberedReads => {
  /** This process's changes, counted as PostgreSQL's servers count theirs in the database. */
  const counts = { all: 0, untold: 0, tables: Object.create(null) as Record<string, number> };
  // least recently used dropped first when full
  const answers = new LRUCache<string, { readonly answer: Promise<unknown>; readonly stamp: number; settled: boolean }>({ max: maxEntries });
  return {
    changed: (tables) => {
      counts.all += 1;
      if (tables === null) counts.untold += 1;
      else for (const table of new Set(tables)) counts.tables[table] = (counts.tables[table] ?? 0) + 1;
    },
    remember: <V>(key: string, read: () => Promise<V>, tables?: ReadonlyArray<string>, settledOnly = false): Promise<V> => {
      const stamp = stampOfCounts(counts, tables);
      // A key names one read, whose answer has that read's type.
      const known = answers.get(key);
      if (known !== undefined && known.stamp === stamp && (known.settled || !settledOnly)) return known.answer as Promise<V>;
      const answer = read();
      if (known !== undefined && known.stamp === stamp) return answer;
      keep(answers, key, { answer, stamp, settled: false });
      return answer;
    },
  };
};

/**
 * Answers of reads kept in memory on a database several servers write (PostgreSQL): each answer
 * is kept with the database's change counts read before it was read (`counts`, which every
 * writing transaction of every server raises before it commits), and answered again only while
 * the counts of what it reads stand: those of its tables when it names them, as on PGlite, else
 * every write's. A read begun after a write was acknowledged therefore never answers from before
 * it, whichever server wrote; the price is one small read of the counts per call.
 */
export interface VersionedReads extends Pick<RememberedReads, "remember"> {
  /**
   * A read of `tables` inside a transaction that has not written them: the answer kept under the
   * counts its call has already read, once it has arrived, else the transaction's own read (kept
   * for the others under those counts). It never waits for another connection (the counts, or a
   * read under way elsewhere): a transaction holding the pool's last connection would wait
   * forever for one queued behind it. Without counts read by its call, it reads.
   */
  rememberInTransaction<V>(key: string, read: () => Promise<V>, tables: ReadonlyArray<string>): Promise<V>;
}

export const versionedReads = (maxEntries: number, counts: () => Promise<ChangeCounts>): VersionedReads => {
  const answers = new LRUCache<string, { readonly stamp: number; readonly answer: Promise<unknown>; settled: boolean }>({ max: maxEntries });
  /** Reads now, after counts whose stamp is `current`: it sees at least every write they count, and is kept under them. */
  const readAndKeep = <V>(key: string, read: () => Promise<V>, current: number): Promise<V> => {
    const known = answers.get(key);
    const answer = read();
    // a newer count's answer is not replaced by one read under an older count
    if (known === undefined || known.stamp <= current) keep(answers, key, { stamp: current, answer, settled: false });
    return answer;
  };
  return {
    remember: async <V>(key: string, read: () => Promise<V>, tables?: ReadonlyArray<string>): Promise<V> => {
      const current = stampOfCounts(await countsOfCall(counts), tables);
      const known = answers.get(key);
      // A key names one read, whose answer has that read's type.
      if (known !== undefined && known.stamp === current) return known.answer as Promise<V>;
      return readAndKeep(key, read, current);
    },
    rememberInTransaction: <V>(key: string, read: () => Promise<V>, tables: ReadonlyArray<string>): Promise<V> => {
      const call = callCount.getStore();
      const countsRead = call?.open === true ? call.read : undefined;
      if (countsRead === undefined) return read();
      const current = stampOfCounts(countsRead, tables);
      const known = answers.get(key);
      if (known !== undefined && known.stamp === current && known.settled) return known.answer as Promise<V>;
      return readAndKeep(key, read, current);
    },
  };
};

/** The change counts the call of an endpoint running now read first, while the call runs. */
interface CallCount {
  count: Promise<ChangeCounts> | undefined;
  /** The counts `count` answered, once it has. */
  read: ChangeCounts | undefined;
  open: boolean;
}

const callCount = new AsyncLocalStorage<CallCount>();

/**
 * Runs one call of an endpoint (its session check, its reads) reading the change counts once: the
 * session check and the page it guards asked it one after the other, a round trip each on every
 * request (decision 085). A call answers as of its own beginning, as any request overlapping a
 * write may; a write the call itself commits makes its later reads ask again
 * (`changeCountRaised`). The count is the call's only while it runs: timers it starts read their own.
 */
export const withOneChangeCount = <T>(work: () => Promise<T>): Promise<T> => {
  const call: CallCount = { count: undefined, read: undefined, open: true };
  return callCount.run(call, work).finally(() => {
    call.open = false;
  });
};

/** A write committed in the running call: its later remembered reads read the count again. */
export const changeCountRaised = (): void => {
  const call = callCount.getStore();
  if (call === undefined) return;
  call.count = undefined;
  call.read = undefined;
};

export const countsOfCall = (counts: () => Promise<ChangeCounts>): Promise<ChangeCounts> => {
  const call = callCount.getStore();
  if (call === undefined || !call.open) return counts();
  if (call.count !== undefined) return call.count;
  const asked = counts();
  call.count = asked;
  asked.then(
    (answer) => {
      if (call.count === asked) call.read = answer;
    },
    () => undefined,
  );
  return asked;
};

/**
 * One read for every caller that asks before it starts, and one under way at a time: the callers
 * of one turn of the event loop share a statement (the change count is asked by every request,
 * often twice), and those who ask while it runs share the next, begun once it has answered. At 32
 * clients the count was otherwise read by many connections at once, each read taking a connection
 * the pages needed and waking a database process for a few bytes (decision 127). A caller never
 * shares a read that began before it asked, which could miss a write acknowledged in between.
 */
export const readTogether = <T>(read: () => Promise<T>): (() => Promise<T>) => {
  /** The read under way: a caller asking now waits for the next. */
  let running: Promise<T> | null = null;
  /** The next read, not begun yet: every caller asking now shares it. */
  let waiting: Promise<T> | null = null;
  return () => {
    waiting ??= new Promise<T>((resolve, reject) => {
      const begin = () => {
        waiting = null;
        const current = read();
        running = current;
        const settled = () => {
          if (running === current) running = null;
        };
        current.then(settled, settled);
        current.then(resolve, reject);
      };
      if (running === null) setImmediate(begin);
      else running.then(begin, begin);
    });
    return waiting;
  };
};
