import type { ImageCard } from '@atelier/contracts';
import { imageCardOf } from '../../../lib/image-card';

/**
 * A search result row: only what a grid card needs (lib/image-card.ts), with the dates
 * already in ISO 8601 from SQL: a page of 100 results costs far less to read this way.
 */
export interface SearchCardRow {
  id: number;
  local_id: string;
  source: string;
  artist_id: number;
  title: string;
  /** ISO 8601, UTC, milliseconds (Date#toISOString's format). */
  created: string;
  updated: string;
  max_width: number;
  max_height: number;
  price: number;
  published: boolean;
  thumb_path: string;
  artist: string;
  royalty_code: string;
  /** The image's keywords joined with KEYWORD_SEPARATOR, when asked for. */
  keywords?: string | null;
}

/** Unit separator: never in a keyword. */
const KEYWORD_SEPARATOR = '\u001f';

export const keywordsOf = (row: SearchCardRow): string[] =>
  row.keywords ? row.keywords.split(KEYWORD_SEPARATOR) : [];

/** Search rows come with ISO dates from SQL: the card is built as is. */
export const toSearchCard = (row: SearchCardRow): ImageCard => imageCardOf(row);
