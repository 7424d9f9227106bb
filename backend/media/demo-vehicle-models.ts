import type { DemoBodyShape } from "./demo-image-catalogue";

/**
 * The demo vehicles as simple solid models, for backend/media/demo-image-svg.ts to photograph
 * from any angle. Measures are centimetres, as a spec sheet gives them: x forwards from the rear
 * bumper, y up from the ground, z across from the near side (the side the camera sees) to the
 * far side. Each solid is a side profile, counter-clockwise, pushed across between two z; what
 * is printed on its faces (windows, lights, grilles, plates, panel lines) is a decal.
 */

export type Point = readonly [number, number];
export type Point3 = readonly [number, number, number];
export type Material = "glass" | "dark" | "metal" | "head" | "tail" | "plate" | "rear-plate" | "shade" | "line";

export interface Decal {
  points: readonly Point3[];
  /** The way the face it is on looks: it is drawn only when that face is seen. */
  normal: Point3;
  material: Material;
}

export interface Solid {
  profile: readonly Point[];
  z: readonly [number, number];
  material: "paint" | "dark" | "metal";
  /** Profile edges (by their first point's index) that are glass: a windscreen, a tailgate's window. */
  glassEdges?: readonly number[];
  decals: readonly Decal[];
}

export interface VehicleModel {
  label: string;
  length: number;
  width: number;
  tyre: number;
  tyreWidth: number;
  axles: readonly number[];
  /** Drawn in this order, each over those before it: nearer and higher solids last. */
  solids: readonly Solid[];
}

/** Where a horizontal line at y crosses the profile: the front-most or rear-most crossing. */
function crossingX(profile: readonly Point[], y: number, end: "front" | "rear"): number {
  const xs: number[] = [];
  profile.forEach(([x0, y0], i) => {
    const [x1, y1] = profile[(i + 1) % profile.length]!;
    if ((y0 - y) * (y1 - y) <= 0 && y0 !== y1) xs.push(x0 + ((y - y0) / (y1 - y0)) * (x1 - x0));
  });
  return end === "front" ? Math.max(...xs) : Math.min(...xs);
}

/** The profile's top at x. */
function topY(profile: readonly Point[], x: number): number {
  const ys: number[] = [];
  profile.forEach(([x0, y0], i) => {
    const [x1, y1] = profile[(i + 1) % profile.length]!;
    if ((x0 - x) * (x1 - x) <= 0 && x0 !== x1) ys.push(y0 + ((x - x0) / (x1 - x0)) * (y1 - y0));
  });
  return Math.max(...ys);
}

export function unit([x, y, z]: Point3): Point3 {
  const length = Math.hypot(x, y, z);
  return [x / length, y / length, z / length];
}

/** A decal on the near side at z (a solid's near face), drawn a hair proud of it. */
function side(points: readonly Point[], material: Material, z = 0): Decal {
  return { points: points.map(([x, y]) => [x, y, z - 0.3]), normal: [0, 0, -1], material };
}

/** A rectangle across the front (or rear) of a profile, from height y0 to y1 and across from z0 to z1. */
function across(profile: readonly Point[], end: "front" | "rear", [y0, y1]: Point, [z0, z1]: Point, material: Material): Decal {
  const out = end === "front" ? 0.3 : -0.3;
  const x0 = crossingX(profile, y0, end) + out;
  const x1 = crossingX(profile, y1, end) + out;
  const normal: Point3 = end === "front" ? [y1 - y0, -(x1 - x0), 0] : [-(y1 - y0), x1 - x0, 0];
  return {
    points: [
      [x0, y0, z0],
      [x0, y0, z1],
      [x1, y1, z1],
      [x1, y1, z0],
    ],
    normal: unit(normal),
    material,
  };
}

/** The same decal at both sides of a face `width` across: headlights, tail lights. */
function pair(profile: readonly Point[], end: "front" | "rear", ys: Point, [from, to]: Point, width: number, material: Material): Decal[] {
  return [across(profile, end, ys, [from, to], material), across(profile, end, ys, [width - to, width - from], material)];
}

/** A rectangle on top of a profile, from x0 to x1 and across from z0 to z1. */
function onTop(profile: readonly Point[], [x0, x1]: Point, [z0, z1]: Point, material: Material): Decal {
  const y0 = topY(profile, x0) + 0.3;
  const y1 = topY(profile, x1) + 0.3;
  return {
    points: [
      [x0, y0, z0],
      [x1, y1, z0],
      [x1, y1, z1],
      [x0, y0, z1],
    ],
    normal: unit([-(y1 - y0), x1 - x0, 0]),
    material,
  };
}

function box([x0, x1]: Point, [y0, y1]: Point): Point[] {
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
}

/** The opening over a wheel in a body whose sill is at `sill`: the part of a circle round the wheel above it. */
function arch(axle: number, tyre: number, sill: number): Point[] {
  const radius = tyre * 1.2;
  if (sill >= tyre + radius) return [];
  const from = Math.asin(Math.max(-1, Math.min(1, (sill - tyre) / radius)));
  const points: Point[] = [];
  for (let i = 0; i <= 12; i++) {
    const angle = from + ((Math.PI - 2 * from) * i) / 12;
    points.push([axle + radius * Math.cos(angle), tyre + radius * Math.sin(angle)]);
  }
  return points;
}

const vertical = (x: number, y0: number, y1: number, lean = 0): Decal =>
  side(
    [
      [x, y0],
      [x + lean, y1],
    ],
    "line",
  );
const handle = (x: number, y: number): Decal => side(box([x, x + 14], [y, y + 3]), "dark");
/** A plate, white at the front and yellow at the back as in the UK, centred across the face. */
const plate = (profile: readonly Point[], end: "front" | "rear", y: number, width: number): Decal =>
  across(profile, end, [y, y + 11], [width / 2 - 26, width / 2 + 26], end === "front" ? "plate" : "rear-plate");

interface CarSpec {
  label: string;
  length: number;
  width: number;
  tyre: number;
  axles: readonly [number, number];
  body: Point[];
  /** The glasshouse, narrower than the body; undefined for an open car. */
  cabin?: { profile: Point[]; glassEdges: number[] };
  windows: Point[][];
  /** x of each door's shut line, from its bottom to the waist, leaning as it is drawn. */
  shutLines: readonly (readonly [number, number])[];
  handles: readonly number[];
  /** Heights of the headlights and the tail lights. */
  lights: { head: Point; tail: Point };
  extras?: readonly Solid[];
}

const CABIN_INSET = 12;

function car(spec: CarSpec): VehicleModel {
  const { body, width, tyre, axles } = spec;
  const sill = body[0]![1];
  const waist = topY(body, spec.length / 2);
  const solids: Solid[] = [
    underbody(axles, tyre, width, sill),
    {
      profile: body,
      z: [0, width],
      material: "paint",
      decals: [
        ...axles.map((axle) => side(arch(axle, tyre, sill), "dark")),
        side(box([axles[0] + tyre * 1.25, axles[1] - tyre * 1.25], [sill, sill + 6]), "dark"),
        ...spec.shutLines.map(([x, lean]) => vertical(x, sill + 4, waist - 2, lean)),
        ...spec.handles.map((x) => handle(x, waist - 12)),
        across(body, "front", [sill + 10, spec.lights.head[0] - 4], [48, width - 48], "dark"),
        ...pair(body, "front", spec.lights.head, [10, 44], width, "head"),
        plate(body, "front", sill + 12, width),
        across(body, "front", [sill, sill + 8], [6, width - 6], "dark"),
        ...pair(body, "rear", spec.lights.tail, [6, 40], width, "tail"),
        plate(body, "rear", sill + 22, width),
        across(body, "rear", [sill, sill + 10], [6, width - 6], "dark"),
      ],
    },
  ];
  if (spec.cabin) {
    solids.push({
      profile: spec.cabin.profile,
      z: [CABIN_INSET, width - CABIN_INSET],
      material: "paint",
      glassEdges: spec.cabin.glassEdges,
      decals: spec.windows.map((window) => side(window, "glass", CABIN_INSET)),
    });
  }
  solids.push(...(spec.extras ?? []), mirror(body, (spec.cabin?.profile[1]![0] ?? 318) - 4));
  return { label: spec.label, length: spec.length, width, tyre, tyreWidth: 20, axles, solids };
}

/** The dark underside between the wheels, so the floor does not show through under the sills. */
function underbody(axles: readonly number[], tyre: number, width: number, sill: number): Solid {
  return {
    profile: box([axles[0]! - tyre, axles.at(-1)! + tyre], [tyre * 0.75, sill + 1]),
    z: [24, width - 24],
    material: "dark",
    decals: [],
  };
}

/** The near door mirror, at the windscreen's foot at x. */
function mirror(body: readonly Point[], x: number): Solid {
  const y = topY(body, x);
  return {
    profile: [
      [x - 16, y + 2],
      [x, y + 2],
      [x - 2, y + 16],
      [x - 14, y + 16],
    ],
    z: [-16, 0],
    material: "paint",
    decals: [side(box([x - 14, x - 2], [y + 2, y + 5]), "dark", -16)],
  };
}

interface VanSpec {
  label: string;
  length: number;
  width: number;
  tyre: number;
  axles: readonly [number, number];
  /** The whole van in one profile; edge 6 is the windscreen. */
  body: Point[];
  cabDoor: readonly [number, number];
  slidingDoor: number;
  window: Point[];
  headY: Point;
  sideWindows?: Point[][];
}

function van(spec: VanSpec): VehicleModel {
  const { body, width, tyre, axles } = spec;
  const sill = body[0]![1];
  const roof = Math.max(...body.map(([, y]) => y));
  return {
    label: spec.label,
    length: spec.length,
    width,
    tyre,
    tyreWidth: 22,
    axles,
    solids: [
      underbody(axles, tyre, width, sill),
      {
        profile: body,
        z: [0, width],
        material: "paint",
        glassEdges: [6],
        decals: [
          ...axles.map((axle) => side(arch(axle, tyre, sill), "dark")),
          side(box([axles[0] + tyre * 1.25, axles[1] - tyre * 1.25], [sill, sill + 8]), "dark"),
          side(spec.window, "glass"),
          ...(spec.sideWindows ?? []).map((pane) => side(pane, "glass")),
          vertical(spec.cabDoor[0], sill + 4, roof - 12),
          vertical(spec.cabDoor[1], sill + 12, spec.window[1]![1] - 6, -3),
          vertical(spec.slidingDoor, sill + 4, roof - 12),
          side(
            [
              [spec.slidingDoor - 120, roof - 40],
              [spec.cabDoor[0] - 4, roof - 40],
            ],
            "line",
          ),
          handle(spec.cabDoor[0] + 8, spec.window[0]![1] - 14),
          handle(spec.slidingDoor + 8, spec.window[0]![1] - 14),
          across(body, "front", [sill + 24, spec.headY[0] - 2], [52, width - 52], "dark"),
          ...pair(body, "front", spec.headY, [10, 48], width, "head"),
          across(body, "front", [sill, sill + 22], [4, width - 4], "dark"),
          plate(body, "front", sill + 6, width),
          ...pair(body, "rear", [sill + 30, sill + 90], [2, 16], width, "tail"),
          across(body, "rear", [sill + 4, roof - 8], [width / 2 - 0.6, width / 2 + 0.6], "line"),
          across(body, "rear", [sill, sill + 16], [4, width - 4], "dark"),
          plate(body, "rear", sill + 20, width),
        ],
      },
      mirror(body, body[6]![0] - 12),
    ],
  };
}

/**
 * The cab of a chassis-cab van (dropside, Luton), its front at x = 620 and its roof at `roof`:
 * the front of a large van.
 */
function vanCab(width: number, roof: number): Solid {
  const profile: Point[] = [
    [404, 42],
    [614, 42],
    [620, 60],
    [620, 100],
    [612, 114],
    [594, 120],
    [540, 132],
    [540 - ((roof - 146) * 62) / 124, roof - 14],
    [520 - ((roof - 146) * 62) / 124, roof],
    [408, roof],
    [404, roof - 8],
  ];
  return {
    profile,
    z: [0, width],
    material: "paint",
    glassEdges: [6],
    decals: [
      side(arch(522, 36, 42), "dark"),
      side(
        [
          [432, 138],
          [532, 138],
          [532 - ((roof - 160) * 62) / 124 + 4, roof - 30],
          [432, roof - 30],
        ],
        "glass",
      ),
      vertical(426, 46, roof - 10),
      handle(436, 124),
      across(profile, "front", [70, 96], [52, width - 52], "dark"),
      ...pair(profile, "front", [100, 116], [10, 48], width, "head"),
      across(profile, "front", [42, 64], [4, width - 4], "dark"),
      plate(profile, "front", 48, width),
    ],
  };
}

/** The cab of a cab-over truck, its rear at x0; a sleeper carries a high roof. */
function truckCab(x0: number, width: number, sleeper: boolean): Solid[] {
  const profile: Point[] = [
    [x0, 80],
    [x0 + 196, 80],
    [x0 + 202, 130],
    [x0 + 204, 250],
    [x0 + 198, 322],
    [x0 + 188, 338],
    [x0 + 8, 342],
    [x0, 332],
  ];
  const cab: Solid = {
    profile,
    z: [0, width],
    material: "paint",
    decals: [
      side(arch(x0 + 124, 53, 80), "dark"),
      side(
        [
          [x0 + 130, 244],
          [x0 + 192, 244],
          [x0 + 194, 318],
          [x0 + 130, 318],
        ],
        "glass",
      ),
      vertical(x0 + 118, 96, 330),
      handle(x0 + 126, 226),
      side(box([x0 + 120, x0 + 160], [84, 92]), "dark"),
      side(box([x0 + 120, x0 + 160], [108, 116]), "dark"),
      across(profile, "front", [252, 320], [12, width - 12], "glass"),
      across(profile, "front", [140, 232], [36, width - 36], "dark"),
      ...[160, 184, 208].map((y) => across(profile, "front", [y, y + 3], [36, width - 36], "metal")),
      ...pair(profile, "front", [100, 122], [14, 60], width, "head"),
      across(profile, "front", [80, 98], [4, width - 4], "dark"),
      plate(profile, "front", 84, width),
    ],
  };
  const highRoof: Solid = {
    profile: [
      [x0 + 14, 342],
      [x0 + 186, 340],
      [x0 + 160, 392],
      [x0 + 30, 398],
    ],
    z: [10, width - 10],
    material: "paint",
    decals: [],
  };
  return sleeper ? [cab, highRoof] : [cab];
}

/** The frame rails under a truck's or a chassis cab's body, from the rear to x1. */
function chassis(x1: number, width: number, [y0, y1]: Point): Solid {
  return { profile: box([16, x1], [y0, y1]), z: [width * 0.22, width * 0.78], material: "dark", decals: [] };
}

function fuelTank(x0: number): Solid {
  return { profile: box([x0, x0 + 110], [64, 112]), z: [-2, 54], material: "metal", decals: [] };
}

/** A closed box body (box van, Luton, curtainsider) from x0 to x1, with its rear doors' lights. */
function boxBody([x0, x1]: Point, [y0, y1]: Point, width: number, sides: Decal[]): Solid {
  const profile = box([x0, x1], [y0, y1]);
  return {
    profile,
    z: [0, width],
    material: "paint",
    decals: [
      ...sides,
      across(profile, "rear", [y0 + 4, y1 - 4], [width / 2 - 0.6, width / 2 + 0.6], "line"),
      side(box([x0, x1], [y0, y0 + 8]), "dark"),
    ],
  };
}

/** Lights and plate on the rear cross member of a body on a chassis. */
function rearBar(width: number, y: number): Solid {
  const profile = box([0, 14], [y, y + 22]);
  return {
    profile,
    z: [0, width],
    material: "dark",
    decals: [...pair(profile, "rear", [y + 4, y + 18], [10, 44], width, "tail"), plate(profile, "rear", y + 6, width)],
  };
}

const stripes = (x0: number, x1: number, step: number, y0: number, y1: number): Decal[] => {
  const lines: Decal[] = [];
  for (let x = x0; x <= x1; x += step) lines.push(vertical(x, y0, y1));
  return lines;
};

const TRUCK_WIDTH = 250;

/** A roof rail along one side of the roof, `z` in from the near side. */
function roofRail(x0: number, x1: number, roof: number, z: number): Solid {
  return {
    profile: [
      [x0, roof - 1],
      [x1, roof - 1],
      [x1 - 6, roof + 5],
      [x0 + 6, roof + 5],
    ],
    z: [z, z + 5],
    material: "dark",
    decals: [],
  };
}

/** A double-cab pick-up: bonnet and load bed in one, the cab on it, the bed open at the top. */
function pickupSolids(): Solid[] {
  const width = 188;
  const body: Point[] = [
    [4, 44],
    [524, 44],
    [530, 62],
    [530, 100],
    [520, 114],
    [500, 120],
    [396, 126],
    [0, 126],
    [0, 60],
  ];
  const cab: Point[] = [
    [196, 126],
    [396, 126],
    [336, 182],
    [320, 186],
    [204, 186],
    [198, 176],
  ];
  const sill = 44;
  return [
    underbody([104, 426], 38, width, sill),
    {
      profile: body,
      z: [0, width],
      material: "paint",
      decals: [
        ...[104, 426].map((axle) => side(arch(axle, 38, sill), "dark")),
        side(box([150, 380], [sill, sill + 8]), "dark"),
        vertical(196, sill + 6, 124),
        vertical(296, sill + 6, 124),
        vertical(396, sill + 6, 124, -4),
        handle(202, 110),
        handle(302, 110),
        onTop(body, [8, 190], [8, width - 8], "shade"),
        across(body, "front", [70, 96], [50, width - 50], "dark"),
        ...pair(body, "front", [98, 112], [10, 48], width, "head"),
        across(body, "front", [44, 66], [4, width - 4], "dark"),
        plate(body, "front", 50, width),
        ...pair(body, "rear", [92, 120], [4, 18], width, "tail"),
        across(body, "rear", [60, 122], [10, width - 10], "line"),
        across(body, "rear", [44, 58], [4, width - 4], "dark"),
        plate(body, "rear", 64, width),
      ],
    },
    {
      profile: cab,
      z: [CABIN_INSET, width - CABIN_INSET],
      material: "paint",
      glassEdges: [1, 5],
      decals: [
        side(
          [
            [302, 130],
            [382, 130],
            [334, 178],
            [302, 180],
          ],
          "glass",
          CABIN_INSET,
        ),
        side(
          [
            [206, 130],
            [294, 130],
            [294, 180],
            [210, 180],
          ],
          "glass",
          CABIN_INSET,
        ),
      ],
    },
    mirror(body, 390),
  ];
}

/** A tipper's body, sides ribbed and open at the top, with the load showing. */
function tipperBody(): Solid[] {
  const profile: Point[] = [
    [0, 112],
    [560, 112],
    [572, 256],
    [8, 256],
  ];
  return [
    rearBar(TRUCK_WIDTH, 86),
    {
      profile,
      z: [0, TRUCK_WIDTH],
      material: "paint",
      decals: [
        ...stripes(80, 500, 105, 116, 252),
        side(
          [
            [2, 236],
            [568, 236],
          ],
          "line",
        ),
        onTop(profile, [14, 560], [8, TRUCK_WIDTH - 8], "shade"),
      ],
    },
  ];
}

function truck(label: string, length: number, axles: readonly number[], body: readonly Solid[], sleeper: boolean): VehicleModel {
  const cabAt = length - 206;
  return {
    label,
    length,
    width: TRUCK_WIDTH,
    tyre: 53,
    tyreWidth: 30,
    axles,
    solids: [chassis(cabAt + 10, TRUCK_WIDTH, [66, 104]), fuelTank(cabAt - 130), ...body, ...truckCab(cabAt, TRUCK_WIDTH, sleeper)],
  };
}

const LARGE_VAN: Point[] = [
  [4, 42],
  [594, 42],
  [600, 60],
  [600, 100],
  [592, 114],
  [574, 120],
  [520, 132],
  [458, 256],
  [438, 270],
  [14, 274],
  [2, 266],
  [0, 64],
];

function largeVan(label: string, sideWindows: Point[][]): VehicleModel {
  return van({
    label,
    length: 600,
    width: 205,
    tyre: 36,
    axles: [110, 470],
    body: LARGE_VAN,
    cabDoor: [402, 520],
    slidingDoor: 260,
    window: [
      [408, 138],
      [514, 138],
      [472, 226],
      [408, 228],
    ],
    headY: [96, 112],
    sideWindows,
  });
}

function panes(x0: number, count: number, width: number, gap: number, [y0, y1]: Point): Point[][] {
  return Array.from({ length: count }, (_, i) => box([x0 + i * (width + gap), x0 + i * (width + gap) + width], [y0, y1]));
}

/** A chassis-cab van with a body of its own behind the cab. */
function chassisCabVan(label: string, roof: number, body: readonly Solid[]): VehicleModel {
  const width = 205;
  const cab = vanCab(width, roof);
  return {
    label,
    length: 620,
    width,
    tyre: 36,
    tyreWidth: 22,
    axles: [120, 522],
    solids: [chassis(410, width, [52, 76]), rearBar(width, 50), ...body, cab, mirror(cab.profile, 528)],
  };
}

const DROPSIDE_DECK = box([0, 396], [76, 118]);
const OVER_CAB: Point[] = [
  [404, 256],
  [468, 256],
  [480, 268],
  [480, 318],
  [468, 330],
  [404, 330],
];

export const DEMO_VEHICLE_MODELS: Record<DemoBodyShape, VehicleModel> = {
  hatchback: car({
    label: "hatchback",
    length: 405,
    width: 176,
    tyre: 31,
    axles: [70, 322],
    body: [
      [6, 30],
      [396, 30],
      [404, 44],
      [405, 70],
      [396, 86],
      [380, 92],
      [298, 100],
      [30, 102],
      [8, 98],
      [2, 80],
      [0, 50],
    ],
    // A short roof and a raked tailgate window straight from the roof to the bumper.
    cabin: {
      profile: [
        [24, 101],
        [298, 100],
        [220, 142],
        [96, 146],
        [70, 141],
      ],
      glassEdges: [1, 4],
    },
    windows: [
      [
        [198, 105],
        [286, 104],
        [222, 138],
        [198, 139],
      ],
      [
        [92, 105],
        [190, 105],
        [190, 140],
        [92, 142],
      ],
      [
        [40, 105],
        [84, 105],
        [84, 140],
        [72, 138],
      ],
    ],
    shutLines: [
      [194, 0],
      [70, -4],
      [298, -4],
    ],
    handles: [200, 76],
    lights: { head: [64, 78], tail: [72, 92] },
  }),
  saloon: car({
    label: "saloon",
    length: 470,
    width: 182,
    tyre: 32,
    axles: [100, 375],
    body: [
      [6, 30],
      [460, 30],
      [468, 44],
      [470, 70],
      [460, 86],
      [442, 92],
      [350, 100],
      [100, 102],
      [30, 102],
      [10, 99],
      [2, 86],
      [0, 50],
    ],
    cabin: {
      profile: [
        [92, 102],
        [350, 100],
        [272, 140],
        [165, 143],
        [135, 137],
      ],
      glassEdges: [1, 4],
    },
    windows: [
      [
        [248, 105],
        [338, 104],
        [270, 137],
        [248, 138],
      ],
      [
        [140, 105],
        [240, 105],
        [240, 138],
        [168, 140],
        [146, 128],
      ],
    ],
    shutLines: [
      [244, 0],
      [128, -4],
      [350, -4],
    ],
    handles: [250, 132],
    lights: { head: [66, 80], tail: [78, 96] },
  }),
  estate: car({
    label: "estate",
    length: 470,
    width: 182,
    tyre: 32,
    axles: [98, 374],
    body: [
      [6, 30],
      [462, 30],
      [468, 44],
      [470, 70],
      [460, 86],
      [442, 92],
      [350, 100],
      [20, 104],
      [6, 100],
      [1, 80],
      [0, 50],
    ],
    // The roof runs on to an upright tailgate, with a third side window behind the rear door.
    cabin: {
      profile: [
        [10, 104],
        [350, 100],
        [270, 141],
        [200, 146],
        [24, 146],
        [12, 136],
      ],
      glassEdges: [1, 5],
    },
    windows: [
      [
        [248, 106],
        [338, 104],
        [272, 138],
        [248, 140],
      ],
      [
        [132, 106],
        [240, 106],
        [240, 141],
        [132, 141],
      ],
      [
        [22, 106],
        [124, 106],
        [124, 141],
        [30, 141],
        [22, 132],
      ],
    ],
    shutLines: [
      [244, 0],
      [128, 0],
      [350, -4],
    ],
    handles: [250, 134],
    lights: { head: [66, 80], tail: [74, 98] },
    extras: [roofRail(40, 240, 146, 22), roofRail(40, 240, 146, 160)],
  }),
  suv: car({
    label: "SUV",
    length: 460,
    width: 190,
    tyre: 38,
    axles: [92, 368],
    body: [
      [6, 40],
      [450, 40],
      [458, 54],
      [460, 86],
      [452, 104],
      [436, 112],
      [350, 120],
      [20, 124],
      [6, 120],
      [1, 100],
      [0, 62],
    ],
    cabin: {
      profile: [
        [12, 124],
        [350, 120],
        [284, 164],
        [220, 170],
        [28, 170],
        [14, 160],
      ],
      glassEdges: [1, 5],
    },
    windows: [
      [
        [250, 126],
        [338, 124],
        [288, 160],
        [250, 162],
      ],
      [
        [138, 126],
        [242, 126],
        [242, 163],
        [138, 163],
      ],
      [
        [24, 126],
        [130, 126],
        [130, 163],
        [30, 163],
        [24, 154],
      ],
    ],
    shutLines: [
      [246, 0],
      [134, 0],
      [350, -4],
    ],
    handles: [252, 140],
    lights: { head: [82, 96], tail: [96, 114] },
    extras: [roofRail(40, 250, 170, 24), roofRail(40, 250, 170, 166)],
  }),
  coupe: car({
    label: "coupe",
    length: 450,
    width: 182,
    tyre: 33,
    axles: [95, 362],
    body: [
      [6, 30],
      [442, 30],
      [448, 42],
      [450, 64],
      [440, 80],
      [420, 86],
      [330, 96],
      [60, 98],
      [14, 96],
      [4, 84],
      [0, 50],
    ],
    // A fastback: the roof falls in one long line to the tail.
    cabin: {
      profile: [
        [50, 98],
        [330, 96],
        [250, 130],
        [190, 133],
        [130, 128],
      ],
      glassEdges: [1, 4],
    },
    windows: [
      [
        [150, 100],
        [316, 99],
        [250, 126],
        [190, 129],
        [150, 122],
      ],
    ],
    shutLines: [
      [222, 0],
      [330, -4],
    ],
    handles: [228],
    lights: { head: [56, 70], tail: [70, 86] },
  }),
  convertible: car({
    label: "convertible",
    length: 440,
    width: 180,
    tyre: 32,
    axles: [90, 352],
    body: [
      [6, 30],
      [432, 30],
      [438, 42],
      [440, 66],
      [430, 82],
      [410, 88],
      [320, 98],
      [30, 100],
      [10, 96],
      [2, 84],
      [0, 50],
    ],
    windows: [],
    shutLines: [
      [240, 0],
      [320, -4],
    ],
    handles: [246],
    lights: { head: [58, 72], tail: [70, 88] },
    extras: [
      // The open cockpit, the seats' headrests, the folded hood and the windscreen's frame.
      {
        profile: box([110, 300], [99, 100]),
        z: [14, 166],
        material: "dark",
        decals: [],
      },
      ...[34, 110].map((z): Solid => ({ profile: box([176, 192], [100, 126]), z: [z, z + 36], material: "dark", decals: [] })),
      { profile: box([36, 104], [100, 112]), z: [14, 166], material: "dark", decals: [] },
      {
        profile: [
          [300, 99],
          [318, 99],
          [268, 134],
          [258, 132],
        ],
        z: [12, 168],
        material: "dark",
        glassEdges: [1],
        decals: [],
      },
    ],
  }),
  mpv: car({
    label: "MPV",
    length: 460,
    width: 182,
    tyre: 32,
    axles: [88, 360],
    body: [
      [6, 30],
      [452, 30],
      [458, 44],
      [460, 70],
      [450, 86],
      [430, 94],
      [392, 104],
      [20, 108],
      [6, 104],
      [1, 84],
      [0, 50],
    ],
    // One box: a long windscreen running on from a short bonnet, a tall roof to the back.
    cabin: {
      profile: [
        [10, 108],
        [392, 104],
        [300, 166],
        [260, 172],
        [24, 172],
        [12, 160],
      ],
      glassEdges: [1, 5],
    },
    windows: [
      [
        [282, 110],
        [382, 108],
        [316, 150],
        [282, 154],
      ],
      [
        [150, 110],
        [274, 110],
        [274, 160],
        [150, 160],
      ],
      [
        [22, 110],
        [142, 110],
        [142, 162],
        [30, 162],
        [22, 150],
      ],
    ],
    shutLines: [
      [278, 0],
      [146, 0],
      [392, -4],
    ],
    handles: [284, 152],
    lights: { head: [64, 80], tail: [76, 100] },
  }),
  pickup: {
    label: "pick-up",
    length: 530,
    width: 188,
    tyre: 38,
    tyreWidth: 22,
    axles: [104, 426],
    solids: pickupSolids(),
  },
  "small-van": van({
    label: "small van",
    length: 440,
    width: 185,
    tyre: 31,
    axles: [76, 350],
    body: [
      [4, 34],
      [434, 34],
      [440, 50],
      [440, 82],
      [432, 94],
      [416, 100],
      [372, 108],
      [318, 182],
      [300, 190],
      [12, 192],
      [2, 184],
      [0, 54],
    ],
    cabDoor: [262, 370],
    slidingDoor: 150,
    window: [
      [268, 112],
      [364, 112],
      [322, 174],
      [268, 176],
    ],
    headY: [72, 86],
  }),
  "panel-van": van({
    label: "panel van",
    length: 520,
    width: 200,
    tyre: 34,
    axles: [90, 410],
    body: [
      [4, 38],
      [514, 38],
      [520, 54],
      [520, 92],
      [512, 106],
      [496, 112],
      [444, 124],
      [384, 226],
      [366, 242],
      [14, 246],
      [2, 238],
      [0, 60],
    ],
    cabDoor: [330, 444],
    slidingDoor: 200,
    window: [
      [336, 132],
      [432, 132],
      [394, 204],
      [336, 206],
    ],
    headY: [86, 102],
  }),
  "large-van": largeVan("large van", []),
  minibus: largeVan("minibus", panes(20, 5, 66, 10, [150, 236])),
  dropside: chassisCabVan("dropside", 270, [
    {
      profile: DROPSIDE_DECK,
      z: [0, 205],
      material: "paint",
      decals: [
        side(
          [
            [2, 97],
            [394, 97],
          ],
          "line",
        ),
        ...stripes(130, 270, 132, 78, 116),
        onTop(DROPSIDE_DECK, [8, 388], [8, 197], "shade"),
      ],
    },
  ]),
  luton: chassisCabVan("Luton van", 246, [
    boxBody([0, 404], [80, 330], 205, stripes(100, 400, 100, 92, 326)),
    { profile: OVER_CAB, z: [0, 205], material: "paint", decals: [] },
  ]),
  "tractor-unit": truck(
    "tractor unit",
    610,
    [160, 528],
    [
      // The fifth wheel the trailer couples to, an exhaust stack behind the cab, and wings over the drive wheels.
      rearBar(TRUCK_WIDTH, 86),
      { profile: box([96, 236], [104, 118]), z: [64, 186], material: "dark", decals: [] },
      { profile: box([108, 224], [118, 122]), z: [80, 170], material: "metal", decals: [] },
      { profile: box([384, 396], [104, 372]), z: [12, 24], material: "metal", decals: [] },
      { profile: box([96, 224], [118, 128]), z: [0, 250], material: "dark", decals: [] },
    ],
    true,
  ),
  "box-truck": truck(
    "box truck",
    840,
    [170, 758],
    [rearBar(TRUCK_WIDTH, 86), boxBody([0, 628], [112, 392], TRUCK_WIDTH, stripes(124, 500, 126, 120, 388))],
    false,
  ),
  curtainsider: truck(
    "curtainsider",
    890,
    [170, 300, 808],
    [
      rearBar(TRUCK_WIDTH, 86),
      boxBody([0, 678], [112, 400], TRUCK_WIDTH, [
        side(box([0, 678], [112, 136]), "shade"),
        side(box([0, 678], [378, 400]), "shade"),
        ...stripes(26, 660, 26, 138, 376),
      ]),
    ],
    true,
  ),
  "tipper-truck": truck("tipper truck", 790, [150, 280, 698], tipperBody(), false),
  "flatbed-truck": truck(
    "flatbed truck",
    890,
    [180, 310, 808],
    [
      rearBar(TRUCK_WIDTH, 86),
      { profile: box([0, 678], [110, 136]), z: [0, TRUCK_WIDTH], material: "paint", decals: stripes(60, 620, 80, 112, 134) },
      { profile: box([656, 680], [136, 300]), z: [0, TRUCK_WIDTH], material: "paint", decals: [] },
    ],
    false,
  ),
};
