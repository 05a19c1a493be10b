import { useEffect } from "react";
import { Spinner } from "../shared/Spinner.tsx";

/**
 * The public landing page `/` reached from inside the panel (the problem pages' way back): the
 * server writes that page (decision 070), so the browser loads it from there.
 */
export default function PublicPage() {
  useEffect(() => window.location.reload(), []);
  return <Spinner />;
}
