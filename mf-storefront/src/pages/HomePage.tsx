import { groupThousands } from '@atelier/contracts';
import { Link } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import { Loading } from '@atelier/ui';
import { useNewestImages } from '../shared/catalogue/api/get-newest-images';
import { usePopularImages } from '../features/home/api/get-popular-images';
import { useSite } from '../features/home/api/get-site';
import { FeaturedCollections } from '../features/home/components/FeaturedCollections';
import { GovernmentHome } from '../features/home/components/GovernmentHome';
import { ImageStrip } from '../features/home/components/ImageStrip';
import { HOME_CSS } from '../features/home/home-css';
import { useHomeTitle } from '../features/home/use-home-title';

// The e2e independent-deploy test rewrites this literal in this file to prove a redeployed
// storefront is picked up: keep the standard headline here.
export const HOME_HEADLINE = 'Art for every wall';

/**
 * The storefront's front page, in the variant the host serves (SPEC §1). Kept light: it is
 * the first load, so the variant is one small cached call and no heavy component is pulled in.
 */
export function HomePage() {
  const site = useSite();
  useHomeTitle(site.data?.title);
  return (
    <section aria-labelledby="home-title" className="sf-home">
      {site.isPending ? (
        // Waiting for the variant rather than guessing: a government visitor should not see
        // the standard home flash by.
        <Loading label="Loading home page" />
      ) : site.data?.kind === 'government' ? (
        <GovernmentHome />
      ) : (
        // The site call failed: the standard home still lets everyone shop.
        <StandardHome />
      )}
      <style>{HOME_CSS}</style>
    </section>
  );
}

/**
 * New arrivals fill several rows at any width (SPEC §9: 200 px rows): their first three are
 * on screen (on Lighthouse's 1350 × 940 desktop the third row held the largest paint, which
 * loaded lazily, after layout), and four rows of skeleton keep the sections below off screen
 * until they arrive.
 */
const NEWEST_PRIORITY_ROWS = 3;
const NEWEST_SKELETON_ROWS = 4;

/** The standard home: new arrivals, the most popular works and a few collections. */
function StandardHome() {
  const user = useAuthStore((s) => s.user);
  const newest = useNewestImages();
  const popular = usePopularImages();
  return (
    <>
      <header className="sf-hero">
        <h1 id="home-title">{HOME_HEADLINE}</h1>
        <p>
          {user ? `Welcome back, ${user.name || user.email}. ` : ''}
          Fine art and photography printed on paper, canvas, aluminum, acrylic and more, in the size
          you choose.
        </p>
      </header>
      <ImageStrip
        id="home-newest"
        heading="New arrivals"
        priorityRows={NEWEST_PRIORITY_ROWS}
        skeletonRows={NEWEST_SKELETON_ROWS}
        isPending={newest.isPending}
        error={newest.error}
        images={newest.data?.results}
        empty="No art has been published yet."
        more={
          newest.data && (
            <Link to="/search" className="sf-button">
              Browse all {groupThousands(newest.data.count)} works
            </Link>
          )
        }
      />
      <ImageStrip
        id="home-popular"
        heading="Most popular"
        isPending={popular.isPending}
        error={popular.error}
        images={popular.data?.images}
        empty="Nothing has been popular yet."
        more={
          <Link to="/search?sort=popular" className="sf-button">
            See more popular works
          </Link>
        }
      />
      <FeaturedCollections />
    </>
  );
}
