import { Empty, Skeleton, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { EntityForm, ErrorDisplay } from '@atelier/ui';
import { apiTypeOf, singularTitle } from '../../shared/build-manage-menu';
import { useApiRoot } from '../../shared/use-api-root';
import { entityPath, useEntity } from '../../shared/entity-queries';
import { ManageBreadcrumb } from '../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../shared/manage-css';
import { entityName } from '../../shared/entity-display';

/**
 * A new entity's starting values where the server has a default the OPTIONS metadata
 * cannot carry (DRF's SimpleMetadata sends no defaults). SPEC §5: a collection is communal
 * and public unless unticked.
 */
const NEW_ENTITY_DEFAULTS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  artist: { active: true },
  'art-usage': { active: true },
  publisher: { active: true },
  collections: { communal: true, public: true },
};

/** A screen whose type the API root does not report (yet). */
export const NOT_SERVED = 'Not available yet.';

/** /manage/{type}/new and /manage/{type}/{id}/edit: the generic form (SPEC §5). */
export function EntityFormPage({ type: fixedType, mode }: { type?: string; mode: 'new' | 'edit' }) {
  const params = useParams();
  const type = fixedType ?? params.type ?? '';
  const apiType = apiTypeOf(type);
  const id = mode === 'edit' ? (params.id ?? '') : undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const root = useApiRoot();
  const served = root.isSuccess && apiType in root.data;
  const entity = useEntity(apiType, id ?? '', id !== undefined && served);
  const kind = singularTitle(type);
  const name = entity.data ? entityName(entity.data) : id ? `#${id}` : '';
  const title = mode === 'new' ? `New ${kind}` : `Edit ${name}`;

  const saved = async (result: Record<string, unknown>) => {
    await queryClient.invalidateQueries({ queryKey: ['manage', apiType] });
    const savedId = typeof result.id === 'number' || typeof result.id === 'string' ? result.id : id;
    void navigate(savedId === undefined ? `/manage/${type}` : `/manage/${type}/${savedId}`);
  };

  return (
    <section className="mg-form">
      <style>{MANAGE_CSS}</style>
      <ManageBreadcrumb
        type={type}
        trail={
          mode === 'new'
            ? [{ title: 'New' }]
            : [{ title: name, href: `/manage/${type}/${id}` }, { title: 'Edit' }]
        }
      />
      <div className="mg-header">
        <Typography.Title level={1}>{title}</Typography.Title>
      </div>
      {root.isPending && <Skeleton active />}
      {root.isError && <ErrorDisplay error={root.error} />}
      {root.isSuccess && !served && <Empty description={NOT_SERVED} />}
      {served && id !== undefined && entity.isPending && <Skeleton active />}
      {id !== undefined && entity.isError && <ErrorDisplay error={entity.error} />}
      {served && (id === undefined || entity.isSuccess) && (
        <EntityForm
          endpoint={entityPath(apiType)}
          id={id}
          entity={entity.data}
          defaults={NEW_ENTITY_DEFAULTS[apiType]}
          submitLabel={mode === 'new' ? `Create ${kind.toLowerCase()}` : 'Save changes'}
          onSaved={(result) => void saved(result)}
          onCancel={() =>
            void navigate(id === undefined ? `/manage/${type}` : `/manage/${type}/${id}`)
          }
        />
      )}
    </section>
  );
}
