import { availableSizes, type AvailableSizes, type PriceTier } from '@atelier/contracts';

export interface PricingService {
  availableSizes(width: number, height: number, tier: number): AvailableSizes;
}

const asTier = (tier: number): PriceTier =>
  tier === 1 || tier === 2 || tier === 3 || tier === 4 ? tier : 1;

export function createPricingService(): PricingService {
  return {
    availableSizes: (width, height, tier) => availableSizes(width, height, asTier(tier)),
  };
}
