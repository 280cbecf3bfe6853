import { Button, Card, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PaginationBar, RequireLogin } from '@atelier/ui';
import { PageHeading } from '../../components/PageHeading';
import { QueryState } from '../../components/QueryState';
import { useArtList } from '../../features/art/api/art';
import { ArtList, SalesFigures } from '../../features/art/components/ArtList';

const ART_PAGE_SIZE = 20;

/**
 * /artist/art: the totals and the pictures that sold; /artist/art/all: every picture.
 */
export function ArtListPage({ all }: { all: boolean }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(ART_PAGE_SIZE);
  const query = useArtList({ sold: !all, limit: pageSize, offset: (page - 1) * pageSize });
  return (
    <RequireLogin>
      <PageHeading
        title={all ? 'All Your Art' : 'Your Art'}
        lead={
          all
            ? 'Every picture of yours in the catalogue.'
            : 'Your sales and the pictures that sold.'
        }
      />
      <QueryState
        isPending={query.isPending}
        error={query.error}
        refetch={query.refetch}
        label="Loading your art"
      >
        {query.data ? (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            {all ? null : (
              <Card size="small" title="All-time sales">
                <SalesFigures art={query.data.totals} />
              </Card>
            )}
            <Space wrap>
              <Link to={all ? '/artist/art' : '/artist/art/all'}>
                <Button>{all ? 'Sales overview' : 'All your art'}</Button>
              </Link>
              <Link to="/artist/upload">
                <Button type="primary">Upload</Button>
              </Link>
            </Space>
            <ArtList page={query.data} />
            {query.data.count > pageSize ? (
              <PaginationBar
                count={query.data.count}
                page={page}
                pageSize={pageSize}
                onChange={(next, size) => {
                  setPage(next);
                  setPageSize(size);
                }}
              />
            ) : null}
          </Space>
        ) : null}
      </QueryState>
    </RequireLogin>
  );
}
