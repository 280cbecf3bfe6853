import { useMemo, useState } from 'react';
import type { CartItem, PriceTier, SizeOption, SizeValue, Substrate } from '@atelier/contracts';
import {
  availableSizes,
  defaultSubstrate,
  priceCents,
  PRICE_TIERS,
  sizeLabel,
} from '@atelier/contracts';

export const sizeKey = (size: SizeValue) => `${size.w}x${size.h}`;

const tierOf = (price: number): PriceTier =>
  PRICE_TIERS.find((tier) => tier === price) ?? (price > 4 ? 4 : 1);

/**
 * The standard sizes for the picture's ratio, with the item's own size first among them when
 * it is not one of them (a custom size), and the substrates the picture can be printed on.
 */
function sizeOptionsFor(item: CartItem): { sizes: SizeOption[]; substrates: Substrate[] } {
  const { max_width, max_height, price } = item.image;
  const tier = tierOf(price);
  const { sizes, substrates } = availableSizes(max_width, max_height, tier);
  const current = { w: item.config.width, h: item.config.height };
  if (sizes.some((option) => sizeKey(option.value) === sizeKey(current))) {
    return { sizes, substrates };
  }
  const prices: Partial<Record<Substrate, number>> = {};
  for (const substrate of substrates) prices[substrate] = priceCents(substrate, current, tier);
  const own: SizeOption = { label: item.size_label || sizeLabel(current), value: current, prices };
  return { sizes: [own, ...sizes], substrates };
}

/** The size and substrate being chosen for an item, and the price of that choice. */
export function usePrintChoice(item: CartItem) {
  const { sizes, substrates } = useMemo(() => sizeOptionsFor(item), [item]);
  const [choice, setChoice] = useState({
    size: sizeKey({ w: item.config.width, h: item.config.height }),
    substrate: item.config.substrate,
  });
  const option = sizes.find((candidate) => sizeKey(candidate.value) === choice.size) ?? sizes[0];
  // The substrates made in the chosen size.
  const offered = substrates.filter((substrate) => option?.prices[substrate] !== undefined);
  const price = option?.prices[choice.substrate];

  const setSize = (key: string) => {
    const next = sizes.find((candidate) => sizeKey(candidate.value) === key);
    if (!next) return;
    // A substrate not made in the new size gives way to the default one.
    const made = substrates.filter((substrate) => next.prices[substrate] !== undefined);
    const substrate = made.includes(choice.substrate)
      ? choice.substrate
      : (defaultSubstrate(made) ?? choice.substrate);
    setChoice({ size: key, substrate });
  };
  const setSubstrate = (substrate: Substrate) => setChoice({ ...choice, substrate });

  const changed =
    option !== undefined &&
    (sizeKey(option.value) !== sizeKey({ w: item.config.width, h: item.config.height }) ||
      choice.substrate !== item.config.substrate);

  return {
    sizes,
    substrates,
    offered,
    size: option?.value,
    sizeKey: choice.size,
    substrate: choice.substrate,
    price,
    changed,
    setSize,
    setSubstrate,
  };
}
