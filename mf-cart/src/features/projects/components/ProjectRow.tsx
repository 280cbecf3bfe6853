import { Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { ProjectListEntry } from '@atelier/contracts';
import { itemCountLabel } from '@atelier/session';
import { projectPath, PROJECTS_TEXT } from '../constants';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** One project: id and name linking to it, created date, item count, Ordered when ordered. */
export function ProjectRow({ entry }: { entry: ProjectListEntry }) {
  const { id, name } = entry.project;
  return (
    <li
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'baseline',
        columnGap: 16,
        rowGap: 4,
        padding: '12px 0',
        borderBottom: '1px solid #e8e2d8',
      }}
    >
      <Link
        to={projectPath(id)}
        style={{ flex: '1 1 220px', minWidth: 0, overflowWrap: 'anywhere' }}
      >
        <Typography.Text type="secondary">#{id}</Typography.Text> <strong>{name}</strong>
      </Link>
      <Typography.Text type="secondary">
        {PROJECTS_TEXT.created(DATE_FORMAT.format(new Date(entry.created)))}
      </Typography.Text>
      <span>{itemCountLabel(entry.quantity)}</span>
      {entry.latest_order && <Tag color="blue">{PROJECTS_TEXT.ordered}</Tag>}
    </li>
  );
}
