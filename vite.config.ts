import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type InlineConfig, type Plugin } from "vite";
import { precompressAssets } from "./scripts/precompress-assets.ts";

/**
 * React Router's package exports name only its development build (upstream issue
 * remix-run/react-router#14102), which checks and warns as it renders. A build for production
 * takes the production build instead, in the browser bundle and the server's alike; the dev
 * server keeps the development one, which its own tooling loads.
 */
const reactRouterProductionBuild = fileURLToPath(new URL("node_modules/react-router/dist/production/", import.meta.url));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${reactRouterProductionBuild}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterProductionBuild}dom-export.mjs` },
];

/**
 * React Router 7's child compilers ask Vite for `envFile: false`, which Vite 8 takes as its
 * replacement `envDir: false` but warns about on every build (remix-run/react-router#15229,
 * fixed in React Router 8 only). The same request, in the words Vite 8 reads without warning.
 */
const envDirForChildCompilers: Plugin = {
  name: "env-dir-for-child-compilers",
  enforce: "pre",
  config(config) {
    // The child compilers' config is inline (configFile: false), where envFile can stand.
    const inline: InlineConfig = config;
    if (inline.envFile !== false) return;
    delete inline.envFile;
    inline.envDir = false;
  },
};

export default defineConfig(({ command }) => ({
  build: {
    target: "es2022",
    // Rolldown's timing report names where a slow build spends its time; here that is by
    // design (brotli at its highest quality once per asset, so no request pays for it, and
    // React Router's route transforms), so it is left out of every build's output, where a
    // newcomer's first `npm start` read it as trouble. `node --cpu-prof` profiles a build.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  resolve: command === "build" ? { alias: reactRouterProduction } : {},
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // A phone on HTTP/1.1 fetches six files at a time: a few larger scripts arrive
            // sooner than twenty small ones. zod stays out (forms fetch it when used).
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                  priority: 2,
                },
                // The vehicle page's forms and the finance application are shared by their own pages
                // and the vehicle page's lazy dialogs only; so is the alert form, by /alerts and the
                // search and vehicle pages' lazy one (LazyAlertForm).
                {
                  name: "site",
                  test: /[\\/]frontend[\\/](components|content|seo)[\\/](?!vehicle[\\/]VehicleLeadForm\.|finance[\\/]|alerts[\\/]AlertForm\.)/,
                  minShareCount: 2,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      // Bundled rather than imported from node_modules at run time, so that the alias above
      // applies to them and they share the one copy of React Router the pages use.
      resolve: { noExternal: ["react-router", "@react-router/node", "@react-router/express"] },
      build: {
        // The server build's entry is the whole site process (Express, API, stores, search),
        // with React Router's pages bundled into it: production runs build/server/index.js.
        rollupOptions: { input: "./backend/main.ts" },
        target: "node20",
      },
    },
  },
  plugins: [envDirForChildCompilers, reactRouter(), precompressAssets()],
}));
