import { COLOURS, TONAL_COLOURS, type Colour } from '@atelier/contracts';
import sharp from 'sharp';

/**
 * Colours of a picture, measured from its pixels (never typed by hand): the picture is
 * reduced to at most MEASURE_SIDE × MEASURE_SIDE pixels, each pixel is classified in HSL
 * into one named colour of SPEC §9, and the picture gets
 *   - every named colour covering at least NAMED_MIN_SHARE of its pixels, and
 *   - at most one tonal group (SPEC §5 makes them exclusive), tried in this order:
 *       'black and white'  no saturation: almost every pixel has no chroma;
 *       'pale'             very light and barely tinted;
 *       'pastel'           light and softly coloured;
 *       'neutral'          low saturation throughout (greys, stone, beige, muted tones).
 */

const MEASURE_SIDE = 64;
const NAMED_MIN_SHARE = 0.06;

/** Thresholds of the tonal groups, on chroma (max − min of r, g, b, 0–1) and lightness. */
const TONE_RULES = {
  /** Black and white: this share of pixels has chroma below `chroma`. */
  blackAndWhite: { chroma: 0.05, share: 0.97 },
  /** Pale: mean lightness ≥ meanLightness, `lightShare` of pixels ≥ lightness, mean chroma < maxChroma. */
  pale: { meanLightness: 0.8, lightness: 0.7, lightShare: 0.9, maxChroma: 0.12 },
  /** Pastel: light like pale, and tinted: mean chroma in [minChroma, maxChroma), half the pixels tinted. */
  pastel: {
    meanLightness: 0.72,
    lightness: 0.65,
    lightShare: 0.85,
    minChroma: 0.08,
    maxChroma: 0.35,
    tinted: 0.08,
    tintedShare: 0.5,
  },
  /** Neutral: mean chroma below maxChroma and `mutedShare` of pixels below `muted`. */
  neutral: { maxChroma: 0.16, muted: 0.22, mutedShare: 0.88 },
} as const;

export type NamedColour = Exclude<Colour, 'black and white' | 'neutral' | 'pastel' | 'pale'>;
type Tone = Extract<Colour, 'black and white' | 'neutral' | 'pastel' | 'pale'>;

const NAMED_COLOURS: readonly NamedColour[] = COLOURS.filter(
  (colour): colour is NamedColour => !(TONAL_COLOURS as readonly string[]).includes(colour),
);

export interface Hsl {
  /** Hue in degrees, [0, 360). */
  h: number;
  /** HSL saturation, [0, 1]. */
  s: number;
  /** Lightness, [0, 1]. */
  l: number;
  /** Chroma: max − min of r, g, b, [0, 1]. */
  c: number;
}

export function rgbToHsl(r: number, g: number, b: number): Hsl {
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const c = max - min;
  const l = (max + min) / 2;
  const s = c === 0 ? 0 : c / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (c > 0) {
    if (max === rn) h = 60 * (((gn - bn) / c + 6) % 6);
    else if (max === gn) h = 60 * ((bn - rn) / c + 2);
    else h = 60 * ((rn - gn) / c + 4);
  }
  return { h: h >= 360 ? h - 360 : h, s: Math.min(1, s), l, c };
}

/**
 * The one named colour of a pixel. Order matters: black, white and grey first (lightness
 * and chroma), then the warm earth zone between red and yellow (browns, golds, creams,
 * beiges, tans, oranges, yellows), then the hue wheel.
 */
export function classifyPixel({ h, s, l, c }: Hsl): NamedColour {
  if (l < 0.14) return 'black';
  if (l > 0.92 && c < 0.1) return 'white';
  if (c < 0.06 || s < 0.15) return 'grey';
  if (h >= 15 && h < 70) {
    if (l >= 0.85) return s >= 0.5 && h >= 35 ? 'cream' : 'beige';
    if (h < 55) {
      if (l < 0.4) return 'brown';
      if (h >= 38 && s >= 0.45 && s < 0.85 && l < 0.65) return 'gold';
      if (l >= 0.72 && s < 0.75) return 'beige';
      if (l < 0.72 && s < 0.6) return 'tan';
    }
    return h < 42 ? 'orange' : 'yellow';
  }
  if (h < 15 || h >= 345) return l >= 0.72 ? 'pink' : 'red';
  if (h < 170) return 'green';
  if (h < 255) return 'blue';
  if (h < 290) return 'purple';
  return l < 0.35 ? 'purple' : 'pink';
}

export interface ColourAnalysis {
  colours: Colour[];
  tone: Tone | null;
  /** Share of the pixels of each named colour (the ones present). */
  shares: Partial<Record<NamedColour, number>>;
}

/** Classifies interleaved 8-bit pixels (1 channel: grey, 3 or 4: r, g, b[, a]). */
export function analysePixels(data: Uint8Array, channels: number): ColourAnalysis {
  if (channels < 1 || data.length < channels) return { colours: [], tone: null, shares: {} };
  const counts = new Map<NamedColour, number>();
  let pixels = 0;
  let sumL = 0;
  let sumC = 0;
  let achromatic = 0;
  let light = 0;
  let paleLight = 0;
  let tinted = 0;
  let muted = 0;
  for (let o = 0; o + channels <= data.length; o += channels) {
    const r = data[o] ?? 0;
    const g = channels >= 3 ? (data[o + 1] ?? 0) : r;
    const b = channels >= 3 ? (data[o + 2] ?? 0) : r;
    const hsl = rgbToHsl(r, g, b);
    const name = classifyPixel(hsl);
    counts.set(name, (counts.get(name) ?? 0) + 1);
    pixels += 1;
    sumL += hsl.l;
    sumC += hsl.c;
    if (hsl.c < TONE_RULES.blackAndWhite.chroma) achromatic += 1;
    if (hsl.l >= TONE_RULES.pastel.lightness) light += 1;
    if (hsl.l >= TONE_RULES.pale.lightness) paleLight += 1;
    if (hsl.c >= TONE_RULES.pastel.tinted) tinted += 1;
    if (hsl.c < TONE_RULES.neutral.muted) muted += 1;
  }
  const meanL = sumL / pixels;
  const meanC = sumC / pixels;
  const share = (n: number): number => n / pixels;

  let tone: Tone | null = null;
  const { blackAndWhite, pale, pastel, neutral } = TONE_RULES;
  if (share(achromatic) >= blackAndWhite.share) tone = 'black and white';
  else if (
    meanL >= pale.meanLightness &&
    share(paleLight) >= pale.lightShare &&
    meanC < pale.maxChroma
  )
    tone = 'pale';
  else if (
    meanL >= pastel.meanLightness &&
    share(light) >= pastel.lightShare &&
    meanC >= pastel.minChroma &&
    meanC < pastel.maxChroma &&
    share(tinted) >= pastel.tintedShare
  )
    tone = 'pastel';
  else if (meanC < neutral.maxChroma && share(muted) >= neutral.mutedShare) tone = 'neutral';

  const shares: Partial<Record<NamedColour, number>> = {};
  for (const [name, count] of counts) shares[name] = share(count);
  const named = NAMED_COLOURS.filter((name) => (shares[name] ?? 0) >= NAMED_MIN_SHARE);
  return { colours: tone ? [tone, ...named] : named, tone, shares };
}

/**
 * Measures the colours of an image (a file path, a buffer, or raw pixels with their
 * layout): flattened on white, in sRGB, reduced to at most 64 × 64 pixels.
 */
export async function measureColours(
  input: string | Buffer,
  raw?: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
): Promise<ColourAnalysis> {
  const { data, info } = await sharp(input, raw ? { raw } : {})
    .flatten({ background: '#ffffff' })
    .resize(MEASURE_SIDE, MEASURE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return analysePixels(data, info.channels);
}
