import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import express, { Router, type Request, type RequestHandler, type Response } from "express";
import { z } from "zod";
import { LEAD_STATUSES, type LeadQuery, type StoredLead } from "../leads/lead-store";
import { inboxQueryOf } from "../staff/inbox-query";
import { AssigneeOutOfReachError, type LeadInbox } from "../staff/lead-inbox";
import { NotAllowedError } from "../staff/permissions";
import type { StaffMember } from "../staff/staff-access";
import { sameSecret } from "../staff/staff-cookies";
import { ApiError } from "./api-error";

/**
 * The staff JSON API, for the inbox's own scripts and the dealer's tools: the same inbox as
 * the pages, answering 401 without a signed-in member (the session cookie), 403 for a role
 * that may not, and refusing any change without the session's CSRF token in X-CSRF-Token.
 */
export function staffApi(inbox: LeadInbox): Router {
  const router = Router();
  router.use(signedIn, sendsCsrfToken);
  router.use(express.json({ limit: "16kb" }));

  router.get("/me", (_req, res) => {
    const { account, session } = res.locals.staffMember!;
    res.json({ id: account.id, email: account.email, name: account.name, role: account.role, csrfToken: session.csrfToken });
  });

  router.get(
    "/leads",
    guarded(async (req, res, member) => {
      const { total, leads } = await inbox.list(member, inboxQueryFrom(req, inbox));
      res.set("X-Total-Count", String(total)).json(leads.map(leadJson));
    }),
  );

  router.get(
    "/leads.csv",
    guarded(async (req, res, member) => {
      const { page: _page, pageSize: _size, ...filters } = inboxQueryFrom(req, inbox);
      const rows = inbox.exportCsv(member, filters, addressOf(req));
      res.type("text/csv").attachment(`leads-${new Date().toISOString().slice(0, 10)}.csv`);
      try {
        // Row by row as the client takes them: memory stays flat, and the first row goes at once.
        await pipeline(Readable.from(rows), res);
      } catch (error) {
        // Once rows have gone, a failure (or the client leaving) can only cut the download short.
        if (!res.headersSent) throw error;
        res.destroy();
      }
    }),
  );

  router.get(
    "/leads/:id",
    guarded(async (req, res, member) => {
      const opened = await inbox.open(member, String(req.params.id), addressOf(req));
      if (!opened) throw new ApiError(404, "lead_not_found", "There is no lead with that id; it may have been deleted.", "id");
      const { vehicleNow } = opened;
      res.json({ ...leadJson(opened.lead), vehicleNow: vehicleNow?.status === "for sale" ? vehicleNow.record : null });
    }),
  );

  router.post(
    "/leads/:id",
    guarded(async (req, res, member) => {
      const edit = workEditSchema.safeParse(req.body);
      if (!edit.success)
        throw new ApiError(400, "invalid_change", edit.error.issues[0]!.message, String(edit.error.issues[0]!.path[0] ?? "type"));
      const lead = await inbox.change(member, String(req.params.id), edit.data, addressOf(req)).catch((error: unknown) => {
        if (error instanceof AssigneeOutOfReachError) throw new ApiError(400, "invalid_change", error.message, "assigneeId");
        throw error;
      });
      if (!lead) throw new ApiError(404, "lead_not_found", "There is no lead with that id; it may have been deleted.", "id");
      res.json(leadJson(lead));
    }),
  );

  router.post(
    "/leads/:id/forward",
    guarded(async (req, res, member) => {
      const outcome = await inbox.forwardNow(member, String(req.params.id), addressOf(req));
      if (outcome === "not forwarding")
        throw new ApiError(409, "not_forwarding", "Leads are not forwarded: no lead address (LEAD_WEBHOOK_URL) is set.");
      if (outcome === "not waiting")
        throw new ApiError(409, "not_waiting", "That lead is not waiting to be forwarded: it has been already, or its kind never is.");
      res.status(202).json({ forwarding: true });
    }),
  );

  router.post(
    "/erasure",
    guarded(async (req, res, member) => {
      const request = erasureSchema.safeParse(req.body);
      if (!request.success)
        throw new ApiError(400, "invalid_erasure", request.error.issues[0]!.message, String(request.error.issues[0]!.path[0] ?? "contact"));
      const { leads, savedSearches, queuedMails } = await inbox.erase(member, request.data.contact, addressOf(req));
      res.json({ erased: leads, savedSearches, queuedMails });
    }),
  );

  return router;
}

const workEditSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("status"),
      status: z.enum(LEAD_STATUSES, { error: `status must be one of ${LEAD_STATUSES.join(", ")}` }),
      lostReason: z.string().trim().max(200, "Keep the reason under 200 characters").optional(),
    }),
    z.object({ type: z.literal("assignee"), assigneeId: z.string().max(64, "That is not an account id").optional() }),
    z.object({
      type: z.literal("note"),
      text: z.string({ error: "Write the note" }).trim().min(1, "Write the note").max(2000, "Keep a note under 2,000 characters"),
    }),
    z.object({
      type: z.literal("follow-up"),
      /** Absent clears it. */
      at: z.iso
        .datetime({ offset: true, error: "Give the follow-up time as an ISO 8601 date and time, such as 2026-11-30T10:00:00Z" })
        .transform((text) => new Date(text))
        .optional(),
    }),
  ],
  { error: "Send type: status, assignee, note or follow-up, with what changes" },
);

const erasureSchema = z.object({
  contact: z
    .string({ error: "Give the e-mail address or phone number to erase" })
    .trim()
    .min(3, "Give the e-mail address or phone number to erase")
    .max(254),
  confirm: z.literal(true, { error: "Confirm the erasure with confirm: true: it cannot be undone" }),
});

/**
 * The inbox's filters as the address states them, refusing (400) the first that cannot be
 * read: the inbox page shows everything rather than nothing for a mistyped filter, but a
 * call, and above all an export of personal data, must never be wider than it asked.
 */
function inboxQueryFrom(req: Request, inbox: LeadInbox): LeadQuery {
  const member = req.res!.locals.staffMember!;
  const viewer = { memberId: member.account.id, now: new Date(), branches: inbox.branchesFor(member) };
  const { query, ignored } = inboxQueryOf(new URLSearchParams(req.url.split("?")[1] ?? ""), viewer);
  if (ignored.length > 0) throw new ApiError(400, "invalid_parameter", `${ignored[0]} cannot be read: see the inbox's filters`, ignored[0]);
  return query;
}

const signedIn: RequestHandler = (_req, res, next) => {
  const member = res.locals.staffMember;
  if (!member) throw new ApiError(401, "not_signed_in", "Sign in to the staff area first.");
  if (member.needsCode || member.mustSetUpSecondFactor)
    throw new ApiError(403, "second_factor_needed", "Finish signing in with your authenticator code first.");
  next();
};

const sendsCsrfToken: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD" && !sameSecret(req.get("X-CSRF-Token"), res.locals.staffMember!.session.csrfToken)) {
    throw new ApiError(403, "csrf_token_missing", "Send the session's CSRF token (GET /api/staff/me) in the X-CSRF-Token header.");
  }
  next();
};

/** A handler for a signed-in member, with a role the inbox refuses turned into a 403. */
function guarded(handler: (req: Request, res: Response, member: StaffMember) => Promise<void>): RequestHandler {
  return async (req, res) => {
    try {
      await handler(req, res, res.locals.staffMember!);
    } catch (error) {
      if (error instanceof NotAllowedError)
        throw new ApiError(403, "not_allowed", `Your account may not do this: it needs the ${error.needed} role.`);
      throw error;
    }
  };
}

const addressOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

function leadJson({
  id,
  kind,
  reference,
  receivedAt,
  vehicle,
  data,
  forwardedAt,
  forwardAttempts,
  nextAttemptAt,
  lastForwardFailure,
  likelyDuplicateOf,
  work,
}: StoredLead) {
  return {
    id,
    kind,
    reference,
    receivedAt,
    vehicle: vehicle ?? null,
    data,
    forwarding: {
      forwardedAt: forwardedAt ?? null,
      attempts: forwardAttempts,
      nextAttemptAt: nextAttemptAt ?? null,
      lastFailure: lastForwardFailure ?? null,
    },
    /** The earlier lead of the same kind, vehicle and person, within a day, that this one likely repeats. */
    likelyDuplicateOf: likelyDuplicateOf ?? null,
    work,
  };
}
