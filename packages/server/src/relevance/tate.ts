import type { ImportRecordInput } from '../modules/catalogue-import';

/**
 * The Tate collection's metadata (github.com/tategallery/collection, CC0): one JSON file per
 * artwork under artworks/. Only the fields the relevance benchmark reads are typed.
 */
export interface TateContributor {
  id: number;
  /** Full name as displayed: 'Dame Barbara Hepworth', 'Henry Moore OM, CH'. */
  fc: string;
  /** 'artist', 'after', 'attributed to', … */
  role: string;
  displayOrder?: number;
}

interface TateSubject {
  id?: number;
  name: string;
  children?: TateSubject[];
}

export interface TateArtwork {
  acno: string;
  title: string;
  all_artists?: string | null;
  contributors?: TateContributor[];
  classification?: string | null;
  medium?: string | null;
  dateText?: string | null;
  acquisitionYear?: number | null;
  /** 'support: 2667 x 4572 x 38 mm\r\nframe: …': height before width, as museums write them. */
  dimensions?: string | null;
  subjects?: TateSubject | null;
}

/** Where the converted images come from (an internal source of the import format). */
const TATE_SOURCE = 'GAA';
/** Royalty codes of the converted artists: this prefix and Tate's artist id. */
const TATE_ROYALTY_PREFIX = 'TATE';
/** The artist of an artwork that names none. */
export const UNKNOWN_ARTIST = { name: 'Unknown artist', royalty_code: 'TATE-UNKNOWN' };

/**
 * Which measurement gives the picture's shape, best first: the support or image is what a
 * photograph of the work shows; a frame or mount is only a fallback.
 */
const PART_PREFERENCE = ['support', 'image', 'object', 'displayed', 'unconfirmed'];
const FALLBACK_PARTS = ['frame', 'mount'];

/**
 * Height and width (in the text's unit) of the part of the work a picture shows, from
 * Tate's `dimensions` text, or null when it has none. Tate's separate `width` and `height`
 * fields are swapped on many works (Rothko's 'Black on Maroon' has width 2667, height 4572
 * though it is a landscape), so the text is the source: 'support: 2667 x 4572 x 38 mm'
 * reads height 2667, width 4572.
 */
export function parseDimensions(text: string | null | undefined): {
  height: number;
  width: number;
} | null {
  if (!text) return null;
  const parts: { label: string; height: number; width: number }[] = [];
  for (const line of text.split(/[\r\n]+|,\s*(?=[A-Za-z ]+:)/)) {
    const match = /^\s*(?:([^:]*):)?\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)/i.exec(line);
    if (!match) continue;
    const height = Number(match[2]);
    const width = Number(match[3]);
    if (!(height > 0 && width > 0)) continue;
    parts.push({ label: (match[1] ?? '').trim().toLowerCase(), height, width });
  }
  if (parts.length === 0) return null;
  const rank = (label: string): number => {
    const preferred = PART_PREFERENCE.findIndex((part) => label.startsWith(part));
    if (preferred >= 0) return preferred;
    if (FALLBACK_PARTS.some((part) => label.startsWith(part))) return PART_PREFERENCE.length + 1;
    return PART_PREFERENCE.length;
  };
  const best = parts.reduce((a, b) => (rank(b.label) < rank(a.label) ? b : a));
  return { height: best.height, width: best.width };
}

/** Width ÷ height of the picture, clamped to what a picture file of the import may have. */
export const MAX_ASPECT = 8;
export function aspectRatio(dimensions: { height: number; width: number } | null): number {
  if (!dimensions) return 1;
  return Math.min(MAX_ASPECT, Math.max(1 / MAX_ASPECT, dimensions.width / dimensions.height));
}

/** Contributors in display order; the makers are those credited as the artist. */
export function makersOf(artwork: TateArtwork): TateContributor[] {
  const contributors = [...(artwork.contributors ?? [])].sort(
    (a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0),
  );
  return contributors.filter((c) => c.role === 'artist');
}

/** Every subject name under the root ('nature', 'animals: mammals', 'cat'), each once. */
export function subjectsOf(artwork: TateArtwork): string[] {
  const names = new Set<string>();
  const walk = (node: TateSubject, depth: number): void => {
    if (depth > 0 && node.name.trim()) names.add(node.name.trim());
    for (const child of node.children ?? []) walk(child, depth + 1);
  };
  if (artwork.subjects) walk(artwork.subjects, 0);
  return [...names];
}

/** A year as the import's date ('1837-01-01'), or undefined outside the years it takes. */
const yearDate = (year: number | null | undefined): string | undefined =>
  year && year >= 1000 && year <= 9999 ? `${year}-01-01` : undefined;

/**
 * One catalogue import line for a Tate artwork (README "Catalogue import"), without its
 * picture: title; the first credited artist (else the first contributor of any role) as
 * the artist; the subjects as keywords; medium, date and the other contributors in the
 * caption; added to the catalogue in its acquisition year.
 */
export function tateRecord(artwork: TateArtwork): Omit<ImportRecordInput, 'file'> {
  const makers = makersOf(artwork);
  const contributors = [...(artwork.contributors ?? [])].sort(
    (a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0),
  );
  const primary = makers[0] ?? contributors[0];
  const others = contributors
    .filter((c) => c !== primary)
    .map((c) => (c.role === 'artist' ? c.fc : `${c.role} ${c.fc}`));
  const caption = [
    [artwork.medium, artwork.dateText].filter(Boolean).join(', '),
    others.length > 0 ? `With ${others.join('; ')}` : '',
  ]
    .filter(Boolean)
    .map((part) => (part.endsWith('.') ? part : `${part}.`))
    .join(' ');
  const created = yearDate(artwork.acquisitionYear);
  return {
    source: TATE_SOURCE,
    local_id: artwork.acno,
    title: artwork.title.trim().slice(0, 300) || artwork.acno,
    caption: caption.slice(0, 5000),
    artist: primary
      ? { name: primary.fc, royalty_code: `${TATE_ROYALTY_PREFIX}${primary.id}` }
      : UNKNOWN_ARTIST,
    keywords: subjectsOf(artwork)
      .map((name) => name.slice(0, 100))
      .slice(0, 200),
    image_type: /photograph/i.test(artwork.classification ?? '') ? 'photography' : 'fine art',
    ...(created ? { created } : {}),
  };
}
