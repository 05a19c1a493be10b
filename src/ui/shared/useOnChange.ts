import { useEffect, useRef } from "react";

/**
 * Runs `changed` once each time `value` differs from the one last seen, never on the first render: a
 * screen's machine told that something outside it moved (a reload asked, a record read again).
 */
export const useOnChange = (value: unknown, changed: () => void): void => {
  const shown = useRef(value);
  useEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    changed();
  }, [value, changed]);
};
