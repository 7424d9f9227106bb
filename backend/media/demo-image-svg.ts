import { DEMO_COLOURS, type DemoBodyShape, type DemoImage, type DemoView } from "./demo-image-catalogue";

/**
 * Draws the demo stock's pictures as small standalone SVG documents.
 *
 * Shapes are drawn in centimetres, x forwards from the rear bumper and y up from the ground, so
 * the numbers read like a spec sheet; the renderer flips and scales them into the 800x600 frame.
 * Path data uses absolute M, L, Q and Z only, so a part can be slid along the x axis (`shifted`).
 */

/**
 * What a part is made of, which decides how it is painted. A "body" is an open outline from the
 * rear sill corner over the top to the front sill corner: the renderer closes it along the sill,
 * cutting an arch over each wheel it spans.
 */
type Material = "body" | "paint" | "shade" | "glass" | "line" | "trim" | "metal" | "head" | "tail";
type Part = readonly [Material, string];

interface Shape {
  /** How a listing names the shape, after the colour: "Red hatchback". */
  label: string;
  /** Vehicles in a group share a scale, so a large van is drawn bigger than a small one. */
  group: "car" | "van" | "truck";
  /** Overall size, mirrors included, which frames the picture. */
  length: number;
  height: number;
  /** Tyre radius. */
  tyre: number;
  /** x of each axle; one wheel of each shows from the side. */
  axles: readonly number[];
  parts: readonly Part[];
}

/** The parts slid forwards by dx, so one cab can sit at the front of bodies of any length. */
function shifted(parts: readonly Part[], dx: number): Part[] {
  return parts.map(([material, d]) => [material, d.replace(/(-?[\d.]+) (-?[\d.]+)/g, (_, x: string, y: string) => `${+x + dx} ${y}`)]);
}

/** Vertical lines every `step` from x0 up to x1: panel joints, curtain folds. */
function stripes(x0: number, x1: number, step: number, y0: number, y1: number): string {
  let d = "";
  for (let x = x0; x <= x1; x += step) d += `M${x} ${y0}L${x} ${y1}`;
  return d;
}

/** A row of equal side windows, as on a minibus. */
function panes(x0: number, count: number, width: number, gap: number, y0: number, y1: number): string {
  let d = "";
  for (let i = 0, x = x0; i < count; i++, x += width + gap) d += `M${x} ${y0}L${x} ${y1}L${x + width} ${y1}L${x + width} ${y0}Z`;
  return d;
}

// Cab of a chassis-cab van (front at x=620), which the dropside and Luton bodies sit behind.
const VAN_CAB: readonly Part[] = [
  ["trim", "M4 62L420 62L420 88L4 88Z"],
  ["body", "M410 46L410 234Q412 246 426 246L470 246Q486 245 494 234L524 150L598 134Q620 130 620 108L620 56L612 46"],
  ["glass", "M424 150L424 230L474 230Q482 229 486 224L514 150Z"],
  ["line", "M420 150L420 50M500 150L500 86"],
  ["trim", "M604 46L612 46L620 56L620 74L596 74Z"],
  ["paint", "M506 152L530 152L532 172L510 174Z"],
  ["head", "M592 128L616 124Q620 118 620 110L594 114Z"],
];

// Cab of a cab-over truck (rear at x=0); truck shapes slide it to their front.
const TRUCK_CAB: readonly Part[] = [
  ["body", "M0 80L0 300Q2 320 24 320L190 320Q210 319 212 300L220 140L222 96L216 80"],
  ["glass", "M122 196L122 292L188 292Q202 291 204 278L210 196Z"],
  ["line", "M112 306L112 90M212 196L216 96"],
  ["trim", "M196 80L220 80L222 112L198 112Z"],
  ["head", "M204 116L222 116L221 134L204 134Z"],
  ["trim", "M220 270L236 268L236 196L226 196L226 262L214 262Z"],
];

// High roof behind a truck cab, so a sleeper or curtainsider's front meets its body's roofline.
const TRUCK_ROOF: Part = ["paint", "M8 300L24 386Q28 398 48 398L176 398Q196 396 202 378L212 300Z"];

const LARGE_VAN_BODY = "M6 36L0 56L0 246Q2 262 24 262L392 262Q420 260 436 236L446 222L492 150L578 134Q600 130 600 108L600 50L592 36";
const LARGE_VAN_FRONT: readonly Part[] = [
  ["glass", "M410 150L410 214L442 214L481 152Z"],
  ["trim", "M0 36L0 60L22 60L22 36Z"],
  ["trim", "M578 36L592 36L600 50L600 70L578 70Z"],
  ["head", "M570 132L596 128Q600 122 600 114L572 118Z"],
  ["tail", "M0 110L9 110L9 160L0 160Z"],
  ["paint", "M472 154L496 154L498 174L476 176Z"],
];

// Parts are listed back to front. A small "paint" quad by the windscreen is the door mirror; short
// "line" dashes at the beltline are door handles.
const SHAPES: Record<DemoBodyShape, Shape> = {
  hatchback: {
    label: "hatchback",
    group: "car",
    length: 405,
    height: 148,
    tyre: 32,
    axles: [72, 326],
    parts: [
      ["body", "M8 30L0 50L2 96L10 122L34 145Q40 148 58 148L218 148Q236 147 248 140L318 104L382 92Q404 88 405 68L405 40L397 30"],
      ["glass", "M52 108L68 136Q72 140 82 140L196 140L196 108ZM204 108L204 140L222 140Q234 139 242 134L300 108Z"],
      ["line", "M114 140L114 34M200 140L202 34M288 104L288 50M90 100L104 100M172 100L186 100"],
      ["paint", "M288 106L306 106L308 118L292 120Z"],
      ["head", "M380 90L401 86Q405 80 404 74L382 78Z"],
      ["tail", "M3 98L13 100L15 114L7 114Z"],
    ],
  },
  saloon: {
    label: "saloon",
    group: "car",
    length: 470,
    height: 144,
    tyre: 32,
    axles: [96, 372],
    parts: [
      [
        "body",
        "M8 30L0 50L2 88Q4 98 20 100L96 104Q112 106 124 112L168 138Q180 144 200 144L272 144Q290 143 302 136L368 104L446 94Q468 90 470 70L470 40L462 30",
      ],
      ["glass", "M142 108L174 132Q182 137 198 137L242 137L242 108ZM250 108L250 137L276 137Q288 136 296 131L350 108Z"],
      ["line", "M140 110L140 34M246 137L246 34M334 104L334 48M210 100L224 100M300 100L314 100"],
      ["paint", "M336 106L354 106L356 118L340 120Z"],
      ["head", "M440 92L466 87Q470 80 469 74L442 78Z"],
      ["tail", "M2 82L20 84L20 98Q6 97 3 92Z"],
    ],
  },
  estate: {
    label: "estate",
    group: "car",
    length: 465,
    height: 153,
    tyre: 32,
    axles: [92, 368],
    parts: [
      ["body", "M8 30L0 50L2 98L8 136Q14 148 40 148L262 148Q280 147 292 140L364 104L442 93Q464 89 465 70L465 40L457 30"],
      ["trim", "M36 148L264 148L262 153L40 153Z"],
      [
        "glass",
        "M18 104L22 132Q26 140 42 140L124 140L124 104ZM132 104L132 140L214 140L214 104ZM222 104L222 140L264 140Q278 139 286 134L346 104Z",
      ],
      ["line", "M128 140L128 34M218 140L218 34M330 104L330 48M186 98L200 98M290 98L304 98"],
      ["paint", "M332 106L350 106L352 118L336 120Z"],
      ["head", "M436 91L461 87Q465 80 464 74L438 78Z"],
      ["tail", "M1 96L4 124L12 124L10 98Z"],
    ],
  },
  suv: {
    label: "SUV",
    group: "car",
    length: 460,
    height: 178,
    tyre: 37,
    axles: [90, 370],
    parts: [
      ["body", "M8 44L0 62L0 112L6 160Q12 172 38 172L270 172Q288 171 300 163L358 126L442 116Q460 112 460 94L460 56L452 44"],
      ["trim", "M40 172L262 172L260 178L44 178ZM136 44L326 44L326 56L136 56Z"],
      [
        "glass",
        "M20 126L24 156Q28 164 44 164L128 164L128 126ZM136 126L136 164L216 164L216 126ZM224 126L224 164L268 164Q282 163 292 157L340 126Z",
      ],
      ["line", "M132 164L132 56M220 164L220 56M330 126L330 62M188 118L202 118M290 118L304 118"],
      ["paint", "M322 128L342 128L344 142L326 144Z"],
      ["head", "M436 114L458 110Q460 104 460 98L438 102Z"],
      ["tail", "M0 108L12 110L12 140L2 140Z"],
    ],
  },
  coupe: {
    label: "coupe",
    group: "car",
    length: 450,
    height: 131,
    tyre: 32,
    axles: [92, 360],
    parts: [
      [
        "body",
        "M8 28L0 46L2 84Q4 94 22 96L60 98Q110 112 150 126Q164 131 196 131L228 131Q248 129 262 121L332 94L428 84Q448 80 450 62L450 38L442 28",
      ],
      ["glass", "M112 102Q134 114 154 121Q166 125 194 125L226 125Q240 124 250 118L312 98L112 98Z"],
      ["line", "M200 125L204 98M208 98L212 32M316 94L318 46M270 90L284 90"],
      ["paint", "M316 96L334 96L336 108L320 110Z"],
      ["head", "M422 84Q446 80 449 70L426 74Z"],
      ["tail", "M1 78L20 82L21 94Q6 93 3 88Z"],
    ],
  },
  convertible: {
    label: "convertible",
    group: "car",
    length: 440,
    height: 136,
    tyre: 32,
    axles: [88, 352],
    parts: [
      [
        "trim",
        "M26 102Q30 116 62 116L96 116Q106 115 106 102ZM140 100L142 122Q144 128 154 128L168 128Q176 127 176 120L176 100ZM220 100L222 126Q224 132 234 132L248 132Q256 131 256 124L256 100Z",
      ],
      ["body", "M8 30L0 50L2 90Q4 100 24 102L320 102L424 88Q440 84 440 66L440 40L432 30"],
      ["glass", "M312 104L326 104L276 136L266 134Z"],
      ["line", "M196 100L198 34M306 102L306 48M250 94L264 94"],
      ["paint", "M300 104L318 104L320 116L304 118Z"],
      ["head", "M414 86L436 83Q440 77 439 72L416 76Z"],
      ["tail", "M2 80L18 84L18 96Q6 96 3 92Z"],
    ],
  },
  mpv: {
    label: "MPV",
    group: "car",
    length: 460,
    height: 170,
    tyre: 32,
    axles: [84, 364],
    parts: [
      ["body", "M8 30L0 52L0 112L6 158Q12 170 36 170L240 170Q262 169 276 158L392 100L442 90Q460 86 460 68L460 40L452 30"],
      [
        "glass",
        "M18 112L22 152Q26 162 40 162L110 162L110 112ZM118 112L118 162L200 162L200 112ZM208 112L208 162L240 162Q256 161 266 153L350 112Z",
      ],
      ["line", "M114 162L114 34M204 162L204 34M326 112L326 48M16 106L112 106M176 104L190 104"],
      ["paint", "M338 114L358 114L360 128L342 130Z"],
      ["head", "M436 89L456 85Q460 78 459 72L438 76Z"],
      ["tail", "M0 112L10 114L12 148L4 148Z"],
    ],
  },
  pickup: {
    label: "pick-up",
    group: "van",
    length: 530,
    height: 182,
    tyre: 38,
    axles: [104, 426],
    parts: [
      ["body", "M6 48L0 64L0 126L202 126L206 174Q210 182 226 182L332 182Q348 181 356 172L394 134L508 122Q530 118 530 98L530 62L522 48"],
      ["glass", "M216 136L216 172L276 172L276 136ZM284 136L284 172L334 172Q344 171 350 166L380 136Z"],
      ["line", "M4 118L196 118M198 126L198 52M280 172L280 52M386 136L386 64M240 128L254 128"],
      // A sports bar over the open load bed.
      ["trim", "M166 126L174 168L204 168L204 161L180 161L173 126Z"],
      ["trim", "M0 48L0 66L16 66L16 48ZM506 48L522 48L530 62L530 88L506 88Z"],
      ["paint", "M372 138L396 138L398 156L376 158Z"],
      ["head", "M500 120L526 116Q530 110 530 104L502 106Z"],
      ["tail", "M0 96L10 96L10 120L0 120Z"],
    ],
  },
  "small-van": {
    label: "small van",
    group: "van",
    length: 440,
    height: 184,
    tyre: 31,
    axles: [78, 356],
    parts: [
      ["body", "M6 32L0 50L0 168Q2 184 22 184L270 184Q290 183 300 174L354 122L420 108Q440 104 440 84L440 44L432 32"],
      ["glass", "M272 122L272 172L288 172Q294 171 300 166L340 122Z"],
      ["line", "M164 176L164 36M268 176L268 36M320 122L320 50M8 150L160 150M240 114L254 114"],
      ["trim", "M0 32L0 60L20 60L20 32ZM418 32L432 32L440 44L440 64L418 64Z"],
      ["paint", "M338 124L358 124L360 140L342 142Z"],
      ["head", "M414 104L436 100Q440 94 440 88L416 92Z"],
      ["tail", "M0 110L8 110L8 148L0 148Z"],
    ],
  },
  "panel-van": {
    label: "panel van",
    group: "van",
    length: 510,
    height: 204,
    tyre: 33,
    axles: [86, 398],
    parts: [
      ["body", "M6 34L0 52L0 188Q2 204 22 204L326 204Q344 203 352 194L404 132L488 118Q510 114 510 94L510 46L502 34"],
      ["glass", "M318 132L318 190L340 190Q346 189 350 183L390 132Z"],
      ["line", "M190 196L190 38M312 196L312 38M362 132L362 52M8 160L186 160M284 124L298 124"],
      ["trim", "M0 34L0 60L20 60L20 34ZM488 34L502 34L510 46L510 66L488 66Z"],
      ["paint", "M386 134L408 134L410 150L390 152Z"],
      ["head", "M482 116L506 112Q510 106 510 98L484 102Z"],
      ["tail", "M0 110L8 110L8 156L0 156Z"],
    ],
  },
  "large-van": {
    label: "large van",
    group: "van",
    length: 600,
    height: 262,
    tyre: 35,
    axles: [110, 494],
    parts: [
      ["body", LARGE_VAN_BODY],
      ["line", "M250 250L250 40M398 250L398 40M460 150L460 54M8 200L246 200M370 140L384 140"],
      ...LARGE_VAN_FRONT,
    ],
  },
  minibus: {
    label: "minibus",
    group: "van",
    length: 600,
    height: 262,
    tyre: 35,
    axles: [110, 494],
    parts: [
      ["body", LARGE_VAN_BODY],
      ["glass", panes(14, 5, 70, 8, 150, 228)],
      ["line", "M316 236L316 40M398 236L398 40M460 150L460 54M0 140L404 140"],
      ...LARGE_VAN_FRONT,
    ],
  },
  dropside: {
    label: "dropside",
    group: "van",
    length: 620,
    height: 246,
    tyre: 36,
    axles: [120, 522],
    parts: [
      ...VAN_CAB,
      ["trim", "M388 132L388 214L406 214L406 132ZM394 140L394 206L400 206L400 140Z"],
      ["paint", "M0 88L404 88L404 132L0 132Z"],
      ["line", `M2 110L402 110${stripes(134, 270, 136, 88, 132)}`],
      ["tail", "M0 66L14 66L14 80L0 80Z"],
    ],
  },
  luton: {
    label: "Luton van",
    group: "van",
    length: 620,
    height: 330,
    tyre: 36,
    axles: [120, 522],
    parts: [
      ...VAN_CAB,
      ["paint", "M0 88L404 88L404 252L470 252Q486 254 486 266L486 318Q484 330 470 330L10 330Q0 330 0 320Z"],
      ["trim", "M0 88L404 88L404 98L0 98Z"],
      ["line", stripes(100, 400, 100, 100, 326)],
      ["tail", "M0 66L14 66L14 80L0 80Z"],
    ],
  },
  "tractor-unit": {
    label: "tractor unit",
    group: "truck",
    length: 636,
    height: 398,
    tyre: 53,
    axles: [160, 550],
    parts: [
      ["trim", "M10 70L420 70L420 100L10 100Z"],
      ["metal", "M96 100L236 100L236 112L96 112ZM120 112L212 112L204 122L128 122Z"],
      ["metal", "M246 42L356 42Q370 42 370 56L370 86Q370 100 356 100L246 100Z"],
      ["metal", "M384 100L394 100L394 340L384 340Z"],
      ...shifted([TRUCK_ROOF, ...TRUCK_CAB], 400),
      ["tail", "M10 78L30 78L30 92L10 92Z"],
    ],
  },
  "box-truck": {
    label: "box truck",
    group: "truck",
    length: 866,
    height: 380,
    tyre: 53,
    axles: [180, 780],
    parts: [
      ["trim", "M20 80L640 80L640 112L20 112ZM260 58L560 58L560 70L260 70Z"],
      ["paint", "M0 112L624 112L624 380L0 380Z"],
      ["line", `M0 124L624 124${stripes(124, 500, 124, 124, 376)}`],
      ...shifted(TRUCK_CAB, 630),
      ["tail", "M10 88L34 88L34 104L10 104Z"],
    ],
  },
  curtainsider: {
    label: "curtainsider",
    group: "truck",
    length: 916,
    height: 400,
    tyre: 53,
    axles: [180, 310, 830],
    parts: [
      ["trim", "M20 80L690 80L690 112L20 112Z"],
      ["paint", "M0 112L672 112L672 400L0 400Z"],
      ["shade", "M0 112L672 112L672 136L0 136ZM0 378L672 378L672 400L0 400Z"],
      ["line", stripes(28, 650, 28, 138, 376)],
      ...shifted([TRUCK_ROOF, ...TRUCK_CAB], 680),
      ["tail", "M10 88L34 88L34 104L10 104Z"],
    ],
  },
  "tipper-truck": {
    label: "tipper truck",
    group: "truck",
    length: 816,
    height: 334,
    tyre: 53,
    axles: [150, 280, 730],
    parts: [
      ["trim", "M20 80L600 80L600 112L20 112Z"],
      ["metal", "M456 112L476 112L476 212L456 208Z"],
      // Raised 12 degrees about its rear hinge, mid-tip.
      ["paint", "M30 118L539 226L516 334L7 226Z"],
      ["line", "M10 212L519 320M157 145L134 253M284 172L261 280M411 199L388 307"],
      ...shifted(TRUCK_CAB, 580),
      ["tail", "M24 88L44 88L44 104L24 104Z"],
    ],
  },
  "flatbed-truck": {
    label: "flatbed truck",
    group: "truck",
    length: 916,
    height: 320,
    tyre: 53,
    axles: [180, 310, 830],
    parts: [
      ["trim", "M20 80L690 80L690 110L20 110Z"],
      ["paint", "M0 110L676 110L676 136L0 136Z"],
      ["paint", "M652 136L676 136L676 300L652 300Z"],
      ["line", `M652 184L676 184M652 232L676 232M652 280L676 280${stripes(60, 620, 80, 112, 134)}`],
      ...shifted(TRUCK_CAB, 680),
      ["tail", "M10 88L34 88L34 104L10 104Z"],
    ],
  },
};

/** Pixels per centimetre in the full views. */
const GROUP_SCALE = { car: 1.45, van: 1.1, truck: 0.78 } as const;

/**
 * Backdrops are drawn in frame pixels. Their gradient ids are the same in every picture of a
 * view, so pictures inlined side by side in one page cannot pick up each other's definitions.
 */
interface Backdrop {
  defs: string;
  scene: string;
  /** Frame y of the ground under the wheels. */
  ground: number;
}

// Four settings, so a gallery of one vehicle looks like four photos rather than one picture repeated.
const BACKDROPS: Record<DemoView, Backdrop> = {
  // Studio: a pale sweep that fades into the floor.
  1: {
    defs: gradient("v1", "#f5f6f8", "#f1f2f4 .55", "#dfe2e6 .8", "#d3d7dc"),
    scene: `<rect width="800" height="600" fill="url(#v1)"/>`,
    ground: 470,
  },
  // Forecourt: showroom glazing behind, block paving underfoot.
  2: {
    defs: gradient("v2", "#cfe2f2", "#eef4f8"),
    scene:
      `<rect width="800" height="600" fill="url(#v2)"/>` +
      `<rect y="236" width="800" height="200" fill="#e9e7e2"/><rect y="236" width="800" height="34" fill="#23456e"/>` +
      `<rect y="290" width="800" height="130" fill="#a9bccb"/>` +
      `<path d="M100 290V420M260 290V420M420 290V420M580 290V420M740 290V420" stroke="#e9e7e2" stroke-width="10"/>` +
      `<rect y="436" width="800" height="164" fill="#c7c3bb"/>` +
      `<path d="M0 436H800M0 470H800M0 516H800M0 572H800M120 436L-80 600M280 436L200 600M400 436V600M520 436L600 600M680 436L880 600" stroke="#aaa59c" stroke-width="2"/>`,
    ground: 505,
  },
  // Close-up: a warmer sweep, framed tighter by `placement`.
  3: {
    defs: gradient("v3", "#f3efe9", "#e9e3db .6", "#d6cfc5"),
    scene: `<rect width="800" height="600" fill="url(#v3)"/>`,
    ground: 565,
  },
  // Showroom: dark walls and a spotlight, which also lifts a black vehicle off the wall.
  4: {
    defs:
      gradient("v4", "#2e3338", "#1c1f23 .66", "#33383e .67", "#454b52") +
      `<radialGradient id="v4s"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    scene:
      `<rect width="800" height="600" fill="url(#v4)"/>` +
      `<ellipse cx="400" cy="330" rx="420" ry="250" fill="url(#v4s)"/>` +
      `<path d="M90 36H230M330 36H470M570 36H710" stroke="#e9eef3" stroke-width="8" stroke-linecap="round"/>` +
      `<path d="M0 520H800M0 572H800" stroke="#50565d"/>`,
    ground: 470,
  },
};

/** A top-to-bottom gradient; each stop is "colour" or "colour offset", first and last at the ends. */
function gradient(id: string, ...stops: string[]): string {
  const markup = stops.map((stop, i) => {
    const [colour, offset = i === 0 ? "0" : "1"] = stop.split(" ");
    return `<stop offset="${offset}" stop-color="${colour}"/>`;
  });
  return `<linearGradient id="${id}" x2="0" y2="1">${markup.join("")}</linearGradient>`;
}

// Shared by every picture, so the ids never clash either.
const SHARED_DEFS =
  // Shape gradients run in the shape's own y-up space, so offset 0 is the bottom edge.
  gradient("dg", "#1e2933", "#6f879c") +
  `<radialGradient id="ds"><stop offset="0" stop-opacity=".45"/><stop offset="1" stop-opacity="0"/></radialGradient>`;

const TYRE = "#1b1c1e";
const TRIM = "#26282b";
const MUDGUARD = "#4a4e54";
const HUB = "#a7adb4";
const HUB_DARK = "#5d636a";

/** Mixes a #rrggbb colour towards another; t=0 keeps it, t=1 gives the other. */
function mix(hex: string, towards: string, t: number): string {
  const channel = (colour: string, i: number) => parseInt(colour.slice(1 + 2 * i, 3 + 2 * i), 16);
  const rgb = [0, 1, 2].map((i) => Math.round(channel(hex, i) + (channel(towards, i) - channel(hex, i)) * t));
  return `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

const num = (n: number) => String(Math.round(n * 100) / 100);

/** Where a body outline starts and ends; its sill is the height it starts at. */
function bodySpan(d: string): { from: number; to: number; sill: number } {
  const numbers = (d.match(/-?[\d.]+/g) ?? []).map(Number);
  return { from: numbers[0] ?? 0, sill: numbers[1] ?? 0, to: numbers[numbers.length - 2] ?? 0 };
}

/**
 * The arch over a wheel, from where it leaves the sill in front of the wheel to where it meets it
 * behind; a sill below the axle needs more than half a circle. Undefined when the sill clears it.
 */
function arch(axle: number, tyre: number, sill: number): { start: string; arc: string } | undefined {
  const radius = tyre * 1.17;
  const rise = sill - tyre;
  if (Math.abs(rise) >= radius) return undefined;
  const half = Math.sqrt(radius * radius - rise * rise);
  const r = num(radius);
  return {
    start: `${num(axle + half)} ${sill}`,
    arc: `A${r} ${r} 0 ${rise < 0 ? 1 : 0} 1 ${num(axle - half)} ${sill}`,
  };
}

function renderShape(shape: Shape, paintId: string, dark: string): string {
  const bodies = shape.parts.filter(([material]) => material === "body").map(([, d]) => bodySpan(d));
  const archOver = (axle: number) => {
    const body = bodies.find(({ from, to }) => from < axle && axle < to);
    return body && arch(axle, shape.tyre, body.sill);
  };
  const closed = (d: string) => {
    const { from, to, sill } = bodySpan(d);
    const arches = shape.axles
      .filter((axle) => from < axle && axle < to)
      .sort((a, b) => b - a)
      .map((axle) => arch(axle, shape.tyre, sill))
      .map((a) => (a ? `L${a.start}${a.arc}` : ""));
    return `${d}${arches.join("")}L${from} ${sill}Z`;
  };
  const style: Record<Material, string> = {
    body: `fill="url(#${paintId})" stroke="${dark}"`,
    paint: `fill="url(#${paintId})" stroke="${dark}"`,
    shade: `fill="${dark}" fill-opacity=".45"`,
    glass: `fill="url(#dg)" stroke="${dark}"`,
    line: `fill="none" stroke="${dark}"`,
    trim: `fill="${TRIM}"`,
    metal: `fill="${HUB}" stroke="${HUB_DARK}"`,
    head: `fill="#fdf6dc" stroke="${dark}"`,
    tail: `fill="#d0202a" stroke="#6e1015"`,
  };

  let svg = `<ellipse cx="${num(shape.length / 2)}" cy="0" rx="${num(shape.length * 0.6)}" ry="${num(14 + shape.length * 0.03)}" fill="url(#ds)"/>`;
  for (const axle of shape.axles) {
    const a = archOver(axle);
    // A dark well, so the arch reads as an opening rather than a hole onto the backdrop.
    if (a) svg += `<path d="M${a.start}${a.arc}Z" fill="${TYRE}"/>`;
  }
  for (const [material, d] of shape.parts) svg += `<path d="${material === "body" ? closed(d) : d}" ${style[material]}/>`;
  for (const axle of shape.axles) {
    svg += wheel(axle, shape.tyre);
    // A wheel clear of any body, as on a truck, gets a mudguard instead of an arch.
    if (!archOver(axle)) svg += mudguard(axle, shape.tyre);
  }
  return svg;
}

/** A wheel standing on the ground at x. */
function wheel(x: number, tyre: number): string {
  const at = `cx="${num(x)}" cy="${num(tyre)}"`;
  return `<circle ${at} r="${num(tyre)}" fill="${TYRE}"/><circle ${at} r="${num(tyre * 0.6)}" fill="${HUB}" stroke="${HUB_DARK}"/><circle ${at} r="${num(tyre * 0.18)}" fill="${HUB_DARK}"/>`;
}

function mudguard(x: number, tyre: number): string {
  const r = tyre * 1.12;
  return `<path d="M${num(x - r)} ${tyre}A${num(r)} ${num(r)} 0 0 0 ${num(x + r)} ${tyre}" fill="none" stroke="${MUDGUARD}" stroke-width="${num(tyre * 0.14)}"/>`;
}

/** Frame transform for a shape: flips y up, scales, and for view 2 mirrors it to face left. */
function placement(shape: Shape, view: DemoView): { transform: string; scale: number } {
  const { ground } = BACKDROPS[view];
  if (view === 3) {
    // The front two thirds fill the frame, as a photographer stepping in would crop it; a tall
    // body may lose its roof, which reads as a close-up rather than a mistake.
    const scale = Math.min(760 / (shape.length * 0.66), 560 / shape.height);
    return {
      scale,
      transform: `translate(${num(770 - scale * shape.length)} ${ground}) scale(${num(scale)} ${num(-scale)})`,
    };
  }
  const scale = GROUP_SCALE[shape.group];
  const width = scale * shape.length;
  return view === 2
    ? { scale, transform: `translate(${num(400 + width / 2)} ${ground}) scale(${num(-scale)} ${num(-scale)})` }
    : { scale, transform: `translate(${num(400 - width / 2)} ${ground}) scale(${num(scale)} ${num(-scale)})` };
}

/** The picture of one demo vehicle as a standalone SVG document, the same every time. */
export function renderDemoImage({ shape: shapeName, colour, view }: DemoImage): string {
  const shape = SHAPES[shapeName];
  const paint = DEMO_COLOURS[colour];
  const dark = mix(paint, "#000000", 0.5);
  // Named after the colour, so pictures inlined together share only identical definitions.
  const paintId = `p${paint.slice(1)}`;
  // Lit from above: the shape's y runs up, so the first stop is the bottom.
  const paintGradient = gradient(paintId, mix(paint, "#000000", 0.22), `${paint} .55`, mix(paint, "#ffffff", 0.28));
  const backdrop = BACKDROPS[view];
  const { transform, scale } = placement(shape, view);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" role="img">` +
    `<title>${colour} ${shape.label}</title>` +
    `<defs>${SHARED_DEFS}${paintGradient}${backdrop.defs}</defs>` +
    backdrop.scene +
    `<g transform="${transform}" stroke-width="${num(1.8 / scale)}" stroke-linejoin="round">` +
    renderShape(shape, paintId, dark) +
    `</g></svg>`
  );
}
