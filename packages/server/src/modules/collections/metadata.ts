import {
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_NAME_MAX_LENGTH,
  type FieldMetadata,
  type OptionsMetadata,
} from '@atelier/contracts';

/**
 * The collection form's fields as DRF's SimpleMetadata describes them (SPEC §5 Collection
 * form: name required, at most 100 characters; description optional; communal and public
 * default to true). Generic forms are built from it.
 */
export const COLLECTION_FIELDS: Record<string, FieldMetadata> = {
  id: { type: 'integer', required: false, read_only: true, label: 'ID' },
  name: {
    type: 'string',
    required: true,
    read_only: false,
    label: 'Name',
    max_length: COLLECTION_NAME_MAX_LENGTH,
  },
  description: {
    type: 'string',
    required: false,
    read_only: false,
    label: 'Description',
    max_length: COLLECTION_DESCRIPTION_MAX_LENGTH,
  },
  communal: {
    type: 'boolean',
    required: false,
    read_only: false,
    label: 'Communal',
    help_text: 'Other staff may edit it.',
    default: true,
  },
  public: {
    type: 'boolean',
    required: false,
    read_only: false,
    label: 'Public',
    help_text: 'Visible to everyone; otherwise only to staff.',
    default: true,
  },
  owner: { type: 'string', required: false, read_only: true, label: 'Owner' },
  contents: { type: 'list', required: false, read_only: true, label: 'Contents' },
  created: { type: 'datetime', required: false, read_only: true, label: 'Created' },
  modified: { type: 'datetime', required: false, read_only: true, label: 'Modified' },
};

const BASE = {
  description: 'Named, ordered sets of images (SPEC §3 Collection).',
  renders: ['application/json'],
  parses: ['application/json'],
};

/**
 * OPTIONS of the list (`actions.POST` for a signed-in caller, who may create) or of one
 * collection (`actions.PUT` for a caller who may edit it), as DRF answers: actions only
 * for what the caller is allowed to do.
 */
export function collectionOptions(view: 'list' | 'instance', allowed: boolean): OptionsMetadata {
  const method = view === 'list' ? 'POST' : 'PUT';
  return {
    name: view === 'list' ? 'Collection List' : 'Collection Instance',
    ...BASE,
    ...(allowed ? { actions: { [method]: COLLECTION_FIELDS } } : {}),
  };
}
