import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  build: { target: "es2022" },
  environments: {
    ssr: {
      build: {
        // The server build's entry is the whole site process (Express, API, stores, search),
        // with React Router's pages bundled into it: production runs build/server/index.js.
        rollupOptions: { input: "./backend/main.ts" },
        target: "node20",
      },
    },
  },
  plugins: [reactRouter()],
});
