import { useSelector } from "@xstate/react";
import type { i18n as I18n, TFunction } from "i18next";
import { use } from "react";
import { useTranslation } from "react-i18next";
import { languages, type Language } from "../../i18n/index.ts";
import { translateMessage } from "../../i18n/messages.ts";
import type { FlowRefusal, FlowTransition } from "../../machines/flows/flowModel.ts";
import { guardRefusalsMachine } from "../../machines/flows/guardRefusals.machine.ts";
import { RefusalExplanation } from "../departures/RefusalWhy.tsx";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { Spinner } from "../shared/Spinner.tsx";
import { useServices } from "../shared/context.ts";
import { formatDateTime } from "../leads/leadFormat.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { type DescribeFlow, flowDescriptions } from "./flowDocuments.ts";

/** A guard that refuses: its rules (one per branch it guards, in the machine's words) and its answer. */
interface RefusingGuard {
  readonly guard: string;
  readonly rules: ReadonlyArray<string>;
  readonly refusal: FlowRefusal;
}

/** Each refusing guard of a machine once, with the distinct rules of the branches it guards. */
const refusingGuards = (transitions: ReadonlyArray<FlowTransition>): ReadonlyArray<RefusingGuard> => {
  const guards = new Map<string, RefusingGuard>();
  for (const { guard, refusal, description } of transitions) {
    if (guard === null || refusal === null) continue;
    const known = guards.get(guard);
    if (known === undefined) guards.set(guard, { guard, rules: [description], refusal });
    else if (!known.rules.includes(description)) guards.set(guard, { ...known, rules: [...known.rules, description] });
  }
  return [...guards.values()];
};

/** A rule's words and a message in one language. */
interface LanguageTexts {
  readonly describe: DescribeFlow;
  readonly t: TFunction;
}

const bothLanguages = new WeakMap<I18n, Promise<Readonly<Record<Language, LanguageTexts>>>>();

/**
 * The rules' words and the messages in both languages, whatever the page's: the messages' texts of
 * the other language are fetched once, as the descriptions' translations are.
 */
const textsInBoth = (i18n: I18n): Promise<Readonly<Record<Language, LanguageTexts>>> => {
  const loaded = bothLanguages.get(i18n);
  if (loaded !== undefined) return loaded;
  const load = i18n
    .loadNamespaces("messages")
    .then(() => i18n.loadLanguages([...languages]))
    .then(() => Promise.all(languages.map(async (language) => [language, { describe: await flowDescriptions(language), t: i18n.getFixedT(language) }] as const)))
    .then((texts) => Object.fromEntries(texts) as Record<Language, LanguageTexts>);
  bothLanguages.set(i18n, load);
  return load;
};

/**
 * Under a domain machine's diagram, when it has refusing guards (decision 071): each guard that refuses, with its rule and its
 * message in Spanish and in English, linked to the refusals it made (how many, the recent ones,
 * each opening its facts).
 */
export function GuardRefusals({ machine, transitions }: { readonly machine: string; readonly transitions: ReadonlyArray<FlowTransition> }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const texts = use(textsInBoth(i18n));
  const actor = useFlowActor(guardRefusalsMachine, { input: { client, machine } });
  const counts = useSelector(actor, (snapshot) => snapshot.context.counts);
  const chosen = useSelector(actor, (snapshot) => snapshot.context.guard);
  const recent = useSelector(actor, (snapshot) => snapshot.context.recent);
  const opened = useSelector(actor, (snapshot) => snapshot.context.opened);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const failed = useSelector(actor, (snapshot) => snapshot.matches("failed"));
  const listing = useSelector(actor, (snapshot) => snapshot.matches({ counted: "listing" }));
  const guards = refusingGuards(transitions);
  return (
    <section className="flows-guards" aria-labelledby="flows-guards-title">
      <h2 id="flows-guards-title">{t("flows.guards.title")}</h2>
      <p>{t("flows.guards.intro")}</p>
      <ErrorBanner message={error} />
      {failed && (
        <button type="button" className="secondary" onClick={() => actor.send({ type: "retry" })}>
          {t("flows.guards.retry")}
        </button>
      )}
      {guards.map(({ guard, rules, refusal }) => {
        const count = counts?.find((candidate) => candidate.guard === guard) ?? null;
        const isChosen = chosen === guard;
        return (
          <article key={guard} className="flows-guard" aria-labelledby={`guard-${guard}`}>
            <h3 id={`guard-${guard}`}>
              <code>{guard}</code>
            </h3>
            <dl>
              {languages.map((language) => (
                <div key={language} lang={language}>
                  <dt>{t(`flows.guards.ruleIn.${language}`)}</dt>
                  <dd>
                    {rules.map((rule) => (
                      <p key={rule}>{texts[language].describe(rule)}</p>
                    ))}
                  </dd>
                  <dt>{t(`flows.guards.messageIn.${language}`)}</dt>
                  <dd>
                    «{translateMessage(texts[language].t, refusal.message)}» <small>({refusal.status})</small>
                  </dd>
                </div>
              ))}
            </dl>
            {counts === null && !failed ? (
              <Spinner />
            ) : count === null ? (
              <p className="muted">{refusal.status === 409 ? t("flows.guards.none") : t("flows.guards.notKept")}</p>
            ) : (
              <button
                type="button"
                className="secondary outline"
                aria-expanded={isChosen}
                onClick={() => actor.send(isChosen ? { type: "guard.close" } : { type: "guard.choose", guard })}
              >
                {t("flows.guards.refusals", { count: count.count, last: formatDateTime(count.lastAt) })}
              </button>
            )}
            {isChosen &&
              (listing ? (
                <Spinner />
              ) : (
                <ul className="flows-guard-refusals" aria-label={t("flows.guards.recent", { guard })}>
                  {recent.map((kept) => (
                    <li key={kept.id}>
                      {`${formatDateTime(kept.at)} · ${kept.caller.agencyName === null ? kept.caller.name : `${kept.caller.name} (${kept.caller.agencyName})`} · `}
                      <code>{kept.command}</code>{" "}
                      <button
                        type="button"
                        className="secondary outline"
                        aria-expanded={opened === kept.id}
                        onClick={() => actor.send(opened === kept.id ? { type: "refusal.close" } : { type: "refusal.open", id: kept.id })}
                      >
                        {opened === kept.id ? t("flows.guards.hideFacts") : t("flows.guards.showFacts")}
                      </button>
                      {opened === kept.id && <RefusalExplanation refusalId={kept.id} />}
                    </li>
                  ))}
                </ul>
              ))}
          </article>
        );
      })}
    </section>
  );
}
