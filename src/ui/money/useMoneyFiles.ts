import { useSelector } from "@xstate/react";
import { useState } from "react";
import type { DocumentLanguage } from "../../api/documents.ts";
import { type MoneyFileRequest, moneyFilesMachine } from "../../machines/money/moneyFiles.machine.ts";
import { useServices } from "../shared/context.ts";
import { saveFile } from "../shared/saveFile.ts";
import { useFlowActor } from "../shared/useFlow.ts";

/** The documents' language of the panel's: Spanish unless English is chosen. */
export const documentLanguageOf = (language: string): DocumentLanguage => (language.startsWith("en") ? "en" : "es");

/**
 * Money's files for a screen (decision 068): `download` asks the money files machine for a
 * receipt or a statement, which the browser saves; `busy` while the server draws it; `error` the
 * refusal's message (a statement's period refused before sending, or the server's answer).
 */
export const useMoneyFiles = () => {
  const { client } = useServices();
  const [logic] = useState(() => moneyFilesMachine.provide({ actions: { saveFile: (_, file) => saveFile(file.blob, file.fileName) } }));
  const actor = useFlowActor(logic, { input: { client } });
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag("downloading"));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  return { download: (request: MoneyFileRequest) => actor.send({ type: "file.download", request }), busy, error };
};
