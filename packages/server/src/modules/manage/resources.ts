import {
  artUsage,
  artUsageInput,
  artist,
  artistInput,
  artistProfile,
  artistProfileInput,
  imageCard,
  imageInput,
  manageImage,
  publisher,
  publisherInput,
} from '@atelier/contracts';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import type { EntityResource } from './entity-routes';
import { createArtUsageStore } from './stores/art-usages';
import { createArtistProfileStore } from './stores/artist-profiles';
import { createArtistStore } from './stores/artists';
import { createImageStore } from './stores/images';
import { createPublisherStore } from './stores/publishers';

const ID = { label: 'ID' } as const;

/**
 * The entity types of the data API with generic staff forms (SPEC §2, §7). Collections keep
 * their own module (owners edit theirs) and describe their form with the same generator.
 */
export function manageResources(db: Kysely<DB>): EntityResource[] {
  const resources = [
    {
      type: 'artist',
      name: 'Artist',
      description: 'Catalogue artists and their royalty codes (SPEC §3 Artist).',
      record: artist,
      input: artistInput,
      hints: {
        id: ID,
        royalty_code: { help_text: 'Unique; names the artist in search (royalty_code=).' },
        gaa_artist: { label: 'Portal', help_text: 'The artist uses the artist portal.' },
        active: { help_text: 'Inactive artists are left out of the artist lists.' },
      },
      orderings: ['name', 'royalty_code', 'created', 'id'],
      defaultOrdering: ['name'],
      read: 'public',
      existing: { list: true },
      tag: 'catalogue',
      store: createArtistStore(db),
    } satisfies EntityResource<z.infer<typeof artist>, z.infer<typeof artistInput>>,
    {
      type: 'artist-profile',
      name: 'Artist Profile',
      description: "Artists' portal profiles: photo, bio, location, approval (SPEC §3).",
      record: artistProfile,
      input: artistProfileInput,
      hints: {
        id: ID,
        photo: { type: 'image upload', read_only: true },
        approved: { help_text: 'Staff approved the application.' },
      },
      orderings: ['full_name', 'email', 'created', 'id'],
      defaultOrdering: ['id'],
      read: 'staff',
      existing: { list: true },
      tag: 'manage',
      store: createArtistProfileStore(db),
    } satisfies EntityResource<z.infer<typeof artistProfile>, z.infer<typeof artistProfileInput>>,
    {
      type: 'art-usage',
      name: 'Art Usage',
      description: 'Kinds of use a work may be licensed for.',
      record: artUsage,
      input: artUsageInput,
      hints: { id: ID },
      orderings: ['name', 'created', 'modified', 'id'],
      defaultOrdering: ['name'],
      read: 'staff',
      tag: 'manage',
      store: createArtUsageStore(db),
    } satisfies EntityResource<z.infer<typeof artUsage>, z.infer<typeof artUsageInput>>,
    {
      type: 'publisher',
      name: 'Publisher',
      description: 'Rights holders an upload may name instead of an artist.',
      record: publisher,
      input: publisherInput,
      hints: { id: ID, website: { help_text: 'http:// or https:// address.' } },
      orderings: ['name', 'created', 'modified', 'id'],
      defaultOrdering: ['name'],
      read: 'staff',
      tag: 'manage',
      store: createPublisherStore(db),
    } satisfies EntityResource<z.infer<typeof publisher>, z.infer<typeof publisherInput>>,
    {
      type: 'image',
      name: 'Image',
      description: 'Every image, published or not, as staff manage it.',
      record: manageImage,
      input: imageInput,
      hints: {
        id: ID,
        local_id: { label: 'Local ID' },
        artist: { type: 'field', help_text: 'The artist whose work it is.' },
        artist_name: { label: 'Artist name' },
        preview: { type: 'image upload' },
        thumb: { type: 'image upload' },
        price: { help_text: 'Price tier, 1 ($) to 4 ($$$$).' },
        published: { help_text: 'Unpublished images cannot be purchased.' },
      },
      orderings: ['created', 'updated', 'title', 'price', 'id'],
      defaultOrdering: ['-created'],
      read: 'staff',
      tag: 'manage',
      store: createImageStore(db),
    } satisfies EntityResource<z.infer<typeof manageImage>, z.infer<typeof imageInput>>,
    {
      // Read-only here: the storefront's published images; staff edit through /api/image/.
      type: 'images',
      name: 'Image',
      description: 'Published images, newest first (staff edit them under /api/image/).',
      record: imageCard,
      input: z.object({}),
      hints: { id: ID, preview: { type: 'image upload' }, thumb: { type: 'image upload' } },
      orderings: [],
      defaultOrdering: [],
      read: 'public',
      existing: { list: true, detail: true },
      tag: 'catalogue',
      store: { get: async (id) => (await createImageStore(db).get(id)) && { id } },
    } satisfies EntityResource<{ id: number }, Record<string, never>>,
  ];
  return resources as unknown as EntityResource[];
}
