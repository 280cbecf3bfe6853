import { Button, Input, Progress, Space, Tag, Typography } from 'antd';
import { bytesLabel } from './file-checks';
import { ITEM_STATE_LABELS, type ItemState, type QueueItem } from './upload-queue';
import PrintReadiness from './PrintReadiness';

const TAG_COLOURS: Record<ItemState, string> = {
  checking: 'default',
  refused: 'error',
  uploading: 'processing',
  reconnecting: 'warning',
  paused: 'default',
  uploaded: 'success',
  failed: 'error',
  saving: 'processing',
  saved: 'success',
  invalid: 'error',
};

const progressStatus = (state: ItemState) =>
  state === 'refused' || state === 'failed'
    ? 'exception'
    : state === 'uploaded' || state === 'saved'
      ? 'success'
      : state === 'uploading' || state === 'reconnecting'
        ? 'active'
        : 'normal';

export interface UploadQueueProps {
  items: readonly QueueItem[];
  /** Advanced mode: each picture is named here (basic mode names it in the form). */
  nameEach: boolean;
  onRename(key: string, name: string): void;
  onResume(key: string): void;
  onPause(key: string): void;
  onRemove(key: string): void;
}

/** One row per picture: its progress, its state and its own problem, never another's. */
function UploadQueue({ items, nameEach, onRename, onResume, onPause, onRemove }: UploadQueueProps) {
  return (
    <ul aria-label="Pictures" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => {
        const percent = item.bytes > 0 ? Math.floor((item.sent / item.bytes) * 100) : 0;
        const done = item.fileId !== null;
        // A refused file will never be sent, and a sent one is settled: neither is named.
        const editable =
          nameEach && item.state !== 'saved' && item.state !== 'saving' && item.state !== 'refused';
        return (
          <li
            key={item.key}
            aria-label={item.fileName}
            style={{ borderBottom: '1px solid #ece6dc', padding: '12px 0' }}
          >
            <Space orientation="vertical" size={6} style={{ width: '100%' }}>
              <Space wrap size={8} style={{ justifyContent: 'space-between', width: '100%' }}>
                <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                  {item.fileName}
                </Typography.Text>
                <Space size={8} wrap>
                  <Typography.Text type="secondary">{bytesLabel(item.bytes)}</Typography.Text>
                  <Tag color={TAG_COLOURS[item.state]}>{ITEM_STATE_LABELS[item.state]}</Tag>
                </Space>
              </Space>
              <Progress
                percent={done ? 100 : percent}
                status={progressStatus(item.state)}
                aria-label={`${item.fileName} upload progress`}
              />
              {item.error && (
                <Typography.Text type="danger" role="alert">
                  {item.error}
                </Typography.Text>
              )}
              {editable && (
                <Input
                  aria-label={`Name of ${item.fileName}`}
                  value={item.name}
                  maxLength={300}
                  status={item.name.trim() ? undefined : 'error'}
                  onChange={(event) => onRename(item.key, event.target.value)}
                />
              )}
              {item.picture && (
                <Space wrap size={16} align="start">
                  <Typography.Text type="secondary">
                    {item.picture.format.toUpperCase()}, {item.picture.width} ×{' '}
                    {item.picture.height} px
                  </Typography.Text>
                  <PrintReadiness width={item.picture.width} height={item.picture.height} />
                </Space>
              )}
              <Space size={8} wrap>
                {(item.state === 'uploading' || item.state === 'reconnecting') && (
                  <Button size="small" onClick={() => onPause(item.key)}>
                    Pause
                  </Button>
                )}
                {(item.state === 'paused' || (item.state === 'failed' && item.retryable)) && (
                  <Button size="small" type="primary" onClick={() => onResume(item.key)}>
                    Resume
                  </Button>
                )}
                {item.state !== 'saved' && item.state !== 'saving' && (
                  <Button size="small" onClick={() => onRemove(item.key)}>
                    Remove
                  </Button>
                )}
              </Space>
            </Space>
          </li>
        );
      })}
    </ul>
  );
}

export default UploadQueue;
