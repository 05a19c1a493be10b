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

export const rememberedReads = (maxEntries: number): RememberedReads => {
  let changes = 0;
  let changesSeen = 0;
  const answers = new Map<string, Promise<unknown>>();
  return {
    changed: () => {
      changes += 1;
    },
    remember: <V>(key: string, read: () => Promise<V>): Promise<V> => {
      if (changesSeen !== changes) {
        answers.clear();
        changesSeen = changes;
      }
      const known = answers.get(key);
      if (known !== undefined) {
        // Most recently used last, so that the oldest is the one dropped when full.
        answers.delete(key);
        answers.set(key, known);
        // A key names one read, whose answer has that read's type.
        return known as Promise<V>;
      }
      const answer = read();
      answers.set(key, answer);
      if (answers.size > maxEntries) {
        const oldest = answers.keys().next();
        if (oldest.done !== true) answers.delete(oldest.value);
      }
      answer.catch(() => {
        if (answers.get(key) === answer) answers.delete(key);
      });
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
  const answers = new Map<string, { readonly version: number; readonly answer: Promise<unknown> }>();
  return {
    remember: async <V>(key: string, read: () => Promise<V>): Promise<V> => {
      const current = await version();
      const known = answers.get(key);
      if (known !== undefined && known.version === current) {
        answers.delete(key);
        answers.set(key, known);
        // A key names one read, whose answer has that read's type.
        return known.answer as Promise<V>;
      }
      // read after the count: it sees at least every write the count counts, and is kept under it
      const answer = read();
      const entry = { version: current, answer };
      // a newer count's answer is not replaced by one read under an older count
      if (known === undefined || known.version <= current) answers.set(key, entry);
      if (answers.size > maxEntries) {
        const oldest = answers.keys().next();
        if (oldest.done !== true) answers.delete(oldest.value);
      }
      answer.catch(() => {
        if (answers.get(key) === entry) answers.delete(key);
      });
      return answer;
    },
  };
};
