/**
 * The action of a route that can only be read (robots.txt, the sitemaps): a POST gets the
 * API's error shape and a 405, instead of the page renderer's bare "Unexpected Server Error".
 */
export function action() {
  return Response.json(
    { error: { code: "method_not_allowed", message: "This address can only be read, with GET." } },
    { status: 405, headers: { Allow: "GET, HEAD" } },
  );
}
