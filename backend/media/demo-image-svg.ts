import { DEMO_COLOURS, type DemoImage, type DemoView } from "./demo-image-catalogue";
import { DEMO_VEHICLE_MODELS, unit, type Decal, type Material, type Point3, type Solid, type VehicleModel } from "./demo-vehicle-models";

/**
 * Photographs the demo vehicles (backend/media/demo-vehicle-models.ts) as small standalone SVG
 * documents: a camera at an angle round the vehicle and a little above it, in perspective, on
 * a plain studio backdrop with the vehicle's shadow under it. Faces turned away are left out
 * and the rest painted far to near, each shaded by how it faces the light.
 */

interface Camera {
  /** Degrees round from the near side: positive towards the front, negative towards the rear. */
  yaw: number;
  /** Degrees above the horizon. */
  pitch: number;
  /** The picture flipped, as if taken from the other side. */
  mirrored: boolean;
  wall: string;
  floor: string;
}

// The views a dealer photographs: front three-quarter (the main picture), side, rear three-quarter, and the front from the other side.
const CAMERAS: Record<DemoView, Camera> = {
  1: { yaw: 36, pitch: 9, mirrored: false, wall: "#f4f5f7", floor: "#d9dde2" },
  2: { yaw: 0, pitch: 3, mirrored: false, wall: "#f2f2f0", floor: "#d8d6d1" },
  3: { yaw: -38, pitch: 10, mirrored: false, wall: "#eef1f4", floor: "#d3d8de" },
  4: { yaw: 50, pitch: 12, mirrored: true, wall: "#e9eaec", floor: "#cfd2d6" },
};

const FRAME = { width: 800, height: 600, ground: 500, maxWidth: 680, maxHeight: 400 };
/** The light comes from above, a little in front and on the camera's side. */
const LIGHT = unit([0.25, 1, -0.55]);

const TYRE = "#1b1c1e";
const HUB = "#b4bac1";
const HUB_DARK = "#50565d";
const FILLS: Record<Exclude<Material, "line">, string> = {
  glass: "url(#gl)",
  dark: "#26282b",
  metal: HUB,
  head: "#eef2f5",
  tail: "#c21f2b",
  plate: "#f4f4ef",
  "rear-plate": "#f2c200",
  shade: "#3b3f44",
};

type Vector = Point3;
const dot = (a: Vector, b: Vector) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Mixes a #rrggbb colour towards another; t=0 keeps it, t=1 gives the other. */
function mix(hex: string, towards: string, t: number): string {
  const channel = (colour: string, i: number) => parseInt(colour.slice(1 + 2 * i, 3 + 2 * i), 16);
  const rgb = [0, 1, 2].map((i) => Math.round(channel(hex, i) + (channel(towards, i) - channel(hex, i)) * t));
  return `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/** A colour as a face turned `normal` catches the light: lighter facing up to it, darker facing away. */
function lit(colour: string, normal: Vector): string {
  const light = dot(normal, LIGHT);
  return light >= 0.5 ? mix(colour, "#ffffff", (light - 0.5) * 0.6) : mix(colour, "#000000", (0.5 - light) * 0.5);
}

const num = (n: number) => String(Math.round(n * 10) / 10);

/** Where the camera puts a point of the model, in the frame's pixels. */
interface Lens {
  /** The direction from the model towards the camera. */
  towards: Vector;
  at(point: Point3): readonly [number, number];
  depth(point: Point3): number;
}

function lens(model: VehicleModel, camera: Camera): Lens {
  const yaw = (camera.yaw * Math.PI) / 180;
  const pitch = (camera.pitch * Math.PI) / 180;
  const towards: Vector = [Math.sin(yaw) * Math.cos(pitch), Math.sin(pitch), -Math.cos(yaw) * Math.cos(pitch)];
  const right: Vector = [Math.cos(yaw), 0, Math.sin(yaw)];
  const up: Vector = [-Math.sin(yaw) * Math.sin(pitch), Math.cos(pitch), Math.cos(yaw) * Math.sin(pitch)];
  // Aimed at the middle of the vehicle's side, so `pitch` puts the camera at a standing person's eye or above it.
  const height = Math.max(...model.solids.flatMap((solid) => solid.profile.map(([, y]) => y)));
  const centre: Vector = [model.length / 2, height * 0.45, model.width / 2];
  // Far enough for a gentle perspective, as from a long lens across a yard.
  const distance = model.length * 3.2;
  const raw = (point: Point3) => {
    const relative: Vector = [point[0] - centre[0], point[1] - centre[1], point[2] - centre[2]];
    const scale = distance / (distance - dot(relative, towards));
    return [dot(relative, right) * scale, dot(relative, up) * scale] as const;
  };
  const corners = model.solids.flatMap((solid) => solid.profile.flatMap(([x, y]) => [raw([x, y, solid.z[0]]), raw([x, y, solid.z[1]])]));
  const wheels = model.axles.flatMap((x) => [raw([x - model.tyre, 0, 0]), raw([x + model.tyre, 0, model.width])]);
  const all = [...corners, ...wheels];
  const [left, rightmost] = [Math.min(...all.map(([x]) => x)), Math.max(...all.map(([x]) => x))];
  const [bottom, top] = [Math.min(...all.map(([, y]) => y)), Math.max(...all.map(([, y]) => y))];
  const scale = Math.min(FRAME.maxWidth / (rightmost - left), FRAME.maxHeight / (top - bottom));
  const offsetX = FRAME.width / 2 - ((left + rightmost) / 2) * scale;
  return {
    towards,
    at(point) {
      const [x, y] = raw(point);
      const frameX = offsetX + x * scale;
      return [camera.mirrored ? FRAME.width - frameX : frameX, FRAME.ground - (y - bottom) * scale];
    },
    depth: (point) => dot([point[0] - centre[0], point[1] - centre[1], point[2] - centre[2]], towards),
  };
}

const pathOf = (points: readonly (readonly [number, number])[], closed = true) =>
  points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${num(x)} ${num(y)}`).join("") + (closed ? "Z" : "");

interface Paint {
  colour: string;
  edge: string;
}

function drawSolid(solid: Solid, view: Lens, paint: Paint): string {
  const { profile, z } = solid;
  const base = solid.material === "paint" ? paint.colour : solid.material === "metal" ? HUB : FILLS.dark;
  const strips = profile
    .map((point, i) => {
      const next = profile[(i + 1) % profile.length]!;
      const normal = unit([next[1] - point[1], -(next[0] - point[0]), 0]);
      const corners: Point3[] = [
        [point[0], point[1], z[0]],
        [next[0], next[1], z[0]],
        [next[0], next[1], z[1]],
        [point[0], point[1], z[1]],
      ];
      const middle: Point3 = [(point[0] + next[0]) / 2, (point[1] + next[1]) / 2, (z[0] + z[1]) / 2];
      return { normal, corners, depth: view.depth(middle), glass: solid.glassEdges?.includes(i) ?? false };
    })
    .filter(({ normal }) => dot(normal, view.towards) > 0.01)
    .sort((a, b) => a.depth - b.depth);
  let svg = "";
  for (const strip of strips) {
    const fill = strip.glass ? FILLS.glass : lit(base, strip.normal);
    svg += `<path d="${pathOf(strip.corners.map(view.at))}" fill="${fill}" stroke="${strip.glass ? "#1d252c" : paint.edge}"/>`;
  }
  const nearFace = profile.map(([x, y]) => view.at([x, y, z[0]]));
  const nearFill = solid.material === "paint" ? "url(#pn)" : lit(base, [0, 0, -1]);
  svg += `<path d="${pathOf(nearFace)}" fill="${nearFill}" stroke="${solid.material === "paint" ? paint.edge : HUB_DARK}"/>`;
  for (const decal of solid.decals) svg += drawDecal(decal, view, paint);
  return svg;
}

function drawDecal(decal: Decal, view: Lens, paint: Paint): string {
  if (decal.points.length === 0 || dot(decal.normal, view.towards) <= 0.02) return "";
  const points = decal.points.map(view.at);
  if (decal.material === "line") return `<path d="${pathOf(points, false)}" fill="none" stroke="${paint.edge}"/>`;
  const fill = FILLS[decal.material];
  const stroke = decal.material === "head" || decal.material === "tail" ? ` stroke="${HUB_DARK}"` : "";
  return `<path d="${pathOf(points)}" fill="${fill}"${stroke}/>`;
}

/**
 * A wheel as the camera sees it: the tyre's tread as discs stacked across its width and, on a
 * near wheel, the rim's face with its spokes. A circle in the wheel's plane becomes an ellipse,
 * drawn as a unit of the wheel's own plane mapped onto the frame.
 */
function drawWheel(model: VehicleModel, view: Lens, axle: number, near: boolean): string {
  const { tyre, tyreWidth, width } = model;
  const outer = near ? 2 : width - 2;
  const inner = near ? outer + tyreWidth : outer - tyreWidth;
  const disc = (z: number) => {
    const centre = view.at([axle, tyre, z]);
    const across = view.at([axle + 1, tyre, z]);
    const up = view.at([axle, tyre + 1, z]);
    return `matrix(${[across[0] - centre[0], across[1] - centre[1], up[0] - centre[0], up[1] - centre[1], centre[0], centre[1]].map((n) => Math.round(n * 1000) / 1000).join(" ")})`;
  };
  let svg = "";
  for (let step = 0; step <= 3; step++) {
    svg += `<circle transform="${disc(inner + ((outer - inner) * step) / 3)}" r="${num(tyre)}" fill="${TYRE}"/>`;
  }
  if (!near || dot([0, 0, -1], view.towards) < 0.1) return svg;
  let spokes = "";
  for (let i = 0; i < 5; i++) {
    const angle = (i * 2 * Math.PI) / 5;
    const point = (radius: number, turn: number) => [radius * Math.cos(angle + turn), radius * Math.sin(angle + turn)] as const;
    spokes += pathOf([point(tyre * 0.14, -0.5), point(tyre * 0.62, -0.14), point(tyre * 0.62, 0.14), point(tyre * 0.14, 0.5)]);
  }
  return (
    svg +
    `<g transform="${disc(outer - 0.5)}">` +
    `<circle r="${num(tyre * 0.72)}" fill="${HUB}"/><circle r="${num(tyre * 0.62)}" fill="${HUB_DARK}"/>` +
    `<path d="${spokes}" fill="${HUB}"/><circle r="${num(tyre * 0.15)}" fill="${HUB}"/></g>`
  );
}

/** A soft shadow on the floor under the vehicle, darkest under the wheels. */
function drawShadow(model: VehicleModel, view: Lens): string {
  const corners: Point3[] = [
    [-10, 0, -6],
    [model.length + 10, 0, -6],
    [model.length + 10, 0, model.width + 6],
    [-10, 0, model.width + 6],
  ];
  const footprint = corners.map(view.at);
  const xs = footprint.map(([x]) => x);
  const ys = footprint.map(([, y]) => y);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const rx = ((Math.max(...xs) - Math.min(...xs)) / 2) * 1.08;
  const ry = Math.max(((Math.max(...ys) - Math.min(...ys)) / 2) * 1.3, 12);
  let svg = `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}" fill="url(#sh)"/>`;
  for (const axle of model.axles) {
    for (const z of [model.tyreWidth / 2, model.width - model.tyreWidth / 2]) {
      const [x, y] = view.at([axle, 0, z]);
      svg += `<ellipse cx="${num(x)}" cy="${num(y)}" rx="${num(model.tyre * 0.9 * (rx / model.length))}" ry="4" fill="#000" fill-opacity=".35"/>`;
    }
  }
  return svg;
}

/** The picture of one demo vehicle as a standalone SVG document, the same every time. */
export function renderDemoImage({ shape, colour, view }: DemoImage): string {
  const model = DEMO_VEHICLE_MODELS[shape];
  const camera = CAMERAS[view];
  const paint = DEMO_COLOURS[colour];
  const edge = mix(paint, "#000000", 0.45);
  const sight = lens(model, camera);
  const defs =
    `<linearGradient id="bg" x2="0" y2="1"><stop offset="0" stop-color="${camera.wall}"/><stop offset=".7" stop-color="${camera.wall}"/><stop offset=".8" stop-color="${camera.floor}"/><stop offset="1" stop-color="${mix(camera.floor, "#000000", 0.08)}"/></linearGradient>` +
    `<linearGradient id="pn" x2="0" y2="1"><stop offset="0" stop-color="${mix(paint, "#ffffff", 0.22)}"/><stop offset=".5" stop-color="${paint}"/><stop offset="1" stop-color="${mix(paint, "#000000", 0.3)}"/></linearGradient>` +
    `<linearGradient id="gl" x2="0" y2="1"><stop offset="0" stop-color="#6a7f91"/><stop offset=".45" stop-color="#34434f"/><stop offset="1" stop-color="#1c242b"/></linearGradient>` +
    `<radialGradient id="sh"><stop offset="0" stop-opacity=".4"/><stop offset=".7" stop-opacity=".18"/><stop offset="1" stop-opacity="0"/></radialGradient>`;
  let body = "";
  for (const axle of model.axles) body += drawWheel(model, sight, axle, false);
  for (const solid of model.solids) body += drawSolid(solid, sight, { colour: paint, edge });
  for (const axle of model.axles) body += drawWheel(model, sight, axle, true);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" role="img">` +
    `<title>${colour} ${model.label}</title>` +
    `<defs>${defs}</defs>` +
    `<rect width="800" height="600" fill="url(#bg)"/>` +
    drawShadow(model, sight) +
    `<g stroke-width=".8" stroke-linejoin="round">${body}</g></svg>`
  );
}
