import type { ImageCard } from '@atelier/contracts';

const NO_DATE = 'No date';

export interface DateGroup {
  label: string;
  images: ImageCard[];
}

// UTC, so a group does not change with the buyer's time zone.
const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The created date's day, or 'No date' for a missing or unreadable one (SPEC §2 Media grid). */
function createdLabel(created: string | null | undefined): string {
  if (!created) return NO_DATE;
  const time = Date.parse(created);
  return Number.isNaN(time) ? NO_DATE : DAY.format(time);
}

/**
 * Consecutive groups by created day, in the results' own order: the sort decides the order,
 * grouping only adds headers. A day met again later (another sort) starts a new group rather
 * than moving images away from their rank.
 */
export function groupByCreatedDate(images: readonly ImageCard[]): DateGroup[] {
  const groups: DateGroup[] = [];
  for (const image of images) {
    const label = createdLabel(image.created);
    const last = groups.at(-1);
    if (last?.label === label) last.images.push(image);
    else groups.push({ label, images: [image] });
  }
  return groups;
}
