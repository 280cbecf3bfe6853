import type { ImageCard } from '@atelier/contracts';
import { mediaUrl } from '../../lib/urls';

/**
 * A search result row: only what a grid card needs (the same card as the images list's,
 * images/service.ts toImageCard; search.test.ts checks that both agree), with the dates
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
export const KEYWORD_SEPARATOR = '\u001f';

export const keywordsOf = (row: SearchCardRow): string[] =>
  row.keywords ? row.keywords.split(KEYWORD_SEPARATOR) : [];

export function toSearchCard(row: SearchCardRow): ImageCard {
  const thumb = mediaUrl(row.thumb_path);
  return {
    id: row.id,
    local_id: row.local_id,
    title: row.title,
    artist: row.artist,
    artist_id: row.artist_id,
    source: row.source as ImageCard['source'],
    royalty_code: row.royalty_code,
    created: row.created,
    updated: row.updated,
    preview: thumb,
    thumb,
    max_width: row.max_width,
    max_height: row.max_height,
    price: row.price,
    published: row.published,
  };
}
