/**
 * `npm run dev`: the API server (restarting on change) on API_PORT and Vite with hot reload on
 * PORT, which proxies /api to it. One Ctrl-C stops both.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const apiPort = process.env.API_PORT ?? "3001";

const children: ChildProcess[] = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "server/main.ts"], {
    cwd: root,
    stdio: "inherit",
    // the landing page's script from its sources, which Vite serves with hot reload (decision 070)
    env: { ...process.env, PORT: apiPort, LANDING_SOURCES: "true" },
  }),
  spawn(join(root, "node_modules", ".bin", "vite"), [], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stopAll = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stopAll);
process.on("SIGTERM", stopAll);
for (const child of children) {
  child.on("exit", (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
}
