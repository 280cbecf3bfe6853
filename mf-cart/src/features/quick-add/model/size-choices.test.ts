import { availableSizes } from '@atelier/contracts';
import { aspectRatioKey } from '../api/get-available-sizes';
import { effectiveSize, effectiveSubstrate, sizeChoices, substrateChoices } from './size-choices';

describe('size choices', () => {
  const answer = availableSizes(1600, 1200, 2);

  it('keys the sizes query by the reduced aspect ratio', () => {
    expect(aspectRatioKey(1600, 1200)).toBe('4:3');
    expect(aspectRatioKey(4000, 3000)).toBe('4:3');
    expect(aspectRatioKey(1200, 1600)).toBe('3:4');
  });

  it('prices the sizes made on the substrate; the default is the third, then the first', () => {
    const print = sizeChoices({
      sizes: answer.sizes,
      substrate: 'print',
      tier: 2,
      savedCustom: [],
      customAllowed: false,
    });
    expect(effectiveSize(print, undefined)).toMatchObject({ label: '12" x 9"', price: 2599 });
    const two = print.slice(0, 2);
    expect(effectiveSize(two, undefined)?.label).toBe('8" x 6"');
    expect(effectiveSize(print, print[0]?.key)?.label).toBe('8" x 6"');
  });

  it('adds the kept custom size, priced by the same model, only when allowed', () => {
    const saved = [{ label: '20" x 30" (Custom)', value: { w: 20, h: 30 } }];
    const base = { sizes: answer.sizes, substrate: 'print' as const, tier: 2 as const };
    expect(sizeChoices({ ...base, savedCustom: saved, customAllowed: false }).at(-1)?.custom).toBe(
      false,
    );
    expect(sizeChoices({ ...base, savedCustom: saved, customAllowed: true }).at(-1)).toMatchObject({
      custom: true,
      label: '20" x 30" (Custom)',
      price: 5699,
    });
  });

  it('offers the substrates the image takes; print by default, else the first', () => {
    expect(substrateChoices(answer.substrates, ['canvas', 'print'])).toEqual(['print', 'canvas']);
    expect(effectiveSubstrate(['print', 'canvas'], undefined)).toBe('print');
    expect(effectiveSubstrate(['canvas', 'mural'], undefined)).toBe('canvas');
    expect(effectiveSubstrate(['print', 'canvas'], 'canvas')).toBe('canvas');
  });
});
