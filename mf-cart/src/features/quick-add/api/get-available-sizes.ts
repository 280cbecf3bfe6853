import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { AvailableSizesResponse } from '@atelier/contracts';

const AVAILABLE_SIZES_PATH = '/api/v1/availablesizes/';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** 6000 × 4000 → '3:2': the answer depends only on the ratio (SPEC §7 'cached per aspect ratio'). */
export function aspectRatioKey(width: number, height: number): string {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  const divisor = gcd(w, h);
  return `${w / divisor}:${h / divisor}`;
}

export interface AvailableSizesParams {
  width: number;
  height: number;
  tier: number;
}

const getAvailableSizes = ({ width, height, tier }: AvailableSizesParams, signal?: AbortSignal) =>
  api.get<AvailableSizesResponse>(AVAILABLE_SIZES_PATH, {
    params: { w: width, h: height, price: tier },
    signal,
  });

const availableSizesQuery = (params: AvailableSizesParams) =>
  queryOptions({
    queryKey: ['available-sizes', aspectRatioKey(params.width, params.height), params.tier],
    queryFn: ({ signal }) => getAvailableSizes(params, signal),
    // Sizes and prices of a ratio change only with a release.
    staleTime: 60 * 60 * 1000,
  });

export const useAvailableSizes = (params: AvailableSizesParams) =>
  useQuery(availableSizesQuery(params));
