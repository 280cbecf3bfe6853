import { Empty, List, Segmented, Space, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { formatUsd, type ArtistArtPage, type ArtistArtwork } from '@atelier/contracts';
import { usePreferencesStore } from '@atelier/session';

const NO_ART = 'List is empty';

export function PublishTag({ published }: { published: boolean }) {
  return published ? <Tag color="green">Published</Tag> : <Tag>Unpublished</Tag>;
}

/** Orders, prints sold and royalties earned, as one line. */
export function SalesFigures({
  art,
}: {
  art: Pick<ArtistArtwork, 'orders' | 'prints_sold' | 'royalties'>;
}) {
  return (
    <Space size="large" wrap>
      <Statistic title="Orders" value={art.orders} />
      <Statistic title="Prints sold" value={art.prints_sold} />
      <Statistic title="Royalties" value={formatUsd(art.royalties)} />
    </Space>
  );
}

/** The artist's pictures with their publish state and sales, as a list or a grid (remembered). */
export function ArtList({ page }: { page: ArtistArtPage }) {
  const view = usePreferencesStore((s) => s.artistArtView) === 'grid' ? 'grid' : 'list';
  const setPreference = usePreferencesStore((s) => s.setPreference);
  if (page.results.length === 0) return <Empty description={NO_ART} />;
  return (
    <section aria-label="Your pictures">
      <Segmented
        aria-label="View"
        value={view}
        onChange={(value) => setPreference('artistArtView', String(value))}
        options={[
          { value: 'list', label: 'List' },
          { value: 'grid', label: 'Grid' },
        ]}
        style={{ marginBottom: 16 }}
      />
      <List
        grid={view === 'grid' ? { gutter: 16, xs: 2, sm: 3, md: 4, lg: 5, xl: 6 } : undefined}
        dataSource={page.results}
        renderItem={(art) => (
          <List.Item key={art.id}>
            <Link
              to={`/artist/art/${art.id}`}
              style={{
                display: 'flex',
                gap: 16,
                width: '100%',
                flexDirection: view === 'grid' ? 'column' : 'row',
                color: 'inherit',
              }}
            >
              <img
                src={art.thumb}
                alt=""
                loading="lazy"
                style={{
                  width: view === 'grid' ? '100%' : 96,
                  height: view === 'grid' ? 140 : 72,
                  objectFit: 'cover',
                  borderRadius: 4,
                  flex: 'none',
                }}
              />
              <div style={{ minWidth: 0, flex: 1 }}>
                <Typography.Text strong ellipsis style={{ display: 'block' }}>
                  {art.title || art.local_id}
                </Typography.Text>
                <PublishTag published={art.published} />
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                  {art.orders} {art.orders === 1 ? 'order' : 'orders'} · {art.prints_sold}{' '}
                  {art.prints_sold === 1 ? 'print' : 'prints'} · {formatUsd(art.royalties)}
                </Typography.Text>
              </div>
            </Link>
          </List.Item>
        )}
      />
    </section>
  );
}
