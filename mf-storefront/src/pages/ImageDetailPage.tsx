import { Alert, Button, Descriptions, Skeleton, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { isExternalSource } from '@atelier/contracts';
import { ErrorDisplay, RemoteFragment, usePageTitle } from '@atelier/ui';
import { useImage } from '../features/catalogue/api/get-image';
import { priceLabel, resolutionLabel } from '../features/catalogue/components/price';

export const UNPUBLISHED_MESSAGE = 'This image is unpublished and cannot be purchased.';
/** mf-cart owns adding to cart: its Quick Add is loaded at run time (ARCHITECTURE §1). */
export const QUICK_ADD_LABEL = 'Quick Add';

export function ImageDetailPage() {
  const { id = '' } = useParams();
  const image = useImage(id);
  usePageTitle(image.isError ? 'Image' : image.data?.title);
  if (image.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (image.isError) return <ErrorDisplay error={image.error} />;
  const { data } = image;
  const resolution = resolutionLabel(data.max_width, data.max_height);
  return (
    <article
      style={{
        display: 'grid',
        gap: 24,
        // Two columns on a wide screen; the picture above the details on a phone.
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 340px), 1fr))',
      }}
    >
      <img
        src={data.imgsrc}
        alt={data.title}
        style={{
          width: '100%',
          height: 'auto',
          maxHeight: '80vh',
          objectFit: 'contain',
          background: '#ece6dc',
        }}
      />
      <div>
        <Typography.Title level={1} style={{ fontFamily: 'Georgia, serif' }}>
          {data.title}
        </Typography.Title>
        <Typography.Paragraph>
          by <Link to={`/search?q=${encodeURIComponent(`"${data.artist}"`)}`}>{data.artist}</Link>
        </Typography.Paragraph>
        {!data.published && <Alert type="warning" showIcon title={UNPUBLISHED_MESSAGE} />}
        <Typography.Paragraph>{data.caption}</Typography.Paragraph>
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Price">{priceLabel(data.price)}</Descriptions.Item>
          {resolution && <Descriptions.Item label="Resolution">{resolution}</Descriptions.Item>}
          <Descriptions.Item label="Collection">
            {isExternalSource(data.source) ? 'Extended catalog' : 'Atelier artists'}
          </Descriptions.Item>
          <Descriptions.Item label="Substrates">{data.substrates.join(', ')}</Descriptions.Item>
        </Descriptions>
        {data.published && (
          <div style={{ marginTop: 16 }}>
            <RemoteFragment
              remote="cart"
              module="./quick-add"
              props={{ image: data }}
              label={QUICK_ADD_LABEL}
            />
          </div>
        )}
        <Space wrap aria-label="Keywords" style={{ marginTop: 16 }}>
          {data.keywords.map((keyword) => (
            <Link key={keyword} to={`/search?q=${encodeURIComponent(keyword)}`}>
              <Tag>{keyword}</Tag>
            </Link>
          ))}
        </Space>
        <div style={{ marginTop: 24 }}>
          <Link to="/search">
            <Button>Back to browsing</Button>
          </Link>
        </div>
      </div>
    </article>
  );
}
