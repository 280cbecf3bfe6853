import {
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_NAME_MAX_LENGTH,
  groupThousands,
} from '@atelier/contracts';

/** SPEC §9: up to 5 collections are shown in the menu; the rest go under More. */
const COLLECTIONS_IN_MENU = 5;

/** SPEC §5 Collection form. */
export const NAME_REQUIRED = 'Please enter a name.';
export const NAME_TOO_LONG = `Use at most ${COLLECTION_NAME_MAX_LENGTH} characters.`;
export const DESCRIPTION_TOO_LONG = `Use at most ${COLLECTION_DESCRIPTION_MAX_LENGTH} characters.`;
export { COLLECTION_NAME_MAX_LENGTH, COLLECTION_DESCRIPTION_MAX_LENGTH };

export interface CollectionFormValues {
  name: string;
  description: string;
  communal: boolean;
  public: boolean;
}

/** SPEC §5: description optional; communal and public default to true. */
export const NEW_COLLECTION: CollectionFormValues = {
  name: '',
  description: '',
  communal: true,
  public: true,
};

/** SPEC §6 marks. */
export const YOU_OWN_THIS = 'You own this';
export const LOCKED = 'Locked: you cannot edit this collection';
export const STAFF_ONLY = 'Not public: only staff can see it';
export const CANNOT_EDIT = 'You cannot edit this collection.';

/** SPEC §8 empty lists: a search that matched nothing, and a list with nothing in it. */
export const NO_RESULTS = 'No results';
export const LIST_IS_EMPTY = 'List is empty';

/** SPEC §2: the typeahead's last entry when more match than it lists. */
export const andMore = (more: number) => `and ${groupThousands(more)} more`;

export const worksLabel = (count: number) =>
  `${groupThousands(count)} ${count === 1 ? 'work' : 'works'}`;

/** The menu's split: the first five by name in the menu, the rest under More. */
export function splitForMenu<T>(collections: readonly T[]): { shown: T[]; more: T[] } {
  return {
    shown: collections.slice(0, COLLECTIONS_IN_MENU),
    more: collections.slice(COLLECTIONS_IN_MENU),
  };
}
