import {
  IMAGE_TYPES,
  type DrfFieldType,
  type FieldMetadata,
  type OptionsMetadata,
} from '@atelier/contracts';

const readOnly = (type: DrfFieldType, label: string): FieldMetadata => ({
  type,
  required: false,
  read_only: true,
  label,
});

/**
 * The upload form's fields as DRF's SimpleMetadata describes them (SPEC §7 OPTIONS
 * /api/upload/). creator, creator_uuid and published are the server's (SPEC §5), so
 * read-only here, as are the review and processing facts.
 */
const UPLOAD_FIELDS: Record<string, FieldMetadata> = {
  id: readOnly('integer', 'ID'),
  name: { type: 'string', required: true, read_only: false, label: 'Name', max_length: 300 },
  caption: {
    type: 'string',
    required: false,
    read_only: false,
    label: 'Caption',
    max_length: 5000,
  },
  keywords: {
    type: 'list',
    required: false,
    read_only: false,
    label: 'Keywords',
    help_text: 'Separated by , or ;',
  },
  image_type: {
    type: 'choice',
    required: false,
    read_only: false,
    label: 'Image type',
    choices: IMAGE_TYPES.map((value) => ({ value, display_name: value })),
  },
  artist: {
    type: 'field',
    required: false,
    read_only: false,
    label: 'Artist',
    help_text: 'Yours when left empty.',
  },
  publisher: {
    type: 'string',
    required: false,
    read_only: false,
    label: 'Publisher',
    max_length: 200,
    help_text: 'Instead of an artist.',
  },
  location: {
    type: 'string',
    required: false,
    read_only: false,
    label: 'Location',
    max_length: 500,
  },
  file: { type: 'file upload', required: true, read_only: false, label: 'Picture' },
  approved: readOnly('boolean', 'Approved'),
  published: readOnly('boolean', 'Published'),
  review: readOnly('string', 'Review'),
  review_message: readOnly('string', 'Review message'),
  status: readOnly('string', 'Status'),
  problem: readOnly('string', 'Problem'),
  thumb: readOnly('image upload', 'Thumbnail'),
  creator: readOnly('string', 'Creator'),
  creator_uuid: readOnly('string', 'Creator uuid'),
  created: readOnly('datetime', 'Created'),
  modified: readOnly('datetime', 'Modified'),
};

/** OPTIONS /api/upload/: actions.POST only for a caller who may upload (DRF answers so). */
export function uploadOptions(allowed: boolean): OptionsMetadata {
  return {
    name: 'Upload List',
    description: 'Print masters uploaded by artists, with their review and publish state.',
    renders: ['application/json'],
    parses: ['application/json'],
    ...(allowed ? { actions: { POST: UPLOAD_FIELDS } } : {}),
  };
}
