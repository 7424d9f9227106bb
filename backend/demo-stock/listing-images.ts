import { DEMO_VIEWS, demoImageHref, type DemoBodyShape, type DemoColour, type DemoView } from "../media/demo-image-catalogue";
import type { SeededRandom } from "./random";

/**
 * The pictures of a demo listing: every view of its body shape in its paint colour, or all
 * but one; and, as in real feeds, a few listings still waiting for their photographs.
 */

const NO_IMAGES_SHARE = 0.03;
const ALL_VIEWS_SHARE = 0.6;
/** The first view, the front three-quarter, is the listing's main picture, so it is never the one left out. */
const MAIN_VIEW: DemoView = 1;

export function chooseImages(shape: DemoBodyShape, colour: DemoColour, random: SeededRandom): { href: string }[] {
  if (random.chance(NO_IMAGES_SHARE)) return [];
  const views: readonly DemoView[] = random.chance(ALL_VIEWS_SHARE) ? DEMO_VIEWS : withoutOne(random);
  return views.map((view) => ({ href: demoImageHref({ shape, colour, view }) }));
}

function withoutOne(random: SeededRandom): DemoView[] {
  const leftOut = random.pick(DEMO_VIEWS.filter((view) => view !== MAIN_VIEW));
  return DEMO_VIEWS.filter((view) => view !== leftOut);
}
