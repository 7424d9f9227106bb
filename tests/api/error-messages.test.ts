import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validApplication } from "../support/finance-applications";
import { knownStockChange } from "../support/known-vehicles";
import { startTestSite, type TestSite } from "../support/start-test-site";

/**
 * Every field of every form the API takes, sent with a value of the wrong kind: each answer
 * must be a 400 in the contract's shape whose messages are plain English, never a schema
 * library's own wording ("Invalid input: expected string, received number").
 */
let site: TestSite;
beforeAll(async () => {
  site = await startTestSite(knownStockChange(), { env: { POST_RATE_LIMIT: "100000" } });
});
afterAll(async () => {
  await site.close();
});

const LIBRARY_WORDING = /invalid input|expected|received|too (big|small)|NaN|Infinity|undefined|null/i;

/** JSON texts of values no form sends; 1e999 reads as Infinity. */
const WRONG_KINDS = ["5", "1.5", "-1", "true", "[]", "{}", "null", "1e999", '"\\u0000"', '"Infinity"', JSON.stringify("x".repeat(300))];

const FORMS: Record<string, { valid: Record<string, unknown>; fields: string[] }> = {
  "/api/finance-application": {
    valid: validApplication(),
    fields: [...Object.keys(validApplication()), "address2", "residenceYears", "residenceMonths"],
  },
  "/api/newsletter": { valid: { email: "jo@example.com", consent: true }, fields: ["email", "consent", "source"] },
  "/api/feedback": { valid: { message: "Great site" }, fields: ["message", "email", "page"] },
  "/api/part-exchange": {
    valid: {
      registration: "MA19 ABC",
      mileage: 42000,
      name: "Sam Jones",
      email: "sam@example.com",
      phone: "07700 900123",
      postcode: "L3 4BP",
    },
    fields: ["registration", "mileage", "make", "model", "condition", "name", "email", "phone", "postcode", "interestedIn"],
  },
};

/** The valid body as JSON text with one field's value replaced by raw JSON text. */
function withField(valid: Record<string, unknown>, path: string[], rawValue: string): string {
  const marker = "__replace_me__";
  const body = structuredClone(valid);
  let target = body as Record<string, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1)!] = marker;
  return JSON.stringify(body).replace(`"${marker}"`, rawValue);
}

async function messagesFor(url: string, body: string) {
  const response = await fetch(`${site.url}${url}`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
  const answer = (await response.json()) as { error?: { message: string; field?: string; fields?: Record<string, string> } };
  return {
    status: response.status,
    answer,
    messages: [answer.error?.message, ...Object.values(answer.error?.fields ?? {})].filter(Boolean) as string[],
  };
}

describe("messages for values of the wrong kind", () => {
  it.each(Object.entries(FORMS))("%s names the field and says what it wants, in words", async (url, { valid, fields }) => {
    const paths = [
      ...fields.map((field) => [field]),
      ...(url.includes("finance") ? ["make", "model", "registration", "mileage"].map((field) => ["vehicleDetails", field]) : []),
    ];
    for (const path of paths) {
      for (const raw of WRONG_KINDS) {
        const { status, answer, messages } = await messagesFor(url, withField(valid, path, raw));
        if (status === 201) continue; // some fields take anything textual, and a number written as text
        expect(status, `${path.join(".")}=${raw}`).toBe(400);
        expect(answer.error?.field, `${path.join(".")}=${raw}`).toBeDefined();
        for (const message of messages) expect(message, `${path.join(".")}=${raw}`).not.toMatch(LIBRARY_WORDING);
      }
    }
  });

  it("refuses a vehicle of the wrong kind in words", async () => {
    const { answer } = await messagesFor("/api/finance-application", withField(validApplication(), ["vehicleId"], "42"));
    expect(answer.error).toMatchObject({
      field: "vehicleId",
      message: "Say which vehicle you are applying for, by the id in its page's address",
    });
  });
});

describe("search parameters", () => {
  it.each([
    ["price=abc", "price"],
    ["year=new", "year"],
    ["sort=cheapest", "sort"],
    ["page=0", "page"],
    ["pageSize=1000", "pageSize"],
    [`make=${"x".repeat(200)}`, "make"],
  ])("%s is a 400 naming %s in words", async (query, field) => {
    const response = await fetch(`${site.url}/api/vehicles/search/car?${query}`);
    const { error } = (await response.json()) as { error: { field: string; message: string } };
    expect(response.status).toBe(400);
    expect(error.field).toBe(field);
    expect(error.message).toMatch(new RegExp(`^${field} `));
    expect(error.message).not.toMatch(LIBRARY_WORDING);
  });
});
