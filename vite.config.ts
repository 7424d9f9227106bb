import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/precompress-assets";

export default defineConfig({
  build: { target: "es2022" },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // A phone on HTTP/1.1 fetches six files at a time: a few larger scripts arrive
            // sooner than twenty small ones. zod stays out (forms fetch it when used).
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 2 },
                // The vehicle page's forms are shared by their own pages and the vehicle page's lazy dialog only.
                { name: "site", test: /[\\/]frontend[\\/](components|content|seo)[\\/](?!vehicle[\\/]VehicleLeadForm\.)/, minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        // The server build's entry is the whole site process (Express, API, stores, search),
        // with React Router's pages bundled into it: production runs build/server/index.js.
        rollupOptions: { input: "./backend/main.ts" },
        target: "node20",
      },
    },
  },
  plugins: [reactRouter(), precompressAssets()],
});
