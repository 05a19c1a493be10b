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
