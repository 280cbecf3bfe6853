import { Button, Skeleton, Typography } from 'antd';
import EditOutlined from '@ant-design/icons/EditOutlined';
import { useNavigate, useParams } from 'react-router-dom';
import { ErrorDisplay } from '@atelier/ui';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { useRoyaltyLevel, useRoyaltyLevelRates } from '../api/royalty-level-queries';
import { RateHistory } from './RateHistory';
import { artistCountLabel, formatDay, formatPercent, RATE_RULE } from './royalty-level-labels';
import { ROYALTY_LEVELS_CSS } from './royalty-levels-css';

/** /manage/royalty-levels/:id: the level, its artists, and its rates over time. */
export function RoyaltyLevelDetailPage() {
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const level = useRoyaltyLevel(id);
  const rates = useRoyaltyLevelRates(id);
  const name = level.data?.name ?? `#${id}`;

  return (
    <section>
      <style>{MANAGE_CSS + ROYALTY_LEVELS_CSS}</style>
      <ManageBreadcrumb type="royalty-levels" trail={[{ title: name }]} />
      <div className="mg-header">
        <Typography.Title level={1}>{name}</Typography.Title>
        {level.isSuccess && (
          <Button
            icon={<EditOutlined />}
            onClick={() => void navigate(`/manage/royalty-levels/${id}/edit`)}
          >
            Edit
          </Button>
        )}
      </div>
      {level.isPending && <Skeleton active />}
      {level.isError && <ErrorDisplay error={level.error} />}
      {level.isSuccess && (
        <dl className="mg-facts rl-facts">
          <div>
            <dt>Rate</dt>
            <dd>{formatPercent(level.data.rate_percent)}</dd>
          </div>
          <div>
            <dt>Since</dt>
            <dd>{formatDay(level.data.effective_from)}</dd>
          </div>
          <div>
            <dt>Scheduled change</dt>
            <dd>
              {level.data.next_rate_percent !== null && level.data.next_effective_from !== null
                ? `${formatPercent(level.data.next_rate_percent)} from ${formatDay(level.data.next_effective_from)}`
                : 'None'}
            </dd>
          </div>
          <div>
            <dt>Artists</dt>
            <dd>{artistCountLabel(level.data.artist_count)}</dd>
          </div>
          <div>
            <dt>Default level</dt>
            <dd>{level.data.is_default ? 'Yes' : 'No'}</dd>
          </div>
          {level.data.description && (
            <div className="mg-long">
              <dt>Description</dt>
              <dd>{level.data.description}</dd>
            </div>
          )}
        </dl>
      )}
      <h2 className="mg-section-title">Rate history</h2>
      <Typography.Paragraph type="secondary">{RATE_RULE}</Typography.Paragraph>
      {rates.isPending && <Skeleton active />}
      {rates.isError && <ErrorDisplay error={rates.error} />}
      {rates.isSuccess && <RateHistory levelId={id} rates={rates.data.results} />}
    </section>
  );
}
