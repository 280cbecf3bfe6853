import { Link } from 'react-router-dom';
import { useFavorites } from '../api/list-favorites';
import { DASHBOARD_LINKS, DASHBOARD_MESSAGES } from '../messages';
import { DashboardCard } from './DashboardCard';

/** Up to 8 favourite pictures as thumbnails, each linking to its page. */
export function FavoritesCard() {
  const favorites = useFavorites();
  return (
    <DashboardCard
      title={DASHBOARD_MESSAGES.favorites}
      to={DASHBOARD_LINKS.favorites}
      query={favorites}
      isEmpty={(result) => result.images.length === 0}
      empty={DASHBOARD_MESSAGES.noFavorites}
    >
      {(result) => (
        <ul
          aria-label={DASHBOARD_MESSAGES.favorites}
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))',
            gap: 8,
          }}
        >
          {result.images.map((image) => (
            <li key={image.id}>
              <Link to={`/images/${image.id}`} title={image.title}>
                <img
                  src={image.thumb}
                  alt={image.title}
                  loading="lazy"
                  style={{
                    width: '100%',
                    aspectRatio: '1',
                    objectFit: 'cover',
                    borderRadius: 4,
                    display: 'block',
                  }}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
