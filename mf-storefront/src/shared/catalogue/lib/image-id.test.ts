import { isImageId } from './image-id';

it.each([
  ['42', true],
  ['1', true],
  ['0', false],
  ['042', false],
  ['abc', false],
  ['4.2', false],
  ['-3', false],
  ['', false],
])('image id %p is well formed: %p', (id, valid) => expect(isImageId(id)).toBe(valid));
