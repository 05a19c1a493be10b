import { LRUCache } from "lru-cache";

/**
 * Answers of reads kept in memory until the database next changes, for a database that only this
 * process writes (PGlite). The owner calls `changed()` when a statement that may write is asked
 * for; the remembered answers are then dropped at the next lookup. Statements run one at a time
 * in the order asked, so a read asked for after a write reads again and sees it. An answer is
 * kept as its promise, so many callers of the same read share one query, and a failed read is
 * forgotten.
 */
export interface RememberedReads {
  changed(): void;
  remember<V>(key: string, read: () => Promise<V>): Promise<V>;
}

/** A failed read is forgotten, unless another answer took its place meanwhile. */
const forgetIfFailed = <Entry extends object>(answers: LRUCache<string, Entry>, key: string, entry: Entry, answer: Promise<unknown>): void => {
  answer.catch(() => {
    if (answers.peek(key) === entry) answers.delete(key);
  });
};

export const rememberedReads = (maxEntries: number): RememberedReads => {
  let changes = 0;
  let changesSeen = 0;
  // least recently used dropped first when full
  const answers = new LRUCache<string, Promise<unknown>>({ max: maxEntries });
  return {
    changed: () => {
      changes += 1;
    },
    remember: <V>(key: string, read: () => Promise<V>): Promise<V> => {
      if (changesSeen !== changes) {
        answers.clear();
        changesSeen = changes;
      }
      // A key names one read, whose answer has that read's type.
      const known = answers.get(key) as Promise<V> | undefined;
      if (known !== undefined) return known;
      const answer = read();
      answers.set(key, answer);
      forgetIfFailed(answers, key, answer, answer);
      return answer;
    },
  };
};

/**
 * Answers of reads kept in memory on a database several servers write (PostgreSQL): each answer
 * is kept with the database's change count read before it was read (`version`, which every
 * writing transaction of every server raises before it commits), and answered again only while
 * that count stands. A read begun after a write was acknowledged therefore never answers from
 * before it, whichever server wrote; the price is one small read of the count per lookup.
 */
export const versionedReads = (maxEntries: number, version: () => Promise<number>): Pick<RememberedReads, "remember"> => {
  const answers = new LRUCache<string, { readonly version: number; readonly answer: Promise<unknown> }>({ max: maxEntries });
  return {
    remember: async <V>(key: string, read: () => Promise<V>): Promise<V> => {
      const current = await version();
      const known = answers.get(key);
      // A key names one read, whose answer has that read's type.
      if (known !== undefined && known.version === current) return known.answer as Promise<V>;
      // read after the count: it sees at least every write the count counts, and is kept under it
      const answer = read();
      const entry = { version: current, answer };
      // a newer count's answer is not replaced by one read under an older count
      if (known === undefined || known.version <= current) answers.set(key, entry);
      forgetIfFailed(answers, key, entry, answer);
      return answer;
    },
  };
};

/**
 * One read for every caller that asks before it starts: the callers of one turn of the event loop
 * share a statement (the change count is asked by every request, often twice). A caller never
 * shares a read that began before it asked, which could miss a write acknowledged in between.
 */
export const readTogether = <T>(read: () => Promise<T>): (() => Promise<T>) => {
  let waiting: Promise<T> | null = null;
  return () => {
    waiting ??= new Promise<T>((resolve, reject) => {
      setImmediate(() => {
        waiting = null;
        read().then(resolve, reject);
      });
    });
    return waiting;
  };
};
