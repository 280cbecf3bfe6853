import { useNavigate } from 'react-router-dom';
import type { Collection } from '@atelier/contracts';
import { Typeahead } from '@atelier/ui';
import { collectionKeys } from './collection-keys';
import { searchCollections } from './search-collections';
import { andMore } from './collection-rules';

const COLLECTIONS_TYPEAHEAD_LABEL = 'Find a collection';

type Match = Pick<Collection, 'id' | 'name'>;

/**
 * SPEC §2 collections typeahead: ui's Typeahead over the collections by name, its marker
 * spelled out as SPEC §2 has it ('and N more', never chosen); choosing a match opens that
 * collection unless the caller says otherwise.
 */
export function CollectionsTypeahead({
  onChoose,
  label = COLLECTIONS_TYPEAHEAD_LABEL,
}: {
  /** What choosing a collection does; by default it opens the collection. */
  onChoose?: (collection: Match) => void;
  label?: string;
} = {}) {
  const navigate = useNavigate();
  return (
    <Typeahead<Match>
      label={label}
      placeholder={label}
      className="sf-collections-typeahead"
      queryKey={collectionKeys.lookup}
      search={searchCollections}
      getKey={(collection) => collection.id}
      getLabel={(collection) => collection.name}
      moreLabel={andMore}
      onChoose={(collection) => {
        if (onChoose) onChoose({ id: collection.id, name: collection.name });
        else void navigate(`/collections/${collection.id}`);
      }}
    />
  );
}
