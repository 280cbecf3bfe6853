import { Alert, Empty, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { UPLOAD_REVIEW_LABELS, type Upload } from '@atelier/contracts';
import { usePreferencesStore } from '@atelier/session';
import { uploadErrorText } from '@atelier/ui';
import { useUploads } from '../api/get-uploads';

/** SPEC §8 empty list. */
export const NO_UPLOADS = 'List is empty';
const RECENT = 20;

const REVIEW_COLOURS: Record<Upload['review'], string> = {
  pending: 'default',
  approved: 'success',
  declined: 'error',
};

/** SPEC §3 uploadsView: how the artist's uploads are shown. */
type UploadsView = 'list' | 'grid';
const viewOf = (value: string | null): UploadsView => (value === 'grid' ? 'grid' : 'list');

function UploadRow({ upload, view }: { upload: Upload; view: UploadsView }) {
  const grid = view === 'grid';
  const side = grid ? 160 : 72;
  return (
    <li
      style={
        grid
          ? { display: 'flex', flexDirection: 'column', gap: 6, width: side }
          : { display: 'flex', gap: 12, padding: '10px 0', borderBottom: '1px solid #ece6dc' }
      }
    >
      <div
        style={{ width: side, height: side, flex: 'none', background: '#f4efe7', borderRadius: 4 }}
      >
        {upload.thumb && (
          <img
            src={upload.thumb}
            alt=""
            width={side}
            height={side}
            style={{ objectFit: 'cover', borderRadius: 4 }}
          />
        )}
      </div>
      <Space orientation="vertical" size={2} style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis>
          {upload.name}
        </Typography.Text>
        <Space size={4} wrap>
          {upload.status === 'processing' && <Tag color="processing">Processing</Tag>}
          {upload.status === 'failed' && <Tag color="error">Failed</Tag>}
          <Tag color={REVIEW_COLOURS[upload.review]}>{UPLOAD_REVIEW_LABELS[upload.review]}</Tag>
          {upload.published && <Tag color="success">Published</Tag>}
        </Space>
        {upload.problem && <Typography.Text type="danger">{upload.problem}</Typography.Text>}
        {upload.review_message && (
          <Typography.Text type="secondary">Staff: {upload.review_message}</Typography.Text>
        )}
      </Space>
    </li>
  );
}

/** The artist's recent uploads with their processing, review and publish state. */
export function MyUploads() {
  const uploads = useUploads(0, RECENT);
  const view = viewOf(usePreferencesStore((s) => s.uploadsView));
  const setPreference = usePreferencesStore((s) => s.setPreference);
  return (
    <section aria-labelledby="my-uploads">
      <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }} wrap>
        <Typography.Title level={2} id="my-uploads" style={{ fontSize: 18, margin: 0 }}>
          Your uploads
        </Typography.Title>
        <Segmented
          aria-label="Show uploads as"
          size="small"
          value={view}
          onChange={(value) => setPreference('uploadsView', value)}
          options={[
            { value: 'list', label: 'List' },
            { value: 'grid', label: 'Grid' },
          ]}
        />
      </Space>
      {uploads.isPending ? (
        <Skeleton active />
      ) : uploads.isError ? (
        <Alert type="error" showIcon title={uploadErrorText(uploads.error)} />
      ) : uploads.data.results.length === 0 ? (
        <Empty description={NO_UPLOADS} />
      ) : (
        <ul
          aria-label="Your uploads"
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            ...(view === 'grid' ? { display: 'flex', flexWrap: 'wrap', gap: 16 } : {}),
          }}
        >
          {uploads.data.results.map((upload) => (
            <UploadRow key={upload.id} upload={upload} view={view} />
          ))}
        </ul>
      )}
    </section>
  );
}
