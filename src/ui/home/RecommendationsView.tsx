import "./home.css";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { Itinerary } from "../../api/itineraries.ts";
import { hasUnsavedChoices, recommendationsMachine } from "../../machines/home/recommendations.machine.ts";
import { FormActions } from "../shared/FormActions.tsx";
import { FormFrame } from "../shared/FormFrame.tsx";
import { OrderButtons } from "../shared/OrderButtons.tsx";
import { useServices } from "../shared/context.ts";
import { formatMoney } from "../catalogues/destinationFormat.ts";
import { formImplementations } from "../flows/flows.ts";
import { paths } from "../paths.ts";
import { useFlowActor } from "../shared/useFlow.ts";

/** /panel/home/recomendation: the destinations the landing page recommends, in their order. */
export default function RecommendationsView() {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [, navigate] = useLocation();
  const [logic] = useState(() =>
    recommendationsMachine.provide(formImplementations(i18n, () => navigate(paths.home))),
  );
  const actor = useFlowActor(logic, { input: { client } });
  const destinations = useSelector(actor, (snapshot) => snapshot.context.destinations);
  const chosen = useSelector(actor, (snapshot) => snapshot.context.chosen);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag("fetching"));
  const processing = useSelector(actor, (snapshot) => snapshot.hasTag("processing"));
  const open = useSelector(
    actor,
    (snapshot) => snapshot.matches("editing") || snapshot.matches("saving") || snapshot.matches("outdated"),
  );
  const outdated = useSelector(actor, (snapshot) => snapshot.matches("outdated"));
  // leaving asks first while the choices are only in the editor (not while they are being saved)
  const unsaved = useSelector(
    actor,
    (snapshot) => (snapshot.matches("editing") || snapshot.matches("outdated")) && hasUnsavedChoices(snapshot.context),
  );

  const byId = new Map(destinations.map((destination) => [destination.id, destination]));
  const picked = chosen.flatMap((id) => {
    const destination = byId.get(id);
    return destination === undefined ? [] : [destination];
  });
  const available = destinations.filter((destination) => !chosen.includes(destination.id));
  const describe = (destination: Itinerary) =>
    `${t(`destinations.${destination.type}`)} · ${formatMoney(i18n.language, destination.price)}`;

  return (
    <section aria-labelledby="page-title" className="home" data-unsaved={unsaved ? "" : undefined}>
      <FormFrame title={t("home.recommendations")} error={error} fetching={loading} open={open} back={paths.home}>
        <div className="home-choices">
          <section aria-labelledby="chosen-title">
            <h2 id="chosen-title">{t("home.chosen")}</h2>
            {picked.length === 0 ? (
              <p className="home-hint">{t("home.noRecommendations")}</p>
            ) : (
              <ol className="home-choice-list">
                {picked.map((destination, index) => (
                  <li key={destination.id}>
                    <span className="home-choice-name">
                      {index + 1}. <strong>{destination.name}</strong>
                      <br />
                      <small>{describe(destination)}</small>
                    </span>
                    <OrderButtons
                      names={{
                        up: t("home.moveUpNamed", { name: destination.name }),
                        down: t("home.moveDownNamed", { name: destination.name }),
                        remove: t("home.removeNamed", { name: destination.name }),
                      }}
                      canMoveUp={index > 0}
                      canMoveDown={index < picked.length - 1}
                      disabled={processing}
                      onMoveUp={() => actor.send({ type: "recommendation.moveUp", id: destination.id })}
                      onMoveDown={() => actor.send({ type: "recommendation.moveDown", id: destination.id })}
                      onRemove={() => actor.send({ type: "recommendation.remove", id: destination.id })}
                    />
                  </li>
                ))}
              </ol>
            )}
          </section>
          <section aria-labelledby="available-title">
            <h2 id="available-title">{t("home.available")}</h2>
            {available.length === 0 ? (
              <p className="home-hint">{t("home.noneAvailable")}</p>
            ) : (
              <ul className="home-choice-list">
                {available.map((destination) => (
                  <li key={destination.id}>
                    <span className="home-choice-name">
                      <strong>{destination.name}</strong>
                      <br />
                      <small>{describe(destination)}</small>
                    </span>
                    <button
                      type="button"
                      className="outline"
                      disabled={processing}
                      aria-label={t("home.addNamed", { name: destination.name })}
                      onClick={() => actor.send({ type: "recommendation.add", id: destination.id })}
                    >
                      {t("home.add")}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <FormActions
          busy={processing}
          back={paths.home}
          onSave={() => actor.send({ type: "recommendations.save" })}
          onReload={outdated ? () => actor.send({ type: "recommendations.reload" }) : undefined}
        />
      </FormFrame>
    </section>
  );
}
