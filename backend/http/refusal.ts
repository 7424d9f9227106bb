import type { Request, Response } from "express";

export interface Refusal {
  status: number;
  /** The JSON error's code, as the API's other errors carry one. */
  code: string;
  /** The page's title and heading, for a browser posting a form without JavaScript. */
  title: string;
  message: string;
}

/**
 * Turns a request away before any route runs: a browser (a form posted without JavaScript,
 * an address it cannot use) gets a short page, the API and scripts get the contract's JSON error.
 */
export function refuse(req: Request, res: Response, { status, code, title, message }: Refusal): void {
  res.status(status);
  if (!req.originalUrl.startsWith("/api/") && req.accepts(["json", "html"]) === "html") {
    res
      .type("html")
      .send(`<!doctype html><title>${title}</title><h1>${title}</h1><p>${message}</p><p><a href="/">Go to the home page</a></p>`);
  } else {
    res.json({ error: { code, message } });
  }
}
