import { FACET_EXACT_UP_TO, FACET_SAMPLE, SampleMasks, sampleOf } from './sample-masks';

describe('sampleOf', () => {
  it('asks a set for the share of its slots that keeps every estimate as close', () => {
    // size·S/(size + S): a count's variance N²·q·(1 − q)·(1 − n/N)/n is then N²·q·(1 − q)/S.
    for (const size of [FACET_EXACT_UP_TO + 1, 20_000, 32_767, 100_000, 1_000_000]) {
      const n = sampleOf(size, FACET_SAMPLE);
      const varianceShare = (1 - n / size) / n; // of N²·q·(1 − q)
      expect(varianceShare).toBeLessThanOrEqual(1 / FACET_SAMPLE + 1e-12);
      expect(n).toBeLessThan(size);
      expect(n).toBeLessThan(FACET_SAMPLE);
    }
    // A third of a set of 32,767; nearly all of the sample from a million.
    expect(sampleOf(32_767, FACET_SAMPLE)).toBe(10_923);
    expect(sampleOf(1_000_000, FACET_SAMPLE)).toBe(16_120);
    expect(sampleOf(0, FACET_SAMPLE)).toBe(0);
    expect(sampleOf(500, 0)).toBe(0);
  });

  it('leaves out at least a quarter of any set past the exact limit', () => {
    const masks = new SampleMasks(64);
    const first = masks.forSample(
      FACET_EXACT_UP_TO + 1,
      sampleOf(FACET_EXACT_UP_TO + 1, FACET_SAMPLE),
    );
    expect(first.rate).toBeLessThanOrEqual(0.75);
    // The rate drawn is never below the share asked for (the estimate is no less close).
    for (const size of [FACET_EXACT_UP_TO + 1, 20_000, 200_000]) {
      const { rate } = masks.forSample(size, sampleOf(size, FACET_SAMPLE));
      expect(rate * size).toBeGreaterThanOrEqual(sampleOf(size, FACET_SAMPLE) - 1e-9);
    }
  });
});
