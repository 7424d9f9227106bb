import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { addStaffAccounts, signedInAs } from "../support/staff-accounts";

/**
 * The vehicle photo form on the built site, posted as a browser without JavaScript posts it:
 * who may post, its CSRF token, files refused by their content with their names and reasons,
 * a photo's location stripped, and the sizes served with immutable addresses.
 */
let site: BuiltSite;
let stock: { cookie: string; csrf: string };
let vehicleId: string;

beforeAll(async () => {
  site = await startBuiltSite({ DEMO_STOCK_SIZE: "5" });
  await addStaffAccounts(site.dataDir);
  const { sessionId, csrfToken } = await signedInAs(site.dataDir, "stock");
  stock = { cookie: `__Host-staff_session=${sessionId}`, csrf: csrfToken };
  vehicleId = (JSON.parse((await site.get("/api/vehicles?pageSize=1")).body) as { _id: string }[])[0]!._id;
}, 60_000);
afterAll(async () => {
  await site.stop();
});

const PAGE = "/staff/stock/photos";

/** The form's fields first, then its files, as a browser orders them. */
function upload(cookie: string, fields: Record<string, string>, files: { name: string; bytes: Buffer }[]) {
  const boundary = `----photos-test-${Math.random().toString(36).slice(2)}`;
  const body = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    ...files.flatMap(({ name, bytes }) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`),
      bytes,
      Buffer.from("\r\n"),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return fetch(`http://127.0.0.1:${site.port}${PAGE}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      Origin: `http://127.0.0.1:${site.port}`,
      Accept: "text/html",
      Cookie: cookie,
    },
    body,
  });
}

const record = async () => JSON.parse((await site.get(`/api/vehicles/${vehicleId}`)).body) as { photos?: { uploaded?: { id: string }[] } };

describe("the photo form", () => {
  it("is for the stock role only, with the session's CSRF token, and keeps nothing of a refused form", async () => {
    const { sessionId } = await signedInAs(site.dataDir, "sales");
    const photo = {
      name: "a.jpg",
      bytes: await sharp({ create: { width: 64, height: 48, channels: 3, background: "#888" } })
        .jpeg()
        .toBuffer(),
    };
    const sales = await upload(`__Host-staff_session=${sessionId}`, { csrf: stock.csrf, vehicle: vehicleId }, [photo]);
    expect(sales.status).toBe(403);
    expect((await upload(stock.cookie, { csrf: "not-the-token", vehicle: vehicleId }, [photo])).status).toBe(403);
    expect(await readdir(path.join(site.dataDir, "photos", "incoming"))).toEqual([]);
    expect((await record()).photos).toBeUndefined();
  });

  it("takes the photos among the files, naming each refused one and why, with its location removed", async () => {
    const withGps = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#b3202a" } })
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "53/1 24/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "2/1 59/1 0/1" } })
      .jpeg()
      .toBuffer();
    const response = await upload(stock.cookie, { csrf: stock.csrf, vehicle: vehicleId }, [
      { name: "front.jpg", bytes: withGps },
      { name: "invoice.jpg", bytes: Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(256)]) },
      { name: "badge.svg", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
    ]);
    expect(response.status, response.headers.get("location") ?? "").toBe(200);
    const page = (await response.text()).replaceAll("&#x27;", "'");
    expect(page).toContain("1 photo added.");
    expect(page).toContain("invoice.jpg is not a JPEG, PNG, WebP or AVIF photo (whatever its name says).");
    expect(page).toContain("badge.svg is an SVG drawing, which is not taken: upload a photo (JPEG, PNG, WebP or AVIF).");

    const [photo] = (await record()).photos!.uploaded!;
    const served = await fetch(`http://127.0.0.1:${site.port}/media/photos/${photo!.id}/640.jpg`);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 640, height: 480 });
    expect(metadata.exif).toBeUndefined();
    expect((await site.get(`/media/photos/${photo!.id}/700.jpg`)).status).toBe(404);
    expect((await site.get(`/media/photos/${"0".repeat(32)}/640.jpg`)).status).toBe(404);
    const { sessionId } = await signedInAs(site.dataDir, "admin");
    const audit = (await site.get("/staff/audit", { Cookie: `__Host-staff_session=${sessionId}` })).body
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(audit).toContain(`vehicle-photos-changed ${vehicleId}`);
  });

  it("moves, makes main and deletes, going back to the vehicle's page", async () => {
    const second = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#1f4f9e" } })
      .png()
      .toBuffer();
    expect((await upload(stock.cookie, { csrf: stock.csrf, vehicle: vehicleId }, [{ name: "side.png", bytes: second }])).status).toBe(303);
    const [first, added] = (await record()).photos!.uploaded!.map(({ id }) => id);
    const post = (fields: Record<string, string>) =>
      site.send(PAGE, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: `http://127.0.0.1:${site.port}`,
          Accept: "text/html",
          Cookie: stock.cookie,
        },
        body: new URLSearchParams({ csrf: stock.csrf, vehicle: vehicleId, ...fields }).toString(),
      });
    const main = await post({ intent: "main", photo: added! });
    expect(main.status).toBe(303);
    expect(main.headers.location).toBe(`/staff/stock/vehicles/${vehicleId}#photos`);
    expect((await record()).photos!.uploaded!.map(({ id }) => id)).toEqual([added, first]);
    await post({ intent: "move", photo: added!, to: "1" });
    expect((await record()).photos!.uploaded!.map(({ id }) => id)).toEqual([first, added]);
    // A deletion cannot be undone: asked about first, with the photo shown, and only then done.
    const asked = await post({ intent: "remove", photo: first! });
    expect(asked.status).toBe(200);
    expect(asked.body).toContain("Delete this photo?");
    expect(asked.body).toContain(`src="/media/photos/${first}/320.jpg"`);
    expect((await record()).photos!.uploaded!.map(({ id }) => id)).toEqual([first, added]);
    expect((await post({ intent: "remove", photo: first!, confirmed: "yes" })).status).toBe(303);
    expect((await record()).photos!.uploaded!.map(({ id }) => id)).toEqual([added]);
    const vehiclePage = (await site.get(`/vehicles/${vehicleId}`)).body;
    expect(vehiclePage).toContain(
      `<source type="image/avif" srcSet="/media/photos/${added}/320.avif 320w, /media/photos/${added}/640.avif 640w"`,
    );
  });
});
