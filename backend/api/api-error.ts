import type { ErrorRequestHandler, RequestHandler } from "express";
import { EngineUnavailableError } from "../engine-health";
import type { Logger } from "../logger";

/**
 * An error a caller can act on, sent as `{"error": {"code", "message", "field"}}` with its
 * HTTP status, plus `fields` (every problem by field) when a form had several. Anything else
 * that goes wrong is logged and answered with a plain 500.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const apiNotFound: RequestHandler = (req) => {
  throw new ApiError(404, "not_found", `There is no API call ${req.method} ${req.baseUrl}${req.path}`);
};

const UNAVAILABLE_MESSAGES = {
  search: "Searching our stock isn't possible just now. Please try again in a few seconds.",
  store: "Our records can't be reached just now. Please try again in a few seconds.",
} as const;

interface HttpErrorLike {
  status?: number;
  type?: string;
  expose?: boolean;
  limit?: number;
}

export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const apiError = toApiError(error);
    if (error instanceof EngineUnavailableError) res.set("Retry-After", String(error.retryAfterSeconds));
    if (!apiError) {
      (req.log ?? logger).error({ err: error }, "API request failed");
    }
    const { status, code, message, field, fields } =
      apiError ?? new ApiError(500, "internal_error", "Something went wrong on our side. Please try again shortly.");
    res
      .status(status)
      .json({ error: { code, message, ...(field === undefined ? {} : { field }), ...(fields === undefined ? {} : { fields }) } });
  };
}

/**
 * Errors raised by Express's own body parsers carry a status and a type; they become API
 * errors. A JSON parse error's own message quotes the body, which may hold personal data.
 */
function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  // Logged once when the engine goes down (EngineHealth), not with every request it fails.
  if (error instanceof EngineUnavailableError) return new ApiError(503, `${error.engine}_unavailable`, UNAVAILABLE_MESSAGES[error.engine]);
  const httpError = error as HttpErrorLike;
  switch (httpError?.type) {
    case "entity.parse.failed":
      return new ApiError(400, "invalid_json", "The request body is not valid JSON.");
    case "entity.too.large":
      return new ApiError(
        413,
        "payload_too_large",
        `The request body is too large: the limit is ${Math.floor((httpError.limit ?? 0) / 1024)} KB.`,
      );
    case "charset.unsupported":
    case "encoding.unsupported":
      return new ApiError(415, "unsupported_media_type", "Send the body as JSON in UTF-8, uncompressed or gzip/deflate compressed.");
  }
  // The router's own: a path segment whose percent-encoding does not decode (%ZZ, a cut-off %E0%A4%A).
  if (error instanceof URIError) {
    return new ApiError(
      400,
      "malformed_path",
      "The address has a malformed percent-encoding: each % must start a whole UTF-8 character, like %C3%A9.",
    );
  }
  if (typeof httpError?.status === "number" && httpError.status < 500 && httpError.expose) {
    return new ApiError(httpError.status, httpError.type ?? "bad_request", (error as Error).message);
  }
  return undefined;
}
