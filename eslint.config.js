import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import importCircles from "./lint/import-circles.js";

/**
 * The floors of the house and which way they point (docs/architecture.md): domain/ at the
 * bottom imports no other folder; backend/ imports domain/; frontend/ imports both; indexer/
 * (the command-line tool) calls backend/. Code that ships does not import tests/, bench/ or
 * scripts/. A wrong-way import fails `npm run lint`, which `npm test` runs.
 */
const layers = (zones) => ({ "import-x/no-restricted-paths": ["error", { zones }] });
const zone = (target, from, message) => ({ target, from, message });
const NOT_SHIPPED = ["./tests", "./bench", "./scripts"];
const TEST_FILES = ["**/*.test.ts", "**/*.test.tsx"];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "node_modules/**",
      ".react-router/**",
      ".variants/**",
      "test-results/**",
      "playwright-report/**",
      "bench/.data/**",
      "data/**",
    ],
  },
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"],
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "import-x": importX },
    settings: { "import-x/resolver": { typescript: true, node: true } },
    rules: {
      // tsc reports unused names (noUnusedLocals, noUnusedParameters in tsconfig.json); once is enough.
      "@typescript-eslint/no-unused-vars": "off",
      // These two judge code by what the React Compiler can optimise; the site does not use the
      // compiler, and it reads a dialog's state from its ref and sets "hydrated" in an effect on purpose.
      "react-hooks/refs": "off",
      "react-hooks/set-state-in-effect": "off",
      // A wide table or a photo strip scrolls inside a named region, which must take focus for a
      // keyboard user to scroll it (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },
  {
    // No file reaches itself through its imports, nor a guarded folder through another
    // (lint/import-circles.js). What puts backend/'s folders together (site.ts,
    // staff-services.ts, the CLIs) sits in backend/ itself, above them all.
    files: ["**/*.ts", "**/*.tsx"],
    plugins: { local: importCircles },
    rules: { "local/no-import-circles": ["error", { guardedFolders: ["backend", "domain", "frontend", "indexer", "scripts"] }] },
  },
  {
    // Tests read JSON they did not type (structured data, API answers).
    files: TEST_FILES,
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["domain/**"],
    ignores: TEST_FILES,
    rules: {
      ...layers([
        zone(
          "./domain",
          ["./backend", "./frontend", "./indexer", ...NOT_SHIPPED],
          "domain/ is the ground floor: it imports no other folder of the site.",
        ),
      ]),
      // The browser runs domain/ too: Node's modules and globals are not there.
      "import-x/no-nodejs-modules": "error",
      "no-restricted-globals": [
        "error",
        ...["process", "Buffer", "global", "__dirname", "__filename", "require"].map((name) => ({
          name,
          message: `domain/ runs in the browser too, which has no ${name}: pass what it needs in.`,
        })),
      ],
    },
  },
  {
    files: TEST_FILES.map((pattern) => `domain/${pattern}`),
    rules: layers([
      zone("./domain", ["./backend", "./frontend", "./indexer"], "A domain test tests the domain: it may use tests/support, nothing else."),
    ]),
  },
  {
    files: ["backend/**"],
    ignores: TEST_FILES,
    rules: layers([
      zone(
        "./backend",
        ["./frontend", "./indexer", ...NOT_SHIPPED],
        "backend/ imports domain/ and itself only: the pages call the backend, never the other way.",
      ),
    ]),
  },
  {
    files: TEST_FILES.map((pattern) => `backend/${pattern}`),
    rules: layers([
      zone(
        "./backend",
        ["./frontend", "./indexer"],
        "A backend test tests the backend: it may use tests/support, not the pages or the command-line tool.",
      ),
    ]),
  },
  {
    files: ["frontend/**"],
    ignores: TEST_FILES,
    rules: layers([
      zone(
        "./frontend",
        ["./indexer", ...NOT_SHIPPED],
        "frontend/ ships to the server and the browser: it imports domain/ and backend/, never the command-line tool or tests.",
      ),
    ]),
  },
  {
    // Components run in the browser: the backend may lend them types, never code.
    files: ["frontend/components/**"],
    ignores: [...TEST_FILES, "**/*.server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/backend/**"],
              allowTypeImports: true,
              message: "Browser components take only types from backend/: its code would end up in the browser bundle.",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportExpression[source.value=/(^|\\/)backend\\//]",
          message: "Browser components take only types from backend/: an import() of its code would end up in the browser bundle.",
        },
      ],
    },
  },
  {
    files: ["indexer/**"],
    ignores: TEST_FILES,
    rules: layers([zone("./indexer", ["./frontend", ...NOT_SHIPPED], "The command-line tool calls backend/ and domain/ only.")]),
  },
);
