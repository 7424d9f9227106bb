/** What a staff sign-in through the form answered: the POST's status, where it sends the browser, and the session cookie if one was set. */
export interface FormSignIn {
  status: number;
  location: string | null;
  session?: string;
}

/**
 * Signs in at `origin` as a browser does: the sign-in page (its form token and the cookie it is
 * checked against), then the form's POST. `headers` go with both (an X-Forwarded-For, say).
 */
export async function signInThroughForm(
  origin: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<FormSignIn> {
  const page = await fetch(`${origin}/staff/sign-in`, { headers });
  const token = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
  const formCookie =
    page.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("__Host-staff_sign_in="))
      ?.split(";")[0] ?? "";
  const answer = await fetch(`${origin}/staff/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Accept: "text/html", Cookie: formCookie },
    body: new URLSearchParams({ csrf: token, email, password, next: "/staff" }).toString(),
  });
  const session = answer.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("__Host-staff_session="))
    ?.split(";")[0];
  return { status: answer.status, location: answer.headers.get("location"), ...(session ? { session } : {}) };
}
