import { createContext, useContext } from "react";
import type { Services } from "./services.ts";

export const ServicesContext = createContext<Services | null>(null);

export const useServices = (): Services => {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error("useServices needs <App services={...}>");
  return services;
};
