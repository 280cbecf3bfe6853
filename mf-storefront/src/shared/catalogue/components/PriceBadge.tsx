import { priceLabel } from './price';

const MAX_TIER = 4;

const badgeStyle = {
  position: 'absolute',
  right: 4,
  bottom: 4,
  padding: '0 6px',
  borderRadius: 4,
  fontSize: 12,
  lineHeight: '20px',
  background: 'rgba(255, 253, 249, 0.92)',
  color: '#1f1a17',
} as const;

/**
 * SPEC §9 price badge: the tier's dollar signs, then the remaining 4 − tier faded. The
 * remainder's meaning is not spelled out on the tile; a screen reader hears the tier.
 */
export function PriceBadge({ tier }: { tier: number }) {
  const shown = priceLabel(tier);
  return (
    <span style={badgeStyle} role="img" aria-label={`Price tier ${shown.length} of ${MAX_TIER}`}>
      <span aria-hidden>{shown}</span>
      <span aria-hidden style={{ color: '#8a8077' }}>
        {'$'.repeat(MAX_TIER - shown.length)}
      </span>
    </span>
  );
}
