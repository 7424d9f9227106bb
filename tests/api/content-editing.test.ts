import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, showroomMoment } from "../../domain/opening-hours";
import { CONTENT_FORMS } from "../../frontend/staff/content-form";
import { HOME_SEED } from "../../backend/content/seed/home-seed";
import { loadDealer } from "../../backend/dealer-config";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { ATTACK_STRINGS, formFieldsOf } from "../support/content-form-posts";
import { addStaffAccounts, signedInAs } from "../support/staff-accounts";

/**
 * The staff area's content editor on the built site, spoken to as a browser posting its
 * forms without JavaScript would: who may edit (the server refuses the others, whatever a
 * page shows), a publish showing on the public page at once, a stale save refused with the
 * difference, and no markup or address from any field running on the public pages.
 */
const dealer = await loadDealer("dealer.json");
let site: BuiltSite;
type Session = { cookie: string; csrf: string };
const sessions: Partial<Record<"sales" | "stock" | "editor" | "admin", Session>> = {};

beforeAll(async () => {
  site = await startBuiltSite({ RENDER_THREADS: "1", PAGE_CACHE_MB: "16" });
  await addStaffAccounts(site.dataDir, ["sales", "stock", "editor", "admin"]);
  for (const role of ["sales", "stock", "editor", "admin"] as const) {
    const { sessionId, csrfToken } = await signedInAs(site.dataDir, role);
    sessions[role] = { cookie: `__Host-staff_session=${sessionId}`, csrf: csrfToken };
  }
}, 60_000);
afterAll(async () => {
  await site.stop();
});

const origin = () => `http://127.0.0.1:${site.port}`;

function post(who: Session, address: string, fields: [string, string][]) {
  return site.send(address, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin(), Accept: "text/html", Cookie: who.cookie },
    body: new URLSearchParams([["csrf", who.csrf], ...fields]).toString(),
  });
}

/** The revision the editor page was opened at, as its form carries it. */
async function openedRevision(who: Session, address: string): Promise<string> {
  const page = await site.get(address, { Cookie: who.cookie });
  expect(page.status).toBe(200);
  return /name="basedOn" value="(\d+)"/.exec(page.body)![1]!;
}

/** An image from elsewhere in Markdown is refused when saved (photos come from the photo library), before any page could show it. */
const refusedAtSave = (attack: string) => attack.startsWith("![");

/** Text as React writes it into a page. */
const asText = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

const homeWith = (change: Partial<typeof HOME_SEED>) => formFieldsOf(CONTENT_FORMS.home, { ...HOME_SEED, ...change });

/**
 * Uploads a photo to the photo library as a browser sends the form (the CSRF token first,
 * then the file) and gives the choice a photo field offers for it: "<id>:<width>:<height>".
 * The library keeps one copy of the same picture, so each upload is given a colour of its own.
 */
async function uploadPhoto(who: Session, name: string, background: string): Promise<string> {
  const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .png()
    .toBuffer();
  const boundary = "----content-test";
  const upload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${who.csrf}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await fetch(`${origin()}/staff/content/photos`, {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Origin: origin(), Cookie: who.cookie },
    body: upload,
  });
  expect(uploaded.status).toBe(200);
  expect(await uploaded.text()).toContain("1 photo added.");
  const options = (await site.get("/staff/content/home", { Cookie: who.cookie })).body;
  return new RegExp(`<option value="([0-9a-f]{32}:1200:900)">${name.replaceAll(".", "\\.")}</option>`).exec(options)![1]!;
}

/**
 * Fails when a public page holds markup or an address that would run: a script but the
 * site's own (nonced) and its search-engine data (JSON-LD, read by no browser; a `</script>`
 * in it would end it early, leaving what follows to be found here), a frame, an event
 * attribute, a javascript: link, or a picture from elsewhere. Attributes are matched by
 * name, outside the quoted values where escaped words (an alt text of "<img onerror=…>")
 * are harmless.
 */
function expectNothingRuns(body: string, address: string) {
  const markup = body.replace(/<script[^>]*(?:nonce=|type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g, "");
  expect(markup, address).not.toMatch(/<script|<iframe|href="javascript:|src="https:\/\/evil/i);
  expect(markup.replace(/="[^"]*"/g, '=""'), address).not.toMatch(/<[a-z][^>]*\son\w+=/i);
}

describe("the content editor", () => {
  it("is refused to sales and stock staff on the server, page and form alike, and changes nothing", async () => {
    for (const role of ["sales", "stock"] as const) {
      const who = sessions[role]!;
      expect((await site.get("/staff/content", { Cookie: who.cookie })).status).toBe(403);
      expect((await site.get("/staff/content/home", { Cookie: who.cookie })).status).toBe(403);
      const refused = await post(who, "/staff/content/home", [
        ["basedOn", "1"],
        ["intent", "publish"],
        ...homeWith({ hero: { heading: `Taken over by ${role}`, text: "x" } }),
      ]);
      expect(refused.status).toBe(403);
    }
    expect((await site.get("/")).body).not.toContain("Taken over by");
    expect((await site.get("/staff/content", { Cookie: sessions.editor!.cookie })).status).toBe(200);
    expect((await site.get("/staff/content", { Cookie: sessions.admin!.cookie })).status).toBe(200);
  });

  it("refuses a form without the session's CSRF token", async () => {
    const editor = sessions.editor!;
    const forged = await post({ ...editor, csrf: "forged" }, "/staff/content/home", [
      ["basedOn", await openedRevision(editor, "/staff/content/home")],
      ["intent", "publish"],
      ...homeWith({ hero: { heading: "Forged", text: "x" } }),
    ]);
    expect(forged.status).toBe(403);
    expect((await site.get("/")).body).not.toContain("Forged");
  });

  it("publishes a new home hero that the next visitor sees, keeps a draft from buyers, and records both", async () => {
    const editor = sessions.editor!;
    expect((await site.get("/")).body).toContain("Find your next car, van or truck");
    expect((await site.get("/")).headers["x-page-cache"]).toBe("hit");

    const draft = await post(editor, "/staff/content/home", [
      ["basedOn", await openedRevision(editor, "/staff/content/home")],
      ["intent", "draft"],
      ...homeWith({ hero: { heading: "Draft heading nobody sees", text: "{stock} ready to drive away." } }),
    ]);
    expect(draft.status).toBe(302);
    expect((await site.get("/")).body).not.toContain("Draft heading nobody sees");
    // An editor's preview shows it, and may be framed by the staff area alone.
    const preview = await site.get("/?preview=home", { Cookie: editor.cookie });
    expect(preview.body).toContain("Draft heading nobody sees");
    expect(preview.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(preview.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect((await site.get("/?preview=home")).body).not.toContain("Draft heading nobody sees");

    const published = await post(editor, "/staff/content/home", [
      ["basedOn", await openedRevision(editor, "/staff/content/home")],
      ["intent", "publish"],
      ...homeWith({ hero: { heading: "Spring into a new van", text: "{stock} ready to drive away." } }),
    ]);
    expect(published.status).toBe(302);
    const home = await site.get("/");
    expect(home.body).toContain(">Spring into a new van</h1>");
    expect(home.body).toMatch(/\d+ vehicles ready to drive away\./);
    expect(home.headers["content-security-policy"]).toContain("frame-ancestors 'none'");

    const audit = await site.get("/staff/audit?action=content-published", { Cookie: sessions.admin!.cookie });
    expect(audit.body).toContain("editor@dealer.example");
  });

  it("refuses the second of two saves made from the same page, showing the difference", async () => {
    const editor = sessions.editor!;
    const opened = await openedRevision(editor, "/staff/content/notice");
    const notice = (text: string): [string, string][] => [
      ["text", text],
      ["from", "2026-12-24T00:00"],
      ["until", "2026-12-28T00:00"],
    ];
    expect(
      (await post(editor, "/staff/content/notice", [["basedOn", opened], ["intent", "draft"], ...notice("Closed on Boxing Day")])).status,
    ).toBe(302);
    const second = await post(sessions.admin!, "/staff/content/notice", [
      ["basedOn", opened],
      ["intent", "draft"],
      ...notice("Closed all of Christmas week"),
    ]);
    expect(second.status).toBe(409);
    expect(second.body).toContain("Someone else saved this since you opened it");
    expect(second.body).toContain("text: Closed on Boxing Day");
    expect(second.body).toContain("text: Closed all of Christmas week");
  });

  it("names the field to fix, and keeps what was typed", async () => {
    const editor = sessions.editor!;
    const refused = await post(editor, "/staff/content/home", [
      ["basedOn", await openedRevision(editor, "/staff/content/home")],
      ["intent", "publish"],
      ...homeWith({ hero: { heading: "Kept heading", text: "x" }, faq: [{ question: "A question with no answer", answer: "" }] }),
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('id="content-faq-0-answer-error"');
    expect(refused.body).toContain("Kept heading");
  });

  it.each(ATTACK_STRINGS)("lets no markup or unsafe address through any field onto the public pages: %s", async (attack) => {
    const editor = sessions.editor!;
    const published = await post(editor, "/staff/content/home", [
      ["basedOn", await openedRevision(editor, "/staff/content/home")],
      ["intent", "publish"],
      ...homeWith({
        hero: { heading: attack, text: attack },
        offerCards: [{ title: attack, text: attack, link: "/offers", financeExample: false }],
        brands: { always: [{ name: attack.slice(0, 40), href: "/car-search" }], more: [] },
        essentials: [{ title: attack, text: attack, href: "/finance-info" }],
        faq: [{ question: attack, answer: attack }],
        seo: { title: attack.slice(0, 70), description: attack, noindex: false },
      }),
    ]);
    expect(published.status).toBe(refusedAtSave(attack) ? 400 : 302);
    const about = await post(editor, "/staff/content/page/about", [
      ["basedOn", await openedRevision(editor, "/staff/content/page/about")],
      ["intent", "publish"],
      ["heading", attack],
      ["lede", attack],
      ["body", `${attack}\n\n## ${attack}\n\n- ${attack}`],
      ["faq.count", "1"],
      ["faq.0.question", attack],
      ["faq.0.answer", attack],
    ]);
    expect(about.status).toBe(refusedAtSave(attack) ? 400 : 302);
    const notice = await post(editor, "/staff/content/notice", [
      ["basedOn", await openedRevision(editor, "/staff/content/notice")],
      ["intent", "publish"],
      ["text", attack],
      ["from", "2020-01-01T00:00"],
      ["until", "2040-01-01T00:00"],
    ]);
    expect(notice.status).toBe(302);

    for (const address of ["/", "/offers", "/about", "/vans/used"]) {
      const { body } = await site.get(address);
      // The words are on the page, as words.
      if (address === "/" && !refusedAtSave(attack)) expect(body).toContain(`<h1 id="home-heading">${asText(attack)}</h1>`);
      expectNothingRuns(body, address);
    }
  });

  it("keeps the regulator's words, the representative example and the dealer's details on the pages laid out around them, whatever the words", async () => {
    const editor = sessions.editor!;
    const rewrite = async (name: string) => {
      const address = `/staff/content/page/${name}`;
      const published = await post(editor, address, [
        ["basedOn", await openedRevision(editor, address)],
        ["intent", "publish"],
        ["heading", `Rewritten ${name}`],
        ["body", "Nothing about finance here."],
      ]);
      expect(published.status, name).toBe(302);
      const page = await site.get(`/${name}`);
      expect(page.body, name).toContain(`>Rewritten ${name}</h1>`);
      expect(page.body, name).not.toContain("Personal Contract Purchase");
      return page.body.replaceAll("<!-- -->", "");
    };
    for (const name of ["finance-info", "finance-prices", "leasing"]) {
      const page = await rewrite(name);
      expect(page, name).toMatch(/credit broker, not a lender/);
      expect(page, name).toContain("UK residents aged 18 and over");
      expect(page, name).toContain(`firm reference number ${dealer.fcaFirmReference}`);
      if (name !== "leasing") expect(page, name).toContain("Representative example");
    }
    const contact = await rewrite("contact");
    expect(contact).toContain(`href="tel:${dealer.phone.replace(/\s/g, "")}"`);
    expect(contact).toContain(`<dd>${dealer.openingHours[0]!.hours}</dd>`);
    expect(contact).toContain(dealer.address.postcode);
  });

  it("refuses an unsafe address where a link is asked for", async () => {
    const editor = sessions.editor!;
    for (const href of ["javascript:alert(1)", "data:text/html,x", "//evil.example", "vbscript:x"]) {
      const refused = await post(editor, "/staff/content/home", [
        ["basedOn", await openedRevision(editor, "/staff/content/home")],
        ["intent", "publish"],
        ...homeWith({ essentials: [{ title: "x", text: "y", href }] }),
      ]);
      expect(refused.status, href).toBe(400);
    }
  });

  it("takes photos, offers that start and end, articles with a photo, redirects and the rules on finance figures", async () => {
    const editor = sessions.editor!;
    const choice = await uploadPhoto(editor, "showroom.png", "#0b3d6e");
    const [photoId] = choice.split(":");

    const today = showroomMoment(new Date()).date;
    const cards = [
      {
        title: "Spring van event",
        text: "Ten vans at last year's prices.",
        link: "/van-search",
        startsAt: `${today}T00:00:00Z`,
        financeExample: false,
      },
      { title: "Starts tomorrow", text: "Not yet.", link: "/offers", startsAt: `${addDays(today, 1)}T12:00:00Z`, financeExample: false },
      { title: "Van finance", text: "From £199 a month on a Transit.", link: "/vans/finance", financeExample: true },
    ];
    const offers = await post(editor, "/staff/content/home", [
      ["basedOn", await openedRevision(editor, "/staff/content/home")],
      ["intent", "publish"],
      ...homeWith({
        offerCards: cards.map((card, i) =>
          i === 0 ? { ...card, photo: { id: photoId!, width: 1200, height: 900, alt: "Vans lined up" } } : card,
        ) as never,
      }),
    ]);
    expect(offers.status).toBe(302);
    const home = (await site.get("/")).body;
    expect(home).toContain("Spring van event");
    expect(home).toContain(`/media/photos/${photoId}/640.avif 640w`);
    expect(home).toContain('alt="Vans lined up"');
    expect(home).not.toContain("Starts tomorrow");
    // The card naming a monthly payment brings the representative example beside it.
    expect(home).toMatch(/From £199 a month on a Transit[\s\S]*Representative example/);
    const unexampled = await post(editor, "/staff/content/home", [
      ["basedOn", await openedRevision(editor, "/staff/content/home")],
      ["intent", "publish"],
      ...homeWith({ offerCards: [{ ...cards[2]!, financeExample: false }] as never }),
    ]);
    expect(unexampled.status).toBe(400);
    expect(unexampled.body).toContain("representative example");

    const article = await post(editor, "/staff/content/article/a1b2c3d4e5", [
      ["basedOn", "0"],
      ["intent", "publish"],
      ["title", "Our new workshop"],
      ["slug", "our-new-workshop"],
      ["date", today],
      ["author", "Editor Person"],
      ["summary", "Six new bays for vans and trucks."],
      ["photo.id", choice],
      ["photo.alt", "The workshop's six bays"],
      ["body", "## Open now\n\nBook a service on **any** van. ![The bays](photo:" + photoId + ")"],
    ]);
    expect(article.status).toBe(302);
    const page = await site.get("/articles/our-new-workshop");
    expect(page.status).toBe(200);
    expect(page.body).toContain(">Our new workshop</h1>");
    expect(page.body).toContain('alt="The bays"');
    expect((await site.get("/articles")).body).toContain('href="/articles/our-new-workshop"');
    expect((await site.get("/sitemap.xml")).body).toContain("/articles/our-new-workshop");
    const noAlt = await post(editor, "/staff/content/article/a1b2c3d4e5", [
      ["basedOn", "1"],
      ["intent", "publish"],
      ["title", "Our new workshop"],
      ["slug", "our-new-workshop"],
      ["date", today],
      ["author", "Editor Person"],
      ["summary", "Six new bays."],
      ["photo.id", choice],
      ["photo.alt", ""],
      ["body", "Words"],
    ]);
    expect(noAlt.status).toBe(400);

    const redirects = (...pairs: [string, string][]): [string, string][] => [
      ["redirects.count", String(pairs.length)],
      ...pairs.flatMap(([from, to], i): [string, string][] => [
        [`redirects.${i}.from`, from],
        [`redirects.${i}.to`, to],
      ]),
    ];
    const opened = await openedRevision(editor, "/staff/content/redirects");
    for (const refused of [redirects(["/contact", "/about"]), redirects(["/one", "/two"], ["/two", "/one"])]) {
      expect((await post(editor, "/staff/content/redirects", [["basedOn", opened], ["intent", "publish"], ...refused])).status).toBe(400);
    }
    expect(
      (
        await post(editor, "/staff/content/redirects", [
          ["basedOn", opened],
          ["intent", "publish"],
          ...redirects(["/winter-offers", "/offers"]),
        ])
      ).status,
    ).toBe(302);
    const moved = await site.get("/winter-offers");
    expect([moved.status, moved.headers.location]).toEqual([301, "/offers"]);
  });

  describe("a category page, an article and the dealer's details", () => {
    let photoChoice: string;
    let vehiclePage: string;
    beforeAll(async () => {
      photoChoice = await uploadPhoto(sessions.editor!, "attack.png", "#6e0b3d");
      const [vehicle] = (await (await fetch(`${origin()}/api/vehicles/search/van?pageSize=1`)).json()) as { _id: string }[];
      vehiclePage = `/vehicles/${vehicle!._id}`;
    });
    afterAll(async () => {
      // The details as they were, for whatever runs after.
      const editor = sessions.editor!;
      const restored = await post(editor, "/staff/content/dealer", [
        ["basedOn", await openedRevision(editor, "/staff/content/dealer")],
        ["intent", "publish"],
        ...formFieldsOf(CONTENT_FORMS.dealer, dealer),
      ]);
      expect(restored.status).toBe(302);
    });

    it.each(ATTACK_STRINGS.map((attack, n) => ({ attack, n })))(
      "let no markup or unsafe address through onto the public pages: $attack",
      async ({ attack, n }) => {
        const editor = sessions.editor!;
        const category = await post(editor, "/staff/content/category/vans/used", [
          ["basedOn", await openedRevision(editor, "/staff/content/category/vans/used")],
          ["intent", "publish"],
          ...formFieldsOf(CONTENT_FORMS.category, {
            heading: attack,
            intro: attack,
            copy: [{ heading: attack, body: attack }],
            brands: { always: [attack.slice(0, 40)], more: [] },
            faq: [{ question: attack, answer: attack }],
            seo: { title: attack.slice(0, 70), description: attack, noindex: false },
          }),
        ]);
        expect(category.status).toBe(refusedAtSave(attack) ? 400 : 302);
        const slug = `attack-${n}`;
        const article = await post(editor, `/staff/content/article/attack${n}x`, [
          ["basedOn", await openedRevision(editor, `/staff/content/article/attack${n}x`)],
          ["intent", "publish"],
          ...formFieldsOf(CONTENT_FORMS.article, {
            title: attack,
            slug,
            date: showroomMoment(new Date()).date,
            author: attack.slice(0, 80),
            summary: attack,
            photo: { id: photoChoice.split(":")[0], width: 1200, height: 900, alt: attack },
            body: attack,
            seo: { title: attack.slice(0, 70), description: attack, noindex: false },
          }),
        ]);
        expect(article.status).toBe(refusedAtSave(attack) ? 400 : 302);
        const details = await post(editor, "/staff/content/dealer", [
          ["basedOn", await openedRevision(editor, "/staff/content/dealer")],
          ["intent", "publish"],
          ...formFieldsOf(CONTENT_FORMS.dealer, {
            ...dealer,
            address: { ...dealer.address, lines: [attack], town: attack },
            replyTime: attack,
            leadReplyTime: attack,
          }),
        ]);
        expect(details.status).toBe(302);

        for (const address of ["/", "/contact", "/vans/used", "/articles", `/articles/${slug}`, vehiclePage]) {
          const { status, body } = await site.get(address);
          if (address === `/articles/${slug}` && refusedAtSave(attack)) {
            expect(status).toBe(404);
            continue;
          }
          expect(status, address).toBe(200);
          // The town, from the details, is on the page as words.
          if (address === "/contact") expect(body).toContain(asText(attack));
          expectNothingRuns(body, address);
        }
      },
    );
  });
});
