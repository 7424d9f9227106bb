import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "../logger";

/**
 * An error a caller can act on, sent as `{"error": {"code", "message", "field"}}` with its
 * HTTP status. Anything else that goes wrong is logged and answered with a plain 500.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const apiNotFound: RequestHandler = (req) => {
  throw new ApiError(404, "not_found", `There is no API call ${req.method} ${req.baseUrl}${req.path}`);
};

interface HttpErrorLike {
  status?: number;
  type?: string;
  expose?: boolean;
}

export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const apiError = toApiError(error);
    if (!apiError) {
      (req.log ?? logger).error({ err: error }, "API request failed");
    }
    const { status, code, message, field } =
      apiError ?? new ApiError(500, "internal_error", "Something went wrong on our side. Please try again shortly.");
    res.status(status).json({ error: field === undefined ? { code, message } : { code, message, field } });
  };
}

/** Errors raised by Express's own body parsers carry a status and a type; they become API errors. */
function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  const httpError = error as HttpErrorLike;
  if (typeof httpError?.status === "number" && httpError.status < 500 && httpError.expose) {
    return new ApiError(httpError.status, httpError.type ?? "bad_request", (error as Error).message);
  }
  return undefined;
}
