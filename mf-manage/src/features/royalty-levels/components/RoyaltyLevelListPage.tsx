import { Alert, Button, Empty, Input, Skeleton, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorDisplay } from '@atelier/ui';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { useRoyaltyLevels } from '../api/royalty-level-queries';
import { RoyaltyLevelTable } from './RoyaltyLevelTable';
import { ROYALTY_LEVELS_CSS } from './royalty-levels-css';
import { NO_LEVELS, RATE_RULE } from './royalty-level-labels';

/** /manage/royalty-levels: every level with its rate, since when, and its artists. */
export function RoyaltyLevelListPage() {
  const navigate = useNavigate();
  const [query, setQuery] = useSearchParams();
  const search = query.get('search') ?? '';
  const levels = useRoyaltyLevels(search);

  return (
    <section>
      <style>{MANAGE_CSS + ROYALTY_LEVELS_CSS}</style>
      <ManageBreadcrumb type="royalty-levels" />
      <div className="mg-header">
        <Typography.Title level={1}>Royalty Levels</Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => void navigate('/manage/royalty-levels/new')}
        >
          New Royalty Level
        </Button>
      </div>
      <Alert type="info" showIcon title={RATE_RULE} style={{ marginBottom: 12 }} />
      <div className="mg-toolbar">
        <Input.Search
          key={search}
          aria-label="Search Royalty Levels"
          placeholder="Search royalty levels"
          defaultValue={search}
          allowClear
          onSearch={(value) => setQuery(value.trim() ? { search: value.trim() } : {})}
        />
      </div>
      {levels.isPending && <Skeleton active />}
      {levels.isError && <ErrorDisplay error={levels.error} />}
      {levels.isSuccess && levels.data.results.length === 0 && (
        <Empty description={search ? 'No results' : NO_LEVELS} />
      )}
      {levels.isSuccess && levels.data.results.length > 0 && (
        <RoyaltyLevelTable levels={levels.data.results} busy={levels.isFetching} />
      )}
    </section>
  );
}
