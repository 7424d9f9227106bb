/**
 * The demo stock's pictures are drawn here, never fetched: one model per body shape, painted
 * in the vehicle's colour, photographed from four angles (front three-quarter, side, rear
 * three-quarter, and the front from the other side). This module names what can be drawn and
 * the address of each picture; `/media/demo/{shape}/{colour}/{view}.svg`.
 */

export const DEMO_BODY_SHAPES = [
  // cars
  "hatchback",
  "saloon",
  "estate",
  "suv",
  "coupe",
  "convertible",
  "mpv",
  // vans and pick-ups
  "pickup",
  "small-van",
  "panel-van",
  "large-van",
  "minibus",
  "dropside",
  "luton",
  // trucks
  "tractor-unit",
  "box-truck",
  "curtainsider",
  "tipper-truck",
  "flatbed-truck",
] as const;
export type DemoBodyShape = (typeof DEMO_BODY_SHAPES)[number];

/** Paint colours by the name a listing gives them. */
export const DEMO_COLOURS = {
  Black: "#1f2124",
  White: "#f3f3f0",
  Silver: "#bfc4c9",
  Grey: "#676d73",
  Blue: "#1f4f9e",
  Red: "#b3202a",
  Green: "#2e6b3c",
  Orange: "#e0691b",
  Yellow: "#e5c01c",
  Brown: "#6a4a30",
  Beige: "#d6c6a5",
  Purple: "#5a3b7a",
  Bronze: "#8b6a3e",
} as const;
export type DemoColour = keyof typeof DEMO_COLOURS;

export const DEMO_VIEWS = [1, 2, 3, 4] as const;
export type DemoView = (typeof DEMO_VIEWS)[number];

export interface DemoImage {
  shape: DemoBodyShape;
  colour: DemoColour;
  view: DemoView;
}

export function demoImageHref({ shape, colour, view }: DemoImage): string {
  return `/media/demo/${shape}/${colour.toLowerCase()}/${view}.svg`;
}

/** The picture a demo image address names, or undefined when it names none. */
export function parseDemoImagePath(shape: string, colour: string, view: string): DemoImage | undefined {
  const colourName = (Object.keys(DEMO_COLOURS) as DemoColour[]).find((name) => name.toLowerCase() === colour);
  const viewNumber = DEMO_VIEWS.find((v) => `${v}.svg` === view);
  if (!(DEMO_BODY_SHAPES as readonly string[]).includes(shape) || !colourName || !viewNumber) return undefined;
  return { shape: shape as DemoBodyShape, colour: colourName, view: viewNumber };
}
