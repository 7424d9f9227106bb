import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { VEHICLE_TYPES } from "../../../domain/vehicle-types";
import { Gallery } from "./Gallery";

describe("Gallery", () => {
  it.each(VEHICLE_TYPES)("shows a %s without photos as an outline of its own type", (type) => {
    const html = renderToStaticMarkup(<Gallery images={[]} name="Ford Transit" type={type} />);
    expect(html).toContain(`src="/images/placeholder-${type}.svg"`);
    expect(html).toContain('alt="Photos coming soon"');
  });

  it("renders a link to each photo, the first current, for choosing without a script", () => {
    const images = [1, 2, 3].map((view) => ({ href: `/media/demo/panel-van/white/${view}.svg` }));
    const html = renderToStaticMarkup(<Gallery images={images} name="Ford Transit" type="van" />);
    expect([...html.matchAll(/<a href="#photo-(\d)" aria-label="Show photo \1"/g)].map((match) => match[1])).toEqual(["1", "2", "3"]);
    expect(html).toMatch(/<a href="#photo-1" aria-label="Show photo 1" aria-current="true"/);
    expect(html).toContain("Photo 1 of 3");
  });

  it("without a script, 'View full screen' is a link to the photo's own file", () => {
    const images = [1, 2].map((view) => ({ href: `/media/demo/panel-van/white/${view}.svg` }));
    const html = renderToStaticMarkup(<Gallery images={images} name="Ford Transit" type="van" />);
    expect(html).toContain('<a href="/media/demo/panel-van/white/1.svg" class="gallery__full-screen">View full screen</a>');
  });
});
