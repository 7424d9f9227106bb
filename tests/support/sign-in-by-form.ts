/**
 * Signs in to a running site as a browser does: opens the sign-in page for its form token and
 * the cookie that token is checked against, then posts the form. Answers the POST: 302 to
 * /staff once signed in (with the session cookie, `__Host-staff_session=…` in production), or
 * the sign-in page again with its reason.
 */
export async function signInByForm(
  siteUrl: string,
  email: string,
  password: string,
): Promise<{ status: number; location: string | null; sessionCookie: string | undefined }> {
  const page = await fetch(`${siteUrl}/staff/sign-in`);
  const token = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!token) throw new Error(`The sign-in page answered ${page.status} without a form`);
  const answer = await fetch(`${siteUrl}/staff/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "text/html",
      Origin: siteUrl,
      Cookie: cookiesOf(page.headers).join("; "),
    },
    body: new URLSearchParams({ csrf: token, email, password, next: "/staff" }).toString(),
  });
  await answer.arrayBuffer();
  return {
    status: answer.status,
    location: answer.headers.get("location"),
    sessionCookie: cookiesOf(answer.headers).find((cookie) => /^(__Host-)?staff_session=/.test(cookie)),
  };
}

/** The `name=value` of each cookie a response sets. */
const cookiesOf = (headers: Headers) => headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
