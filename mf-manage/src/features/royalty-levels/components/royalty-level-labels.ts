import { groupThousands } from '@atelier/contracts';

/** Words of the royalty level screens (docs/royalty-levels-and-tax.md). */
export const NO_LEVELS = 'No royalty levels yet';
export const RATE_RULE =
  "A changed rate applies to sales from its day (UTC) on; royalties already earned keep their sale's rate.";
export const RATE_STATE_LABELS = {
  past: 'Past',
  current: 'Current',
  scheduled: 'Scheduled',
} as const;

/** 27.5 → '27.5%'. */
export const formatPercent = (percent: number): string =>
  `${percent.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/** '2026-03-01' → 'Mar 1, 2026' (a calendar day, shown as the day it is in UTC). */
export const formatDay = (day: string): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });

export const artistCountLabel = (count: number): string =>
  count === 1 ? '1 artist' : `${groupThousands(count)} artists`;
