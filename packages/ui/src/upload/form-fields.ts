import { UPLOAD_FORM_OMITTED, type FieldMetadata, type OptionsMetadata } from '@atelier/contracts';

/** Fields this screen renders itself: the picture (the queue) and the credit choice. */
const OWN_FIELDS = new Set(['file', 'artist', 'publisher']);

/**
 * The upload form's fields from OPTIONS /api/upload/ (SPEC §5): every field of
 * actions.POST except creator, creator_uuid, published and the read-only ones. In advanced
 * mode each picture is named in the queue, so `name` leaves the shared form.
 */
export function uploadFormFields(
  metadata: OptionsMetadata | undefined,
  options: { nameEach: boolean },
): [string, FieldMetadata][] {
  const fields = metadata?.actions?.POST ?? {};
  return Object.entries(fields).filter(
    ([key, field]) =>
      !field.read_only &&
      !(UPLOAD_FORM_OMITTED as readonly string[]).includes(key) &&
      !OWN_FIELDS.has(key) &&
      !(options.nameEach && key === 'name'),
  );
}

/** 'sea, boats; dawn' → ['sea', 'boats', 'dawn'] (SPEC §5 list: tags separated by , and ;). */
export const splitTags = (text: string): string[] =>
  text
    .split(/[,;]/)
    .map((tag) => tag.trim())
    .filter(Boolean);
