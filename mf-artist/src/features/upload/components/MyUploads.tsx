import { Alert, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { UPLOAD_REVIEW_LABELS, type Upload } from '@atelier/contracts';
import { useUploads } from '../api/get-uploads';
import { uploadErrorText } from '../lib/upload-errors';

/** SPEC §8 empty list. */
export const NO_UPLOADS = 'List is empty';
const RECENT = 20;

const REVIEW_COLOURS: Record<Upload['review'], string> = {
  pending: 'default',
  approved: 'success',
  declined: 'error',
};

function UploadRow({ upload }: { upload: Upload }) {
  return (
    <li style={{ display: 'flex', gap: 12, padding: '10px 0', borderBottom: '1px solid #ece6dc' }}>
      <div style={{ width: 72, height: 72, flex: 'none', background: '#f4efe7', borderRadius: 4 }}>
        {upload.thumb && (
          <img
            src={upload.thumb}
            alt=""
            width={72}
            height={72}
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
  return (
    <section aria-labelledby="my-uploads">
      <Typography.Title level={2} id="my-uploads" style={{ fontSize: 18 }}>
        Your uploads
      </Typography.Title>
      {uploads.isPending ? (
        <Skeleton active />
      ) : uploads.isError ? (
        <Alert type="error" showIcon title={uploadErrorText(uploads.error)} />
      ) : uploads.data.results.length === 0 ? (
        <Empty description={NO_UPLOADS} />
      ) : (
        <ul aria-label="Your uploads" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {uploads.data.results.map((upload) => (
            <UploadRow key={upload.id} upload={upload} />
          ))}
        </ul>
      )}
    </section>
  );
}
