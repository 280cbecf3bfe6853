import { Link } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import { ErrorDisplay, GridSkeleton } from '@atelier/ui';
import { useNewestImages } from '../features/catalogue/api/get-newest-images';
import { ImageGrid } from '../features/catalogue/components/ImageGrid';

export const HOME_HEADLINE = 'Art for every wall';

/** The storefront's front page: the newest works of the catalogue. Kept light: it is the first load. */
export function HomePage() {
  const user = useAuthStore((s) => s.user);
  const newest = useNewestImages();
  return (
    <section aria-labelledby="home-title" className="sf-home">
      <header className="sf-hero">
        <h1 id="home-title">{HOME_HEADLINE}</h1>
        <p>
          {user ? `Welcome back, ${user.name || user.email}. ` : ''}
          Fine art and photography printed on paper, canvas, aluminum, acrylic and more, in the size
          you choose.
        </p>
      </header>
      <h2>New arrivals</h2>
      {newest.isPending && <GridSkeleton />}
      {newest.isError && <ErrorDisplay error={newest.error} />}
      {newest.isSuccess && newest.data.results.length === 0 && (
        <p role="status">No art has been published yet.</p>
      )}
      {newest.isSuccess && newest.data.results.length > 0 && (
        <>
          <ImageGrid images={newest.data.results} />
          <p className="sf-more">
            <Link to="/search" className="sf-button">
              Browse all {newest.data.count.toLocaleString('en-US')} works
            </Link>
          </p>
        </>
      )}
      <style>{HOME_CSS}</style>
    </section>
  );
}

const HOME_CSS = `
.sf-hero { margin: 8px 0 24px; }
.sf-hero h1 { font: 600 40px/1.15 Georgia, 'Times New Roman', serif; margin: 0 0 8px; }
.sf-hero p { font-size: 16px; color: #6b625a; margin: 0; max-width: 720px; }
.sf-home h2 { font-size: 20px; font-weight: 600; margin: 0 0 12px; }
.sf-more { text-align: center; margin: 24px 0; }
.sf-button { display: inline-block; padding: 10px 20px; border: 1px solid #d9d2c7; border-radius: 6px; color: #1f1a17; background: #fff; }
.sf-button:hover, .sf-button:focus-visible { border-color: #8a3b12; color: #8a3b12; }
`;
