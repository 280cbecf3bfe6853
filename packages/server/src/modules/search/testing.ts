import { EXTERNAL_SOURCES, MINIMUM_SIZE_MEGAPIXELS, type MinimumSize } from '@atelier/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { loadSyntheticCatalogue } from '@atelier/demo-data';
import { TEST_NOW } from '../../test/app';

/** Test support for the search module: a synthetic catalogue and a brute-force matcher. */

const TEST_PICTURE = {
  masterPath: 'originals/00/0000000.jpg',
  thumbPath: 'thumbs/00/0000000.jpg',
  thumbWidth: 600,
  thumbHeight: 400,
};

export async function loadTestCatalogue(db: Kysely<DB>, images: number): Promise<void> {
  await loadSyntheticCatalogue(db, {
    images,
    pictures: [TEST_PICTURE],
    now: TEST_NOW,
    maintenanceWorkMem: '64MB',
  });
}

/** A catalogue row with every column a filter or facet looks at. */
export interface FacetRow {
  id: number;
  image_type: string;
  people: boolean;
  colours: string[];
  orientation: string;
  substrates: string[];
  price: number;
  max_width: number;
  max_height: number;
  source: string;
  published: boolean;
  artist_id: number;
  popularity: number;
  created: Date;
}

export async function facetRows(db: Kysely<DB>): Promise<FacetRow[]> {
  const rows = await sql<FacetRow>`
    select id, image_type, people, colours, orientation, substrates, price, max_width,
      max_height, source, published, artist_id, popularity, created
    from images order by id`.execute(db);
  return rows.rows;
}

export interface BruteFilters {
  image_type?: string[];
  people?: boolean;
  colours?: string[];
  orientation?: string[];
  substrate?: string[];
  price?: number[];
  minimum_size?: MinimumSize;
  sources?: string[];
  api?: 'internal' | 'external';
}

type Dimension = Exclude<keyof BruteFilters, 'api'>;

const overlaps = (a: readonly string[], b: readonly string[]) => a.some((x) => b.includes(x));

/** Does a row pass the filters (leaving out `omit`)? Written from SPEC §9, not from the SQL. */
export function passes(row: FacetRow, f: BruteFilters, omit?: Dimension): boolean {
  const on = (d: Dimension) => d !== omit && f[d] !== undefined;
  if (on('image_type') && !f.image_type?.includes(row.image_type)) return false;
  if (on('people') && row.people !== f.people) return false;
  if (on('colours') && !overlaps(row.colours, f.colours ?? [])) return false;
  if (on('orientation') && !f.orientation?.includes(row.orientation)) return false;
  if (on('substrate') && !overlaps(row.substrates, f.substrate ?? [])) return false;
  if (on('price') && !f.price?.includes(row.price)) return false;
  if (on('minimum_size')) {
    const mp = MINIMUM_SIZE_MEGAPIXELS[f.minimum_size as MinimumSize];
    if (row.max_width * row.max_height < mp * 1_000_000) return false;
  }
  if (on('sources') && !f.sources?.includes(row.source)) return false;
  const external = (EXTERNAL_SOURCES as readonly string[]).includes(row.source);
  if (f.api === 'internal' && external) return false;
  if (f.api === 'external' && !external) return false;
  return true;
}

/** The facet counts a search should answer, counted one row at a time. */
export function bruteFacets(rows: readonly FacetRow[], f: BruteFilters) {
  const count = (d: Dimension, key: (row: FacetRow) => string[]) => {
    const counts: Record<string, number> = {};
    for (const row of rows) {
      if (!passes(row, f, d)) continue;
      for (const value of key(row)) counts[value] = (counts[value] ?? 0) + 1;
    }
    return counts;
  };
  const mp = (row: FacetRow) => (row.max_width * row.max_height) / 1_000_000;
  return {
    image_type: count('image_type', (r) => [r.image_type]),
    people: count('people', (r) => [String(r.people)]),
    colours: count('colours', (r) => r.colours),
    orientation: count('orientation', (r) => [r.orientation]),
    substrate: count('substrate', (r) => r.substrates),
    price: count('price', (r) => [String(r.price)]),
    minimum_size: count('minimum_size', (r) =>
      (Object.keys(MINIMUM_SIZE_MEGAPIXELS) as MinimumSize[]).filter(
        (size) => mp(r) >= MINIMUM_SIZE_MEGAPIXELS[size],
      ),
    ),
    sources: count('sources', (r) => [r.source]),
  };
}

/** Facet counts without the zeros, to compare with bruteFacets. */
export function nonZero(facets: Record<string, Record<string, number>>) {
  return Object.fromEntries(
    Object.entries(facets).map(([dimension, counts]) => [
      dimension,
      Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)),
    ]),
  );
}
