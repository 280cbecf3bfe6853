import {
  defaultSize,
  defaultSubstrate,
  formatUsd,
  priceCents,
  type PriceTier,
  type SizeValue,
  type Substrate,
  type SubstrateSize,
} from '@atelier/contracts';
import type { SavedCustomSize } from '@atelier/session';

/** A size as the size list offers it: priced on the chosen substrate. */
export interface SizeChoice {
  key: string;
  label: string;
  value: SizeValue;
  userInput?: SizeValue;
  custom: boolean;
  /** Cents on the chosen substrate. */
  price: number;
}

export const sizeKey = (custom: boolean, value: SizeValue): string =>
  `${custom ? 'custom' : 'standard'}:${value.w}x${value.h}`;

/** 'Print', 'Acoustic panel'. */
export const substrateLabel = (substrate: Substrate): string =>
  substrate.charAt(0).toUpperCase() + substrate.slice(1);

/** '12" x 8" · $24.99'. */
export const sizeOptionLabel = (choice: SizeChoice): string =>
  `${choice.label} · ${formatUsd(choice.price)}`;

/** The substrates of the answer that the image takes (all of them when it names none). */
export function substrateChoices(
  offered: readonly Substrate[],
  imageSubstrates: readonly Substrate[],
): Substrate[] {
  if (imageSubstrates.length === 0) return [...offered];
  return offered.filter((substrate) => imageSubstrates.includes(substrate));
}

/**
 * The standard sizes made on `substrate`, then the saved custom size when custom sizes are
 * allowed (SPEC §5), each priced on `substrate` by the one price model.
 */
export function sizeChoices(options: {
  sizes: readonly SubstrateSize[];
  substrate: Substrate | undefined;
  tier: PriceTier;
  savedCustom: readonly SavedCustomSize[];
  customAllowed: boolean;
}): SizeChoice[] {
  const { sizes, substrate, tier, savedCustom, customAllowed } = options;
  if (!substrate) return [];
  const standard = sizes.flatMap((size): SizeChoice[] => {
    const price = size.prices[substrate];
    if (price === undefined) return [];
    return [
      {
        key: sizeKey(false, size.value),
        label: size.label,
        value: size.value,
        custom: false,
        price,
      },
    ];
  });
  const custom = customAllowed
    ? savedCustom.map((size): SizeChoice => ({
        key: sizeKey(true, size.value),
        label: size.label,
        value: size.value,
        ...(size.userInput ? { userInput: size.userInput } : {}),
        custom: true,
        price: priceCents(substrate, size.value, tier),
      }))
    : [];
  return [...standard, ...custom];
}

/** The chosen size when it is still offered, else SPEC §5's default (third, else first). */
export function effectiveSize(choices: readonly SizeChoice[], chosen: string | undefined) {
  return (
    choices.find((choice) => choice.key === chosen) ??
    defaultSize(choices.filter((choice) => !choice.custom))
  );
}

/** The chosen substrate when offered, else SPEC §5's default (print, else the first). */
export const effectiveSubstrate = (
  choices: readonly Substrate[],
  chosen: Substrate | undefined,
): Substrate | undefined =>
  chosen && choices.includes(chosen) ? chosen : defaultSubstrate(choices);

/** Price tiers outside 1–4 are clamped (the contract says 1–4). */
export const asTier = (price: number): PriceTier =>
  Math.min(4, Math.max(1, Math.round(price))) as PriceTier;
