import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { LoadRefusal } from "../../machines/shared/actions.ts";
import { useDocumentTitle } from "./useDocumentTitle.ts";

/**
 * The page shown in place of a screen whose record is not there or not the user's: what happened,
 * in a title and a sentence, and a way back (the list it comes from, or the start page), instead
 * of a bare retry button that could never succeed.
 */
export function ProblemPage({
  problem,
  back,
  backLabel,
}: {
  readonly problem: LoadRefusal;
  readonly back: string;
  readonly backLabel: string;
}) {
  const { t } = useTranslation();
  const title = t(`problem.${problem}Title`);
  useDocumentTitle(title);
  return (
    <section aria-labelledby="page-title" className="problem-page">
      <h1 id="page-title">{title}</h1>
      <p>{t(`problem.${problem}Text`)}</p>
      <p>
        <Link href={back}>{backLabel}</Link>
      </p>
    </section>
  );
}
