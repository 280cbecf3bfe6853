import { Button, Skeleton, Switch, Typography } from 'antd';
import EditOutlined from '@ant-design/icons/EditOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import { useNavigate, useParams } from 'react-router-dom';
import { usePreferencesStore } from '@atelier/session';
import { ErrorDisplay } from '@atelier/ui';
import { apiTypeOf, singularTitle } from '../../shared/build-manage-menu';
import { useEntity, useEntityOptions } from '../../shared/entity-queries';
import { DeleteEntityButton } from './components/DeleteEntityButton';
import { FactValue, layOut } from './components/EntityFacts';
import { ManageBreadcrumb } from '../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../shared/manage-css';
import { entityName } from '../../shared/entity-display';

/**
 * One entity laid out by field type (pictures, facts, long text), with the showAllFields and
 * showRaw local preferences (SPEC §3) and an Edit button when the caller may edit it.
 */
export function EntityDetailPage({ type: fixedType }: { type?: string }) {
  const params = useParams();
  const type = fixedType ?? params.type ?? '';
  const id = params.id ?? '';
  const apiType = apiTypeOf(type);
  const navigate = useNavigate();
  const entity = useEntity(apiType, id);
  const options = useEntityOptions(apiType, id);
  const showAll = usePreferencesStore((state) => state.showAllFields);
  const showRaw = usePreferencesStore((state) => state.showRaw);
  const setPreference = usePreferencesStore((state) => state.setPreference);
  const fields = options.data?.actions?.PUT ?? null;
  const name = entity.data ? entityName(entity.data) : `#${id}`;

  return (
    <section>
      <style>{MANAGE_CSS}</style>
      <ManageBreadcrumb type={type} trail={[{ title: name }]} />
      <div className="mg-header">
        <div>
          <Typography.Text type="secondary">
            {singularTitle(type)} #{id}
          </Typography.Text>
          <Typography.Title level={1}>{name}</Typography.Title>
        </div>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {type === 'artist-profile' && (
            <Button
              icon={<MailOutlined />}
              onClick={() => void navigate(`/manage/artist-profile/${id}/email`)}
            >
              Email
            </Button>
          )}
          {fields && (
            <Button
              icon={<EditOutlined />}
              onClick={() => void navigate(`/manage/${type}/${id}/edit`)}
            >
              Edit
            </Button>
          )}
          {options.data?.actions?.DELETE && (
            <DeleteEntityButton type={type} apiType={apiType} id={id} name={name} />
          )}
        </div>
      </div>
      {entity.isPending && <Skeleton active />}
      {entity.isError && <ErrorDisplay error={entity.error} />}
      {entity.isSuccess && <DetailBody entity={entity.data} fields={fields} showAll={showAll} />}
      <div className="mg-prefs">
        <label>
          <Switch
            size="small"
            checked={showAll}
            onChange={(checked) => setPreference('showAllFields', checked)}
          />{' '}
          Show all fields
        </label>
        <label>
          <Switch
            size="small"
            checked={showRaw}
            onChange={(checked) => setPreference('showRaw', checked)}
          />{' '}
          Show raw data
        </label>
      </div>
      {showRaw && entity.isSuccess && (
        <pre className="mg-raw" aria-label="Raw data">
          {JSON.stringify(entity.data, null, 2)}
        </pre>
      )}
    </section>
  );
}

function DetailBody({
  entity,
  fields,
  showAll,
}: {
  entity: Parameters<typeof layOut>[0];
  fields: Parameters<typeof layOut>[1];
  showAll: boolean;
}) {
  const { pictures, facts, long } = layOut(entity, fields, showAll);
  return (
    <div className={`mg-detail${pictures.length > 0 ? ' has-media' : ''}`}>
      <div>
        <dl className="mg-facts" aria-label="Details">
          {facts.map(({ name, field }) => (
            <div key={name}>
              <dt>{field.label ?? name}</dt>
              <dd>
                <FactValue name={name} field={field} value={entity[name]} />
              </dd>
            </div>
          ))}
        </dl>
        {long.map(({ name, field }) => (
          <dl key={name} className="mg-long">
            <dt className="mg-section-title">{field.label ?? name}</dt>
            <dd>{String(entity[name])}</dd>
          </dl>
        ))}
      </div>
      {pictures.length > 0 && (
        <div className="mg-media">
          {pictures.map((picture) => (
            <img key={picture.name} src={picture.src} alt={picture.label} loading="lazy" />
          ))}
        </div>
      )}
    </div>
  );
}
