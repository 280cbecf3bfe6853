import { Button, Empty, Skeleton, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import { ErrorDisplay } from '@atelier/ui';
import { useNewestImages } from '../features/catalogue/api/get-newest-images';
import { ImageGrid } from '../features/catalogue/components/ImageGrid';

export const HOME_HEADLINE = 'Art for every wall';

export function HomePage() {
  const user = useAuthStore((s) => s.user);
  const newest = useNewestImages();
  return (
    <section aria-labelledby="home-title">
      <header style={{ margin: '8px 0 24px' }}>
        <Typography.Title id="home-title" level={1} style={{ fontFamily: 'Georgia, serif', marginBottom: 4 }}>
          {HOME_HEADLINE}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 16, marginBottom: 0 }}>
          {user ? `Welcome back, ${user.name || user.email}. ` : ''}
          Fine art and photography printed on paper, canvas, aluminum, acrylic and more, in the size you choose.
        </Typography.Paragraph>
      </header>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        New arrivals
      </Typography.Title>
      {newest.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {newest.isError && <ErrorDisplay error={newest.error} />}
      {newest.isSuccess && newest.data.results.length === 0 && (
        <Empty description="No art has been published yet." />
      )}
      {newest.isSuccess && newest.data.results.length > 0 && (
        <>
          <ImageGrid images={newest.data.results} />
          <div style={{ textAlign: 'center', margin: '24px 0' }}>
            <Link to="/search">
              <Button size="large">Browse all {newest.data.count.toLocaleString('en-US')} works</Button>
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
