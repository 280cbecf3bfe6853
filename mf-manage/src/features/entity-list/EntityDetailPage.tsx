import { Descriptions, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { api } from '@atelier/api-client';
import { ErrorDisplay } from '@atelier/ui';
import { apiTypeOf, entityLabel } from '../manage-menu/build-manage-menu';

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A generic entity's fields, as the API gives them. */
export function EntityDetailPage({ type: fixedType }: { type?: string }) {
  const params = useParams();
  const type = fixedType ?? params.type ?? '';
  const id = params.id ?? '';
  const apiType = apiTypeOf(type);
  const entity = useQuery({
    queryKey: ['manage', apiType, 'detail', id],
    queryFn: ({ signal }) =>
      api.get<Record<string, unknown>>(`/api/${apiType}/${encodeURIComponent(id)}/`, { signal }),
  });
  return (
    <section>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {entityLabel(type)} {id}
      </Typography.Title>
      {entity.isPending && <Skeleton active />}
      {entity.isError && <ErrorDisplay error={entity.error} />}
      {entity.isSuccess && (
        <Descriptions bordered column={1} size="small">
          {Object.entries(entity.data).map(([key, value]) => (
            <Descriptions.Item key={key} label={key}>
              {show(value)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </section>
  );
}
