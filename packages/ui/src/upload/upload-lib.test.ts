import { ApiError } from '@atelier/api-client';
import {
  UPLOAD_NOT_A_PICTURE,
  uploadTooLarge,
  type FieldMetadata,
  type OptionsMetadata,
} from '@atelier/contracts';
import { nameFromFile, refusalOf } from './file-checks';
import { splitTags, uploadFormFields } from './form-fields';
import { uploadErrorText } from './upload-errors';

const error400 = (data: unknown) =>
  new ApiError('400 Bad Request', {
    method: 'POST',
    url: '/api/upload/',
    response: { status: 400, statusText: 'Bad Request', data },
  });

describe('SPEC §8 Upload 400 and other failures', () => {
  it("lists the invalid fields after 'Invalid fields:'", () => {
    expect(uploadErrorText(error400({ name: ['x'], file: ['y'] }))).toBe(
      'Invalid fields: name, file',
    );
  });
  it('shows the error text otherwise', () => {
    expect(
      uploadErrorText(
        new ApiError('403 Forbidden', {
          method: 'POST',
          url: '/api/upload/',
          response: { status: 403, statusText: 'Forbidden', data: { detail: 'Not allowed.' } },
        }),
      ),
    ).toBe('Not allowed.');
    expect(uploadErrorText(new Error('Failed to fetch'))).toBe('Failed to fetch');
  });
});

describe('SPEC §5 upload form fields', () => {
  const field = (read_only = false): FieldMetadata => ({
    type: 'string',
    required: false,
    read_only,
    label: 'L',
  });
  const metadata: OptionsMetadata = {
    name: 'Upload List',
    description: '',
    renders: [],
    parses: [],
    actions: {
      POST: {
        id: field(true),
        name: field(),
        caption: field(),
        creator: field(),
        creator_uuid: field(),
        published: field(),
        created: field(true),
        file: field(),
        artist: field(),
        publisher: field(),
      },
    },
  };
  it('omits creator, creator_uuid, published and read-only fields', () => {
    expect(uploadFormFields(metadata, { nameEach: false }).map(([key]) => key)).toEqual([
      'name',
      'caption',
    ]);
    expect(uploadFormFields(metadata, { nameEach: true }).map(([key]) => key)).toEqual(['caption']);
  });
  it('splits tags on , and ;', () =>
    expect(splitTags('sea, boats;dawn ,')).toEqual(['sea', 'boats', 'dawn']));
});

describe('checks before sending', () => {
  it('refuses by content, never by name', async () => {
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])]);
    expect(await refusalOf(jpeg)).toBeNull();
    const text = new Blob(['not a picture at all']);
    expect(await refusalOf(text)).toBe(UPLOAD_NOT_A_PICTURE);
    expect(await refusalOf(jpeg, 4)).toBe(uploadTooLarge(4));
  });
  it('names a picture from its file', () =>
    expect(nameFromFile('harbour-at_dawn.tif')).toBe('harbour at dawn'));
});
