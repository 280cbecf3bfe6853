import { Breadcrumb, Card, Col, Empty, Row, Table, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { formatRate, formatUsd, type ArtworkSale } from '@atelier/contracts';
import { RequireLogin } from '@atelier/ui';
import { QueryState } from '../../components/QueryState';
import { useArtwork } from '../../features/art/api/art';
import { PublishTag, SalesFigures } from '../../features/art/components/ArtList';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

const columns = [
  { title: 'Order', dataIndex: 'order_id', key: 'order', render: (id: number) => `Order #${id}` },
  { title: 'Date', dataIndex: 'created', key: 'date', render: dateOf },
  {
    title: 'Print',
    key: 'print',
    render: (_: unknown, sale: ArtworkSale) => `${sale.width}″ × ${sale.height}″ ${sale.substrate}`,
  },
  { title: 'Qty', dataIndex: 'quantity', key: 'qty' },
  { title: 'Rate', dataIndex: 'royalty_rate_bp', key: 'rate', render: formatRate },
  { title: 'Royalty', dataIndex: 'royalty', key: 'royalty', render: formatUsd },
];

function Artwork({ id }: { id: number }) {
  const query = useArtwork(id);
  const art = query.data;
  return (
    <QueryState
      isPending={query.isPending}
      error={query.error}
      refetch={query.refetch}
      label="Loading the picture"
    >
      {art ? (
        <>
          <Breadcrumb
            style={{ marginBottom: 16 }}
            items={[
              { title: <Link to="/artist/art">Your Art</Link> },
              { title: art.title || art.local_id },
            ]}
          />
          <Row gutter={[24, 24]}>
            <Col xs={24} md={9}>
              <img src={art.thumb} alt={art.title} style={{ width: '100%', borderRadius: 4 }} />
            </Col>
            <Col xs={24} md={15}>
              <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
                {art.title || art.local_id}
              </Typography.Title>
              <PublishTag published={art.published} />
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {art.max_width} × {art.max_height} px · added {dateOf(art.created)}
              </Typography.Paragraph>
              {art.caption ? <Typography.Paragraph>{art.caption}</Typography.Paragraph> : null}
              <SalesFigures art={art} />
            </Col>
          </Row>
          <Card title="Sales" size="small" style={{ marginTop: 24 }}>
            {art.sales.length === 0 ? (
              <Empty description="No sales yet" />
            ) : (
              <Table
                rowKey={(sale) =>
                  `${sale.order_id}-${sale.created}-${sale.width}-${sale.substrate}`
                }
                columns={columns}
                dataSource={art.sales}
                pagination={false}
                size="small"
                scroll={{ x: 560 }}
              />
            )}
          </Card>
        </>
      ) : null}
    </QueryState>
  );
}

/** /artist/art/:id: one of the artist's pictures with its sales. */
export function ArtworkPage() {
  const id = Number(useParams().id);
  return (
    <RequireLogin>
      {Number.isInteger(id) && id > 0 ? <Artwork id={id} /> : <Empty description="404 Not Found" />}
    </RequireLogin>
  );
}
