import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { createRandom, type Random } from './prng';
import type { PicturePlan, Rgb } from './plan';

/**
 * Draws a demo picture from raw pixels. The drawing is made at a small size (long side
 * SKETCH_LONG_SIDE) in plain JavaScript and scaled up by sharp to the master size, which
 * keeps it cheap: a picture costs a few tens of milliseconds (a 16 MP one about 200 ms),
 * mostly scaling and JPEG encoding. Thumbnails and colours come from the catalogue import.
 */
// Local aliases: these loops run per pixel, and a global lookup of `Math` is slow inside
// a vm context (Jest), which made drawing 20x slower there.
const { PI, abs, ceil, cos, floor, hypot, max, min, round, sin } = Math;

const SKETCH_LONG_SIDE = 256;
/** Above this many pixels a master is scaled up in two steps (see renderMaster). */
const DIRECT_SCALE_MAX_PIXELS = 2_500_000;
/** The smooth first step of a two-step scale: a quarter of the master's sides. */
const TWO_STEP_FACTOR = 4;
const MASTER_QUALITY = 80;

type Sketch = { width: number; height: number; data: Buffer };

const clamp = (value: number): number => (value < 0 ? 0 : value > 255 ? 255 : value);
const smoothstep = (t: number): number => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** A colour along a ramp through `stops`, t in [0, 1]. */
function ramp(stops: readonly Rgb[], t: number): Rgb {
  const first = stops[0] ?? [0, 0, 0];
  if (stops.length < 2) return first;
  const scaled = min(0.999999, max(0, t)) * (stops.length - 1);
  const i = floor(scaled);
  return mix(stops[i] ?? first, stops[i + 1] ?? first, scaled - i);
}

function put(sketch: Sketch, x: number, y: number, colour: Rgb, grain: number): void {
  const o = (y * sketch.width + x) * 3;
  sketch.data[o] = clamp(colour[0] + grain);
  sketch.data[o + 1] = clamp(colour[1] + grain);
  sketch.data[o + 2] = clamp(colour[2] + grain);
}

function blend(sketch: Sketch, x: number, y: number, colour: Rgb, alpha: number): void {
  const o = (y * sketch.width + x) * 3;
  const d = sketch.data;
  d[o] = clamp((d[o] ?? 0) + (colour[0] - (d[o] ?? 0)) * alpha);
  d[o + 1] = clamp((d[o + 1] ?? 0) + (colour[1] - (d[o + 1] ?? 0)) * alpha);
  d[o + 2] = clamp((d[o + 2] ?? 0) + (colour[2] - (d[o + 2] ?? 0)) * alpha);
}

/** Smooth value noise on a (cells x cells) lattice, in [0, 1]. */
function valueNoise(rng: Random, cells: number): (u: number, v: number) => number {
  const n = cells + 1;
  const lattice = Array.from({ length: n * n }, () => rng.next());
  const at = (i: number, j: number): number => lattice[j * n + i] ?? 0;
  return (u, v) => {
    const x = u * cells;
    const y = v * cells;
    const i = min(cells - 1, floor(x));
    const j = min(cells - 1, floor(y));
    const fx = smoothstep(x - i);
    const fy = smoothstep(y - j);
    const top = at(i, j) + (at(i + 1, j) - at(i, j)) * fx;
    const bottom = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * fx;
    return top + (bottom - top) * fy;
  };
}

function gradientBackground(
  sketch: Sketch,
  rng: Random,
  stops: readonly Rgb[],
  grain: number,
): void {
  const angle = rng.next() * PI * 2;
  const dx = cos(angle);
  const dy = sin(angle);
  const { width, height } = sketch;
  const span = abs(dx) * width + abs(dy) * height;
  const offset = min(0, dx * width) + min(0, dy * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x * dx + y * dy - offset) / span;
      put(sketch, x, y, ramp(stops, t), grain ? (rng.next() - 0.5) * grain : 0);
    }
  }
}

function drawBands(sketch: Sketch, rng: Random, colours: readonly Rgb[]): void {
  const vertical = rng.chance(0.4);
  const count = rng.int(3, 12);
  const bands = Array.from({ length: count }, () => rng.pick(colours));
  const { width, height } = sketch;
  const along = vertical ? width : height;
  const wobble = rng.next() * 0.08;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const primary = vertical ? x : y;
      const secondary = vertical ? y / height : x / width;
      const pos = (primary / along + wobble * sin(secondary * PI * 2)) * count;
      const i = max(0, min(count - 1, floor(pos)));
      const edge = smoothstep((pos - i) * 6 - 5);
      const colour = mix(bands[i] as Rgb, bands[min(count - 1, i + 1)] as Rgb, edge);
      put(sketch, x, y, colour, (rng.next() - 0.5) * 6);
    }
  }
}

function drawCircles(sketch: Sketch, rng: Random, colours: readonly Rgb[]): void {
  gradientBackground(sketch, rng, rng.sample(colours, 2), 4);
  const { width, height } = sketch;
  const short = min(width, height);
  const count = rng.int(3, 12);
  for (let c = 0; c < count; c++) {
    const cx = rng.next() * width;
    const cy = rng.next() * height;
    const r = short * (0.05 + rng.next() * 0.35);
    const colour = rng.pick(colours);
    const alpha = 0.55 + rng.next() * 0.45;
    const x0 = max(0, floor(cx - r - 1));
    const x1 = min(width - 1, ceil(cx + r + 1));
    const y0 = max(0, floor(cy - r - 1));
    const y1 = min(height - 1, ceil(cy + r + 1));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const coverage = min(1, max(0, r - hypot(x - cx, y - cy) + 0.5));
        if (coverage > 0) blend(sketch, x, y, colour, alpha * coverage);
      }
    }
  }
}

function drawNoise(sketch: Sketch, rng: Random, colours: readonly Rgb[]): void {
  const coarse = valueNoise(rng, rng.int(3, 7));
  const fine = valueNoise(rng, rng.int(10, 18));
  const stops = rng.sample(colours, min(colours.length, rng.int(2, 4)));
  const { width, height } = sketch;
  const long = max(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / long;
      const v = y / long;
      const t = coarse(u, v) * 0.7 + fine(u, v) * 0.3;
      put(sketch, x, y, ramp(stops, t), (rng.next() - 0.5) * 8);
    }
  }
}

function drawHorizon(sketch: Sketch, rng: Random, colours: readonly Rgb[]): void {
  const [skyTop, skyLow, land, shade] = rng.sample(colours, 4);
  const sky: Rgb[] = [skyTop ?? [20, 20, 60], skyLow ?? [240, 200, 150]];
  const ground: Rgb[] = [land ?? [40, 60, 30], shade ?? land ?? [20, 30, 20]];
  const { width, height } = sketch;
  const base = height * (0.5 + rng.next() * 0.25);
  const hills = [0, 1].map(() => ({
    amplitude: height * (0.02 + rng.next() * 0.08),
    frequency: 1 + rng.next() * 4,
    phase: rng.next() * PI * 2,
  }));
  const sun = {
    x: rng.next() * width,
    y: base * (0.3 + rng.next() * 0.5),
    r: min(width, height) * (0.05 + rng.next() * 0.08),
  };
  const sunColour = mix(sky[1] as Rgb, [255, 255, 240], 0.6);
  for (let x = 0; x < width; x++) {
    const u = x / width;
    const line = hills.reduce(
      (h, hill) => h + hill.amplitude * sin(u * PI * 2 * hill.frequency + hill.phase),
      base,
    );
    for (let y = 0; y < height; y++) {
      const grain = (rng.next() - 0.5) * 6;
      if (y < line) {
        const glow = min(1, max(0, sun.r - hypot(x - sun.x, y - sun.y) + 0.5));
        put(sketch, x, y, mix(ramp(sky, y / line), sunColour, glow), grain);
      } else {
        put(sketch, x, y, ramp(ground, (y - line) / max(1, height - line)), grain);
      }
    }
  }
}

/** Draws the small sketch of a picture. Exported for tests. */
export function sketchPicture(picture: PicturePlan): Sketch {
  const scale = SKETCH_LONG_SIDE / max(picture.width, picture.height);
  const width = max(8, round(picture.width * scale));
  const height = max(8, round(picture.height * scale));
  const sketch: Sketch = { width, height, data: Buffer.alloc(width * height * 3) };
  const rng = createRandom(picture.seed);
  const colours = picture.palette.colours;
  switch (picture.kind) {
    case 'gradient':
      gradientBackground(sketch, rng, rng.sample(colours, rng.int(2, 3)), 5);
      break;
    case 'bands':
      drawBands(sketch, rng, colours);
      break;
    case 'circles':
      drawCircles(sketch, rng, colours);
      break;
    case 'noise':
      drawNoise(sketch, rng, colours);
      break;
    case 'horizon':
      drawHorizon(sketch, rng, colours);
      break;
  }
  return sketch;
}

/**
 * Writes the master: a JPEG of exactly the planned pixels, scaled up by sharp from the
 * sketch (greyscale for monochrome palettes). Returns its size in bytes. Masters over
 * 2.5 MP are scaled in two steps, smoothly (linear) to a quarter of their sides, then by
 * pixel repetition (nearest) to full size: half the cost of one linear step, and the
 * 4-pixel steps cannot be seen once the picture is shown smaller than its master.
 */
export async function renderMaster(picture: PicturePlan, file: string): Promise<number> {
  const sketch = sketchPicture(picture);
  await mkdir(path.dirname(file), { recursive: true });
  const { width, height } = picture;
  const raw = { width: sketch.width, height: sketch.height, channels: 3 as const };
  let image;
  if (width * height <= DIRECT_SCALE_MAX_PIXELS) {
    image = sharp(sketch.data, { raw }).resize(width, height, { fit: 'fill', kernel: 'linear' });
  } else {
    const mid = await sharp(sketch.data, { raw })
      .resize(Math.ceil(width / TWO_STEP_FACTOR), Math.ceil(height / TWO_STEP_FACTOR), {
        fit: 'fill',
        kernel: 'linear',
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    image = sharp(mid.data, {
      raw: { width: mid.info.width, height: mid.info.height, channels: 3 },
    }).resize(width, height, { fit: 'fill', kernel: 'nearest' });
  }
  if (picture.palette.monochrome) image = image.greyscale().toColourspace('b-w');
  const info = await image.jpeg({ quality: MASTER_QUALITY, optimiseCoding: false }).toFile(file);
  return info.size;
}
