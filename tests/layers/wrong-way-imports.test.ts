import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layer rules of eslint.config.js, shown failing on imports that run the wrong way and
 * passing on ones that run the right way, so a change to the config cannot quietly let a
 * floor lean on the one above.
 */
const eslint = new ESLint({ cwd: process.cwd() });
const LAYER_RULES = [
  "import-x/no-restricted-paths",
  "@typescript-eslint/no-restricted-imports",
  "no-restricted-syntax",
  "import-x/no-nodejs-modules",
  "no-restricted-globals",
];

const CIRCLE_RULES = ["local/no-import-circles"];

async function problems(rules: readonly string[], filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages.filter((message) => rules.includes(message.ruleId ?? "")).map((message) => message.message);
}

/** The one problem the rules find with `source` as `filePath`, which must match `message`. */
async function expectOneProblem(rules: readonly string[], filePath: string, source: string, message: RegExp): Promise<void> {
  const found = await problems(rules, filePath, source);
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(message);
}

describe("layers", () => {
  it.each([
    [
      "domain/wrong-way.ts",
      'import { loadConfig } from "../backend/config";\nexport const x = loadConfig;\n',
      /domain\/ is the ground floor/,
    ],
    ["domain/wrong-way.ts", 'import { x } from "../frontend/routes";\nexport const y = x;\n', /domain\/ is the ground floor/],
    [
      "backend/wrong-way.ts",
      'import routes from "../frontend/routes";\nexport const x = routes;\n',
      /backend\/ imports domain\/ and itself only/,
    ],
    [
      "backend/wrong-way.ts",
      'import { main } from "../indexer/cli";\nexport const x = main;\n',
      /backend\/ imports domain\/ and itself only/,
    ],
    [
      "backend/wrong-way.ts",
      'import { freePort } from "../tests/support/free-port";\nexport const x = freePort;\n',
      /backend\/ imports domain\/ and itself only/,
    ],
    ["frontend/wrong-way.ts", 'import { freePort } from "../tests/support/free-port";\nexport const x = freePort;\n', /frontend\/ ships/],
    [
      "frontend/components/WrongWay.tsx",
      'import { loadConfig } from "../../backend/config";\nexport const x = loadConfig;\n',
      /only types from backend/,
    ],
    [
      "frontend/components/WrongWay.tsx",
      'export const load = () => import("../../backend/config");\n',
      /an import\(\) of its code would end up in the browser bundle/,
    ],
    [
      "domain/wrong-way.ts",
      'import { readFile } from "node:fs/promises";\nexport const x = readFile;\n',
      /Node.js builtin module "node:fs\/promises"/,
    ],
    ["domain/wrong-way.ts", 'export const x = () => import("crypto");\n', /Node.js builtin module "crypto"/],
    ["domain/wrong-way.ts", "export const x = process.env.SITE_URL;\n", /runs in the browser too, which has no process/],
  ])("refuses %s importing the wrong way (%#)", (filePath, source, message) => expectOneProblem(LAYER_RULES, filePath, source, message));

  it.each([
    ["backend/right-way.ts", 'import { FILTER_NAMES } from "../domain/filters";\nexport const x = FILTER_NAMES;\n'],
    ["frontend/right-way.ts", 'import { loadConfig } from "../backend/config";\nexport const x = loadConfig;\n'],
    ["frontend/components/RightWay.tsx", 'import type { Config } from "../../backend/config";\nexport type X = Config;\n'],
    ["frontend/components/RightWay.tsx", 'export const load = () => import("../../domain/filters");\n'],
    ["domain/right-way.test.ts", 'import { readFile } from "node:fs/promises";\nexport const x = readFile;\n'],
    ["backend/right-way.test.ts", 'import { freePort } from "../tests/support/free-port";\nexport const x = freePort;\n'],
  ])("lets %s import the right way", async (filePath, source) => {
    expect(await problems(LAYER_RULES, filePath, source)).toEqual([]);
  });
});

describe("import circles", () => {
  it.each([
    [
      // A type alone ties the two files: dealer.ts imports opening-hours.ts.
      "domain/opening-hours.ts",
      'import type { Dealer } from "./dealer";\nexport type Hours = Dealer["openingHours"];\n',
      /closes a circle: domain\/opening-hours\.ts → domain\/dealer\.ts → domain\/opening-hours\.ts/,
    ],
    [
      "frontend/components/WrongWay.tsx",
      'import { loader } from "../routes/home";\nexport const x = loader;\n',
      /frontend\/components\/ and frontend\/routes\/ import each other \(frontend\/routes\/.* → frontend\/components\//,
    ],
    [
      // The stock desks sit below the pages and calls: http/ imports stock/.
      "backend/stock/wrong-way.ts",
      'import { boundaryOf } from "../http/multipart-upload";\nexport const x = boundaryOf;\n',
      /backend\/stock\/ and backend\/http\/ import each other \(backend\/http\/.* → backend\/stock\//,
    ],
  ])("refuses %s closing a circle (%#)", (filePath, source, message) => expectOneProblem(CIRCLE_RULES, filePath, source, message));

  it.each([
    ["frontend/routes/right-way.tsx", 'import { VehicleGrid } from "../components/VehicleCard";\nexport const x = VehicleGrid;\n'],
    ["frontend/components/right-way.test.ts", 'import { loader } from "../routes/home";\nexport const x = loader;\n'],
    ["backend/http/right-way.ts", 'import { uploadLimitBytes } from "../stock/stock-upload";\nexport const x = uploadLimitBytes;\n'],
  ])("lets %s import one way", async (filePath, source) => {
    expect(await problems(CIRCLE_RULES, filePath, source)).toEqual([]);
  });
});
