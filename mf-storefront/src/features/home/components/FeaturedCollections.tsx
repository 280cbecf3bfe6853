import { Link } from 'react-router-dom';
import { ErrorDisplay, Loading } from '@atelier/ui';
import { worksLabel } from '../../../shared/collections/collection-rules';
import { useFeaturedCollections } from '../api/get-featured-collections';

/** A few public collections, each a card linking to its page. */
export function FeaturedCollections() {
  const featured = useFeaturedCollections();
  // Nothing to feature is no failure of the page: the section just stays away.
  if (featured.isSuccess && featured.data.length === 0) return null;
  return (
    <section aria-labelledby="home-collections" className="sf-home-section">
      <h2 id="home-collections">Featured collections</h2>
      {featured.isPending && <Loading label="Loading collections" />}
      {featured.isError && <ErrorDisplay error={featured.error} />}
      {featured.isSuccess && (
        <>
          <ul className="sf-collection-cards">
            {featured.data.map((collection) => (
              <li key={collection.id}>
                <Link to={`/collections/${collection.id}`} className="sf-collection-card">
                  <strong>{collection.name}</strong>
                  {collection.description && <span>{collection.description}</span>}
                  <small>{worksLabel(collection.contents.length)}</small>
                </Link>
              </li>
            ))}
          </ul>
          <p className="sf-more">
            <Link to="/collections" className="sf-button">
              All collections
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
