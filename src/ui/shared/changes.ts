import { useEffect, useRef } from "react";
import type { Change } from "../../api/changes.ts";

type Listener = (change: Change) => void;

const listeners = new Set<Listener>();

/** Hands a change from the live stream to every screen listening (the change stream's `deliver`). */
export const deliverChange = (change: Change): void => {
  for (const listener of listeners) listener(change);
};

/**
 * Calls `onChange` for each live change a screen shows (`shows` answers whether it does): the
 * screen then tells its machine, which fetches again when it is showing, not while it saves.
 */
export const useChanges = (shows: (change: Change) => boolean, onChange: () => void): void => {
  const latest = useRef({ shows, onChange });
  latest.current = { shows, onChange };
  useEffect(() => {
    const listener: Listener = (change) => {
      if (latest.current.shows(change)) latest.current.onChange();
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
};
