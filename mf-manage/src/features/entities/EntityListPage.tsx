import { Button, Empty, Input, Skeleton, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, groupThousands } from '@atelier/contracts';
import { ErrorDisplay, PaginationBar } from '@atelier/ui';
import { apiTypeOf, pluralTitle, singularTitle } from '../../shared/build-manage-menu';
import { useApiRoot } from '../../shared/use-api-root';
import { useEntityList, useEntityOptions } from '../../shared/entity-queries';
import { ManageBreadcrumb } from '../../shared/ManageBreadcrumb';
import { LIST_IS_EMPTY, NO_RESULTS } from '../../shared/list-messages';
import { MANAGE_CSS } from '../../shared/manage-css';
import { entityName, rowFacts } from '../../shared/entity-display';

/** SPEC §8 Empty lists. */

const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

/**
 * SPEC §2 generic list page: breadcrumbs (home icon, plural title), a search box setting the
 * query param `search`, the heading, rows linking to /manage/{type}/{id}, the Pagination bar.
 * A type the API does not serve yet shows an empty list, never an error.
 */
export function EntityListPage({ type: fixedType }: { type?: string }) {
  const params = useParams();
  const type = fixedType ?? params.type ?? '';
  const apiType = apiTypeOf(type);
  const root = useApiRoot();
  const served = root.isSuccess && apiType in root.data;
  const navigate = useNavigate();
  const [query, setQuery] = useSearchParams();
  const search = query.get('search') ?? '';
  const page = positive(query.get('page'), 1);
  const pageSize = positive(query.get('page_size'), DEFAULT_PAGE_SIZE);
  const list = useEntityList(apiType, { search, page, pageSize }, served);
  const options = useEntityOptions(apiType, undefined, served);
  const canCreate = Boolean(options.data?.actions?.POST);
  const title = pluralTitle(type);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(query);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setQuery(next);
  };

  return (
    <section>
      <style>{MANAGE_CSS}</style>
      <ManageBreadcrumb type={type} />
      <div className="mg-header">
        <Typography.Title level={1}>{title}</Typography.Title>
        {canCreate && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(`/manage/${type}/new`)}
          >
            New {singularTitle(type)}
          </Button>
        )}
      </div>
      <div className="mg-toolbar">
        <Input.Search
          key={search}
          aria-label={`Search ${title}`}
          placeholder={`Search ${title.toLowerCase()}`}
          defaultValue={search}
          allowClear
          onSearch={(value) => update({ search: value.trim(), page: null })}
        />
      </div>
      {(root.isPending || (served && list.isPending)) && <Skeleton active />}
      {root.isError && <ErrorDisplay error={root.error} />}
      {root.isSuccess && !served && <Empty description={LIST_IS_EMPTY} />}
      {list.isError && <ErrorDisplay error={list.error} />}
      {served && list.isSuccess && list.data.results.length === 0 && (
        <Empty description={search ? NO_RESULTS : LIST_IS_EMPTY} />
      )}
      {served && list.isSuccess && list.data.results.length > 0 && (
        <>
          <ul className="mg-rows" aria-label={title} aria-busy={list.isFetching}>
            {list.data.results.map((entity) => (
              <li key={entity.id} className="mg-row">
                <Link to={`/manage/${type}/${entity.id}`}>{entityName(entity)}</Link>
                {rowFacts(entity).length > 0 && (
                  <span className="mg-row-facts">{rowFacts(entity).join(' · ')}</span>
                )}
                <span className="mg-row-id">#{entity.id}</span>
              </li>
            ))}
          </ul>
          <PaginationBar
            count={list.data.count}
            page={page}
            pageSize={pageSize}
            ariaLabel={`${title} pages`}
            formatCount={(count) => `${groupThousands(count)} total`}
            onChange={(nextPage, nextSize) =>
              update({
                page: nextPage > 1 ? String(nextPage) : null,
                page_size: nextSize === DEFAULT_PAGE_SIZE ? null : String(nextSize),
              })
            }
          />
        </>
      )}
    </section>
  );
}
