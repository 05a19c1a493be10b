import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", sourcemap: false, target: "es2022" },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": `http://127.0.0.1:${apiPort}` },
  },
});
