import { COLOURS, type Colour } from '@atelier/contracts';
import sharp from 'sharp';
import { analysePixels, classifyPixel, measureColours, rgbToHsl } from './colours';

type Rgb = readonly [number, number, number];
const TONES: Colour[] = ['black and white', 'neutral', 'pastel', 'pale'];

/** A JPEG of one colour, as an imported file would be. */
const solid = (rgb: Rgb, width = 120, height = 80): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .jpeg({ quality: 90 })
    .toBuffer();

/** Vertical stripes of the given colours, with the given relative widths. */
function stripes(parts: readonly (readonly [Rgb, number])[], width = 200, height = 100): Buffer {
  const total = parts.reduce((sum, [, weight]) => sum + weight, 0);
  const data = Buffer.alloc(width * height * 3);
  for (let x = 0; x < width; x++) {
    let roll = ((x + 0.5) / width) * total;
    let colour = parts[0]?.[0] ?? [0, 0, 0];
    for (const [rgb, weight] of parts) {
      colour = rgb;
      roll -= weight;
      if (roll < 0) break;
    }
    for (let y = 0; y < height; y++) data.set(colour, (y * width + x) * 3);
  }
  return data;
}

/** A horizontal gradient from `a` to `b`. */
function gradient(a: Rgb, b: Rgb, width = 256, height = 32): Buffer {
  const data = Buffer.alloc(width * height * 3);
  for (let x = 0; x < width; x++) {
    const t = x / (width - 1);
    const rgb = [0, 1, 2].map((i) => Math.round((a[i] ?? 0) + ((b[i] ?? 0) - (a[i] ?? 0)) * t));
    for (let y = 0; y < height; y++) data.set(rgb, (y * width + x) * 3);
  }
  return data;
}

const png = (data: Buffer, width: number, height: number) =>
  sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();

const measure = async (file: Buffer) => (await measureColours(file)).colours;

describe('pixel classifier (HSL)', () => {
  it.each([
    [[0, 0, 0], 'black'],
    [[40, 30, 20], 'black'],
    [[255, 255, 255], 'white'],
    [[250, 246, 238], 'white'],
    [[128, 128, 128], 'grey'],
    [[130, 140, 150], 'grey'],
    [[220, 30, 30], 'red'],
    [[150, 20, 30], 'red'],
    [[250, 120, 40], 'orange'],
    [[250, 215, 30], 'yellow'],
    [[60, 160, 60], 'green'],
    [[30, 100, 200], 'blue'],
    [[120, 70, 180], 'purple'],
    [[120, 40, 90], 'purple'],
    [[230, 120, 170], 'pink'],
    [[255, 200, 210], 'pink'],
    [[110, 70, 30], 'brown'],
    [[200, 160, 60], 'gold'],
    [[255, 250, 205], 'cream'],
    [[228, 214, 192], 'beige'],
    [[205, 170, 125], 'tan'],
  ] as const)('rgb(%j) is %s', (rgb, name) => {
    expect(classifyPixel(rgbToHsl(rgb[0], rgb[1], rgb[2]))).toBe(name);
  });

  it('computes HSL like the textbook', () => {
    expect(rgbToHsl(255, 0, 0)).toEqual({ h: 0, s: 1, l: 0.5, c: 1 });
    const teal = rgbToHsl(0, 128, 128);
    expect(teal.h).toBeCloseTo(180);
    expect(teal.s).toBeCloseTo(1);
    expect(teal.l).toBeCloseTo(0.251, 3);
  });
});

describe('measured colours of generated pictures', () => {
  it.each([
    [[220, 30, 30], ['red']],
    [[250, 120, 40], ['orange']],
    [[250, 215, 30], ['yellow']],
    [[60, 160, 60], ['green']],
    [[30, 100, 200], ['blue']],
    [[120, 70, 180], ['purple']],
    [[230, 120, 170], ['pink']],
    [[110, 70, 30], ['brown']],
    [[200, 160, 60], ['gold']],
    [[205, 170, 125], ['tan']],
  ] as const)('a solid rgb(%j) picture is %j', async (rgb, expected) => {
    expect(await measure(await solid(rgb))).toEqual(expected);
  });

  it('calls a picture without saturation black and white, whatever its greys', async () => {
    expect(await measure(await solid([255, 255, 255]))).toEqual(['black and white', 'white']);
    expect(await measure(await solid([10, 10, 10]))).toEqual(['black and white', 'black']);
    const greys = await png(gradient([0, 0, 0], [255, 255, 255]), 256, 32);
    expect(await measure(greys)).toEqual(['black and white', 'white', 'grey', 'black']);
    // A greyscale (1-channel) file too.
    const mono = await sharp(greys).greyscale().toColourspace('b-w').jpeg().toBuffer();
    expect((await sharp(mono).metadata()).channels).toBe(1);
    expect(await measure(mono)).toEqual(['black and white', 'white', 'grey', 'black']);
  });

  it('calls a light, softly coloured picture pastel', async () => {
    const data = stripes([
      [[248, 200, 220], 1],
      [[200, 220, 245], 1],
      [[230, 215, 250], 1],
    ]);
    expect(await measure(await png(data, 200, 100))).toEqual(['pastel', 'blue', 'purple', 'pink']);
  });

  it('calls a very light, barely tinted picture pale', async () => {
    const data = stripes([
      [[250, 246, 238], 1],
      [[236, 230, 218], 1],
      [[255, 250, 205], 1],
    ]);
    expect(await measure(await png(data, 200, 100))).toEqual(['pale', 'white', 'cream', 'beige']);
  });

  it('calls a muted picture neutral', async () => {
    const data = stripes([
      [[196, 182, 160], 1],
      [[228, 214, 192], 1],
      [[150, 140, 130], 1],
    ]);
    expect(await measure(await png(data, 200, 100))).toEqual(['neutral', 'grey', 'beige', 'tan']);
  });

  it('gives no tonal group to a vivid picture, and at most one to any picture', async () => {
    const vivid = await png(gradient([220, 30, 30], [30, 100, 200]), 256, 32);
    const colours = await measure(vivid);
    expect(colours.filter((c) => TONES.includes(c))).toEqual([]);
    expect(colours).toEqual(expect.arrayContaining(['red', 'blue', 'purple']));
    for (const [a, b] of [
      [
        [0, 0, 0],
        [255, 250, 205],
      ],
      [
        [200, 220, 245],
        [250, 246, 238],
      ],
      [
        [150, 140, 130],
        [255, 255, 255],
      ],
    ] as const) {
      const found = await measure(await png(gradient(a, b), 256, 32));
      expect(found.filter((c) => TONES.includes(c)).length).toBeLessThanOrEqual(1);
      for (const c of found) expect(COLOURS).toContain(c);
    }
  });

  it('names only colours covering a meaningful share of the picture', async () => {
    const mostlyBlue = stripes([
      [[30, 100, 200], 97],
      [[220, 30, 30], 3],
    ]);
    expect(await measure(await png(mostlyBlue, 200, 100))).toEqual(['blue']);
    const someRed = stripes([
      [[30, 100, 200], 85],
      [[220, 30, 30], 15],
    ]);
    expect(await measure(await png(someRed, 200, 100))).toEqual(['red', 'blue']);
  });

  it('measures transparent pictures flattened on white', async () => {
    const data = Buffer.alloc(100 * 100 * 4); // fully transparent
    const file = await sharp(data, { raw: { width: 100, height: 100, channels: 4 } })
      .png()
      .toBuffer();
    expect(await measure(file)).toEqual(['black and white', 'white']);
  });

  it('analyses raw pixels directly', () => {
    const red = Uint8Array.from([220, 30, 30, 220, 30, 30]);
    expect(analysePixels(red, 3)).toMatchObject({
      colours: ['red'],
      tone: null,
      shares: { red: 1 },
    });
    expect(analysePixels(new Uint8Array(0), 3).colours).toEqual([]);
  });
});
