import type { ImageCard } from '@atelier/contracts';
import { mediaUrl } from './urls';

/** What a grid card is made of, with its dates already in ISO 8601. */
export interface ImageCardFields {
  id: number;
  local_id: string;
  source: string;
  artist_id: number;
  artist: string;
  royalty_code: string;
  title: string;
  created: string;
  updated: string;
  max_width: number;
  max_height: number;
  price: number;
  published: boolean;
  thumb_path: string;
}

/** One grid card, the same for the images list, image detail and search. */
export function imageCardOf(row: ImageCardFields): ImageCard {
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
