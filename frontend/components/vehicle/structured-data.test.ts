import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { loadDealer } from "../../../backend/dealer-config";
import { vehicleRecordSchema } from "../../../domain/vehicle";
import { feedRecord, KNOWN_VEHICLES } from "../../../tests/support/known-vehicles";
import { vehicleStructuredData } from "./structured-data";

const ROOT = path.resolve(import.meta.dirname, "../../..");

interface Example {
  label: string;
  type: string;
  data: unknown;
}

/**
 * Checks JSON-LD against schema.org's types as schema-dts (generated from the schema.org
 * vocabulary) writes them: each example is compiled as a value of its type, so an unknown
 * property, a wrong @type or a value of the wrong kind is a compile error. One program for
 * all examples, as the type library is the slow part.
 */
function schemaOrgProblems(examples: readonly Example[]): string[] {
  const file = path.join(ROOT, "structured-data-check.ts");
  const types = [...new Set(examples.map((example) => example.type))];
  const declarations = examples.map(
    (example, i) => `export const example${i}: WithContext<${example.type}> = ${JSON.stringify(example.data)};`,
  );
  const source = [`import type { ${types.join(", ")}, WithContext } from "schema-dts";`, ...declarations].join("\n");
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => name === file || ts.sys.fileExists(name);
  host.readFile = (name) => (name === file ? source : readFile(name));
  host.getSourceFile = (name, version) => (name === file ? ts.createSourceFile(name, source, version) : getSourceFile(name, version));
  return ts.getPreEmitDiagnostics(ts.createProgram([file], options, host)).map((diagnostic) => {
    // Line 0 is the import; example i is on line i + 1.
    const line =
      diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : 0;
    return `${examples[line - 1]?.label ?? "(import)"}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
  });
}

describe("vehicle structured data", async () => {
  const dealer = await loadDealer(path.join(ROOT, "dealer.json"));
  const records = KNOWN_VEHICLES.map((known) =>
    vehicleRecordSchema.parse({ ...feedRecord(known), _id: known.id, createdAt: known.createdAt, updatedAt: known.createdAt }),
  );

  it("is a schema.org Car for a car and a Vehicle for a van or truck, each with an Offer in pounds", () => {
    for (const record of records) {
      const data = vehicleStructuredData(record, `https://www.example.co.uk/vehicles/${record._id}`, dealer) as Record<string, any>;
      expect(data["@type"]).toBe(record.vehicle.vehicleType === "car" ? "Car" : "Vehicle");
      expect(data.offers).toMatchObject({
        "@type": "Offer",
        priceCurrency: "GBP",
        price: record.adverts.retailAdverts.totalPrice.amountGBP.toFixed(2),
      });
      expect(data.offers.seller).toMatchObject({ "@type": "AutoDealer", name: dealer.name });
    }
  });

  it("says when the price excludes VAT, and only then", () => {
    const exVat = records.filter((record) => record.adverts.retailAdverts.vatStatus === "Ex VAT");
    expect(exVat.length).toBeGreaterThan(0);
    for (const record of records) {
      const { offers } = vehicleStructuredData(record, `https://www.example.co.uk/vehicles/${record._id}`, dealer) as Record<string, any>;
      if (exVat.includes(record)) {
        expect(offers.priceSpecification).toEqual({
          "@type": "PriceSpecification",
          price: record.adverts.retailAdverts.totalPrice.amountGBP.toFixed(2),
          priceCurrency: "GBP",
          valueAddedTaxIncluded: false,
        });
      } else {
        expect(offers.priceSpecification).toBeUndefined();
      }
    }
  });

  it("validates against schema.org's types for every known vehicle, sparse ones included", () => {
    const examples = records.map((record) => {
      const data = vehicleStructuredData(record, `https://www.example.co.uk/vehicles/${record._id}`, dealer);
      return { label: record._id, type: data["@type"] as string, data };
    });
    expect(schemaOrgProblems(examples)).toEqual([]);
  });

  it("would catch a property schema.org does not define", () => {
    const [record] = records;
    const data = { ...vehicleStructuredData(record!, "https://www.example.co.uk/vehicles/x", dealer), topSpeedMph: 120 };
    expect(schemaOrgProblems([{ label: "made up", type: "Car", data }]).join("\n")).toMatch(/^made up: .*topSpeedMph/);
  });
});
