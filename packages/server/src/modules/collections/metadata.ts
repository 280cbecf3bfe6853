import { collection, type OptionsMetadata } from '@atelier/contracts';
import type { z } from 'zod';
import { formFields, optionsAnswer, type FieldHints } from '../../lib/form-metadata';

/** What the collection contract cannot say about its form (SPEC §3 Collection). */
const COLLECTION_HINTS: FieldHints = {
  id: { label: 'ID' },
  communal: { help_text: 'Other staff may edit it.' },
  public: { help_text: 'Visible to everyone; otherwise only to staff.' },
  contents: { help_text: 'Image ids, in order.' },
};

const DESCRIPTION = 'Named, ordered sets of images (SPEC §3 Collection).';

/**
 * OPTIONS of the list (`actions.POST` for a signed-in caller, who may create) or of one
 * collection (`actions.PUT` for a caller who may edit it), as DRF answers: actions only
 * for what the caller is allowed to do. The fields come from the contracts (SPEC §5
 * Collection form: name required, at most 100 characters; description optional).
 */
export function collectionOptionsFor(body: z.ZodObject) {
  const fields = formFields(collection.omit({ editable: true }), body, COLLECTION_HINTS);
  return (view: 'list' | 'instance', allowed: boolean): OptionsMetadata =>
    optionsAnswer({
      name: view === 'list' ? 'Collection List' : 'Collection Instance',
      description: DESCRIPTION,
      method: view === 'list' ? 'POST' : 'PUT',
      fields: allowed ? fields : null,
    });
}
