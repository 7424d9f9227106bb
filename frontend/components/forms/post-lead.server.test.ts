import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { EngineUnavailableError } from "../../../backend/engine-health";
import { leadsContext } from "../../../backend/http/request-context";
import type { Leads, SubmitResult } from "../../../backend/leads/lead-intake";
import { LEAD_KIND_NAMES, type LeadKindName } from "../../../domain/lead-kinds";
import { postLead } from "./post-lead.server";

/**
 * The one action every lead form posts to: the same answers for every kind, the outage above
 * all (what was typed comes back with 503 and Retry-After, where feedback and the newsletter
 * used to lose it to an error page).
 */

interface Answer {
  type: string;
  data: unknown;
  init: { status?: number; headers?: Record<string, string> } | null;
}

function contextWith(submit: Leads["submit"]) {
  const context = new RouterContextProvider();
  context.set(leadsContext, { submit });
  return context;
}

const formPost = (fields: Record<string, string>) =>
  new Request("http://127.0.0.1/form", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

const TYPED = { name: "Siobhán O'Neill-Smith", message: "Is the cambelt done?", email: "" };

describe.each(LEAD_KIND_NAMES)("a %s form's post", (kind: LeadKindName) => {
  it("comes back with everything typed, 503 and Retry-After, when the store cannot take it", async () => {
    const context = contextWith(async () => {
      throw new EngineUnavailableError("store");
    });
    const answer = (await postLead({ kind, request: formPost(TYPED), context, confirmation: () => "/done" })) as unknown as Answer;
    expect(answer.init?.status).toBe(503);
    expect(Number(answer.init?.headers?.["Retry-After"])).toBeGreaterThan(0);
    // Blank fields are left out, as the schema expects.
    expect(answer.data).toEqual({ ok: false, failed: true, values: { name: TYPED.name, message: TYPED.message } });
  });

  it("sends what was typed and what the page adds to the intake, then a plain post on to its confirmation", async () => {
    const sent: unknown[] = [];
    const context = contextWith(async (given, input, key) => {
      sent.push([given, input, key]);
      return { ok: true, id: "1", reference: "K7F3-9QXA", created: true } satisfies SubmitResult;
    });
    const request = formPost({ ...TYPED, idempotencyKey: "key-1" });
    const answer = await postLead({
      kind,
      request,
      context,
      adding: () => ({ vehicleId: "abc" }),
      confirmation: ({ reference }) => `/done?sent=${reference}`,
    });
    expect(sent).toEqual([[kind, { name: TYPED.name, message: TYPED.message, vehicleId: "abc" }, "key-1"]]);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe("/done?sent=K7F3-9QXA");
  });

  it("answers a post made in place with the reference, and one with problems with what to fix (400)", async () => {
    const stored = contextWith(async () => ({
      ok: true,
      id: "1",
      reference: "K7F3-9QXA",
      created: true,
      vehicle: { id: "abc", inStock: false },
    }));
    const inPlace = (await postLead({
      kind,
      request: formPost({ ...TYPED, inPlace: "yes" }),
      context: stored,
      confirmation: () => "/done",
    })) as unknown as Answer;
    expect(inPlace.data).toEqual({ ok: true, reference: "K7F3-9QXA", vehicleInStock: false });

    const refused = contextWith(async () => ({ ok: false, errors: { email: "Enter your email address" }, firstField: "email" }));
    const problems = (await postLead({
      kind,
      request: formPost(TYPED),
      context: refused,
      confirmation: () => "/done",
    })) as unknown as Answer;
    expect(problems.init?.status).toBe(400);
    expect(problems.data).toEqual({
      ok: false,
      values: { name: TYPED.name, message: TYPED.message },
      errors: { email: "Enter your email address" },
    });
  });
});
