import { Breadcrumb, Empty, Input, List, Skeleton, Typography } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { api } from '@atelier/api-client';
import type { Page } from '@atelier/contracts';
import { ErrorDisplay } from '@atelier/ui';
import { apiTypeOf, entityLabel } from '../manage-menu/build-manage-menu';

type Entity = { id: number | string } & Record<string, unknown>;

const rowLabel = (entity: Entity): string => {
  for (const key of ['name', 'title', 'full_name', 'email', 'label']) {
    const value = entity[key];
    if (typeof value === 'string' && value) return value;
  }
  return `#${entity.id}`;
};

/** SPEC §2 generic list page: breadcrumbs, a search box (?search=), heading and rows. */
export function EntityListPage({ type: fixedType }: { type?: string }) {
  const params = useParams();
  const type = fixedType ?? params.type ?? '';
  const apiType = apiTypeOf(type);
  const [search, setSearch] = useSearchParams();
  const term = search.get('search') ?? '';
  const list = useQuery({
    queryKey: ['manage', apiType, term],
    queryFn: ({ signal }) =>
      api.get<Page<Entity>>(`/api/${apiType}/`, { params: { search: term, limit: 50 }, signal }),
    placeholderData: keepPreviousData,
  });
  const title = `${entityLabel(type)}s`.replace(/ss$/, 's');
  return (
    <section>
      <Breadcrumb
        items={[
          {
            title: (
              <Link to="/manage" aria-label="Manage home">
                <HomeOutlined />
              </Link>
            ),
          },
          { title },
        ]}
      />
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {title}
      </Typography.Title>
      <Input.Search
        aria-label={`Search ${title}`}
        defaultValue={term}
        allowClear
        onSearch={(value) => setSearch(value ? { search: value } : {})}
        style={{ maxWidth: 360, marginBottom: 16 }}
      />
      {list.isPending && <Skeleton active />}
      {list.isError && <ErrorDisplay error={list.error} />}
      {list.isSuccess &&
        (list.data.results.length === 0 ? (
          <Empty description={term ? 'No results' : 'List is empty'} />
        ) : (
          <List
            header={`${list.data.count.toLocaleString('en-US')} total`}
            dataSource={list.data.results}
            renderItem={(entity) => (
              <List.Item>
                <Link to={`/manage/${type}/${entity.id}`}>{rowLabel(entity)}</Link>
              </List.Item>
            )}
          />
        ))}
    </section>
  );
}
