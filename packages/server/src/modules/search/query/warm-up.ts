import {
  COLOURS,
  EXTERNAL_SOURCES,
  IMAGE_TYPES,
  INTERNAL_SOURCES,
  MINIMUM_SIZES,
  ORIENTATIONS,
  SEARCH_SORTS,
  SUBSTRATES,
  TONAL_COLOURS,
} from '@atelier/contracts';
import { ApiError } from '../../../lib/errors';
import { GUEST, type Viewer } from '../../../plugins/viewer';
import type { CatalogueIndex } from '../engine/catalogue-index';
import { COLLECT_AFTER_BUILDS_OF, collectGarbage } from '../indexer/index-sync';
import type { SearchRepository } from './repository';
import type { SearchRequest, SearchService } from './service';

/**
 * A search index's warm-up before its server takes traffic (SEARCH_WARMUP): searches of
 * every kind, made of the catalogue's own words, names and filters, so that V8 has compiled
 * the code they run before the first visitor's. Without it, the first few thousand searches
 * of a new process ran partly unoptimized while V8's compiler threads took a sixth of the
 * CPU, and a function called once per search (the query's parser) was compiled only after
 * about a thousand of them (docs/performance.md). Afterwards every search is forgotten
 * (forgetSearches): no visitor's search finds anything of the warm-up's counts or matches,
 * and its garbage is collected.
 */

export interface WarmUpOptions {
  /** Searches to run; 0: none. */
  searches: number;
  /** Stops early past this many milliseconds (a slow machine still starts in time). */
  maxMs: number;
}

export interface WarmUpResult {
  searches: number;
  /** Searches that failed other than as the service's client errors (a bug: logged). */
  failures: number;
  ms: number;
}

const STAFF: Viewer = { userId: null, userUuid: null, isStaff: true };

const NAMED_COLOURS = COLOURS.filter((c) => !(TONAL_COLOURS as readonly string[]).includes(c));
const SOURCES = [...INTERNAL_SOURCES, ...EXTERNAL_SOURCES];
/** Offsets a visitor pages to: the first page most often, a deep one now and then. */
const OFFSETS = [0, 0, 0, 100, 0, 500, 0, 0, 5000, 200];

type Words = ReturnType<CatalogueIndex['sampleWords']>;
type Artist = { name: string; royalty_code: string };

const pick = <T>(list: readonly T[], k: number): T | undefined => list[k % list.length];

/** A word with one letter changed: a misspelling "Did you mean" corrects. */
function misspelt(word: string): string {
  const at = Math.min(word.length - 1, 2);
  return word.slice(0, at) + (word[at] === 'e' ? 'a' : 'e') + word.slice(at + 1);
}

/** The k-th warm-up query text: every shape the query syntax has, in turn. */
function queryText(k: number, words: Words, artists: readonly Artist[]): string {
  const { common, middling, rare } = words;
  const c = (j: number) => pick(common, k + j) ?? '';
  const m = (j: number) => pick(middling, k + j) ?? c(j);
  const r = (j: number) => pick(rare, k + j) ?? m(j);
  const artist = pick(artists, k);
  const shapes = [
    () => c(0),
    () => m(0),
    () => r(0),
    () => '',
    () => `${c(0)} ${m(1)}`,
    () => `${c(0)} ${c(3)} ${m(2)}`,
    () => `"${c(0)} ${c(1)}"`,
    () => `${m(0)}|${m(1)} ${c(2)}`,
    () => `${c(0)}|${c(1)}|${m(2)}`,
    () => `${c(0)} -${c(1)}`,
    () => `-${c(0)}`,
    () => (artist ? `"${artist.name}"` : c(0)),
    () => (artist ? (artist.name.split(' ').pop() ?? '').toLowerCase() : m(0)),
    () => misspelt(m(0)),
  ];
  return (shapes[k % shapes.length] as () => string)();
}

/** The k-th warm-up's filters: a different few dimensions each time, values in turn. */
function filters(k: number, artists: readonly Artist[]): Partial<SearchRequest> {
  const f: Partial<SearchRequest> = {};
  const bits = (k * 7) % 64;
  const code = pick(artists, k + 1)?.royalty_code;
  if (bits & 1) f.substrate = [pick(SUBSTRATES, k) as string];
  if (bits & 2) {
    f.colours =
      k % 3 === 0
        ? [pick(TONAL_COLOURS, k) as string]
        : [pick(NAMED_COLOURS, k) as string, pick(NAMED_COLOURS, k + 3) as string];
  }
  if (bits & 4) f.orientation = [pick(ORIENTATIONS, k) as string];
  if (bits & 8) f.minimum_size = pick(MINIMUM_SIZES, k);
  if (bits & 16) f.price = k % 2 === 0 ? [1 + (k % 4)] : [1, 2];
  if (bits & 32) f.people = [k % 2 === 0];
  if (k % 5 === 0) f.image_type = [pick(IMAGE_TYPES, k) as string];
  if (k % 9 === 0) f.sources = [pick(SOURCES, k) as string, pick(SOURCES, k + 1) as string];
  if (k % 11 === 0 && code) f.royalty_code = [code];
  if (k % 13 === 0) f.api = k % 2 === 0 ? 'internal' : 'external';
  return f;
}

/** The k-th warm-up search as the route would have validated it. */
export function warmUpRequest(k: number, words: Words, artists: readonly Artist[]): SearchRequest {
  return {
    q: queryText(k, words, artists),
    sort: pick(SEARCH_SORTS, Math.floor(k / 14) + k) as SearchRequest['sort'],
    limit: k % 6 === 5 ? 20 : 100,
    offset: pick(OFFSETS, k) as number,
    ...filters(k, artists),
  };
}

export async function warmUpSearch(
  service: SearchService,
  repository: SearchRepository,
  options: WarmUpOptions,
): Promise<WarmUpResult> {
  if (options.searches <= 0) return { searches: 0, failures: 0, ms: 0 };
  const index = await repository.index();
  const started = performance.now();
  const words = index.sampleWords(64);
  const artists = repository.sampleArtists(32);
  let k = 0;
  let failures = 0;
  for (; k < options.searches && performance.now() - started < options.maxMs; k++) {
    const request = warmUpRequest(k, words, artists);
    const viewer = k % 8 === 7 ? STAFF : GUEST;
    try {
      if (k % 10 === 9) await service.related({ q: request.q, limit: 5 }, viewer);
      else await service.search(request, viewer);
    } catch (error) {
      // A search the service turns away (its 400s) warms the code up to there all the same;
      // any other failure is counted, not thrown: the server starts, and says so.
      if (!(error instanceof ApiError)) failures += 1;
    }
  }
  await service.forgetSearches();
  // Its garbage (2,000 searches' sets and answers, the caches just let go of) collected now,
  // not by a major collection amid the first visitors' searches (collectGarbage).
  if (index.size >= COLLECT_AFTER_BUILDS_OF) collectGarbage();
  return { searches: k, failures, ms: performance.now() - started };
}
