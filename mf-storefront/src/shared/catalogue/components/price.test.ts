import { physicalSizeLabel, priceLabel, resolutionLabel } from './price';

it.each([
  [1, '$'],
  [2, '$$'],
  [3, '$$$'],
  [4, '$$$$'],
])('price tier %i is shown as %s', (tier, label) => expect(priceLabel(tier)).toBe(label));

it('shows resolution only from 1 million pixels (SPEC §5)', () => {
  expect(resolutionLabel(1000, 999)).toBeNull();
  expect(resolutionLabel(1000, 1000)).toBe('1000 × 1000 px (1.0 MP)');
});

it('gives the physical size at 300 dpi', () => {
  expect(physicalSizeLabel(3000, 1500)).toBe('10.0 × 5.0 in at 300 dpi');
});
