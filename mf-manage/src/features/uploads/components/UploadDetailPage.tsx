import { Alert, Button, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { UPLOAD_NOT_READY, type Upload } from '@atelier/contracts';
import {
  bytesLabel,
  ErrorDisplay,
  FormAlertView,
  PrintReadiness,
  readServerErrors,
  type FormAlert,
} from '@atelier/ui';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { formatDateTime } from '../../../shared/application-labels';
import { ReviewActions } from '../../../shared/ReviewActions';
import { useReviewUpload, useUpload } from '../api/upload-queries';
import {
  APPROVE_UPLOAD_CONFIRM,
  creditOf,
  DECLINE_NEEDS_MESSAGE,
  DECLINE_UPLOAD_CONFIRM,
  IN_CATALOGUE,
  PUBLISH_ADVICE,
  PUBLISHING,
  REVIEW_COLOURS,
  REVIEW_FILTER_LABELS,
  STATUS_LABELS,
  UPLOAD_TYPE,
} from './upload-labels';

const DECLINE_MESSAGE_MAX = 2000;
const DETAIL_CSS = `
.mg-upload-picture img { display: block; max-width: 100%; max-height: 400px; height: auto; border-radius: 6px; background: #f5f2ee; }
.mg-upload-picture .mg-thumb-none { display: grid; place-items: center; height: 200px; border-radius: 6px; background: #f5f2ee; color: rgba(0,0,0,.55); }
.mg-upload-actions { display: grid; gap: 12px; margin-top: 16px; max-width: 640px; }
`;

function Facts({ upload }: { upload: Upload }) {
  const facts: [string, string][] = [
    ['Credit', creditOf(upload)],
    ['Uploaded by', upload.creator],
    ['Uploaded', formatDateTime(upload.created)],
    [
      'File',
      [
        upload.format?.toUpperCase(),
        upload.width && upload.height ? `${upload.width} × ${upload.height} px` : '',
        bytesLabel(upload.bytes),
      ]
        .filter(Boolean)
        .join(', '),
    ],
    ['Image type', upload.image_type],
    ['Keywords', upload.keywords.join(', ')],
    ['Location', upload.location],
  ];
  return (
    <dl className="mg-facts" aria-label="Details">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function Publish({ upload, id }: { upload: Upload; id: number }) {
  const review = useReviewUpload(id);
  const [alert, setAlert] = useState<FormAlert | null>(null);
  if (upload.published) {
    return upload.image === null ? (
      <Alert type="info" showIcon title={PUBLISHING} />
    ) : (
      <Alert
        type="success"
        showIcon
        title={IN_CATALOGUE}
        action={<Link to={`/images/${upload.image}`}>Open image #{upload.image}</Link>}
      />
    );
  }
  if (upload.review !== 'approved') return null;
  const ready = upload.status === 'ready';
  return (
    <div>
      {alert && (
        <FormAlertView alert={{ ...alert, description: alert.description ?? PUBLISH_ADVICE }} />
      )}
      <Button
        type="primary"
        disabled={!ready}
        loading={review.isPending}
        onClick={() => {
          setAlert(null);
          review.mutate(
            { action: 'publish' },
            { onError: (error) => setAlert(readServerErrors(error, []).alert) },
          );
        }}
      >
        Publish
      </Button>
      {!ready && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {UPLOAD_NOT_READY}
        </Typography.Paragraph>
      )}
    </div>
  );
}

/** /manage/upload/:id: the picture, its details and print-readiness; approve, decline, publish. */
export function UploadDetailPage() {
  const id = Number(useParams().id);
  const upload = useUpload(id);
  const review = useReviewUpload(id);
  const data = upload.data;
  const name = data?.name ?? `#${id}`;

  return (
    <section>
      <style>{MANAGE_CSS + DETAIL_CSS}</style>
      <ManageBreadcrumb type={UPLOAD_TYPE} trail={[{ title: name }]} />
      <div className="mg-header">
        <div>
          <Typography.Text type="secondary">Upload #{id}</Typography.Text>
          <Typography.Title level={1}>{name}</Typography.Title>
        </div>
        {data && (
          <div>
            <Tag color={REVIEW_COLOURS[data.review]}>{REVIEW_FILTER_LABELS[data.review]}</Tag>
            <Tag
              color={
                data.status === 'failed'
                  ? 'error'
                  : data.status === 'processing'
                    ? 'processing'
                    : 'default'
              }
            >
              {STATUS_LABELS[data.status]}
            </Tag>
            {data.published && <Tag color="blue">Published</Tag>}
          </div>
        )}
      </div>
      {upload.isPending && <Skeleton active />}
      {upload.isError && <ErrorDisplay error={upload.error} />}
      {data && (
        <div className="mg-detail">
          <div className="mg-upload-picture">
            {data.thumb ? (
              <img src={data.thumb} alt={data.name} />
            ) : (
              <div className="mg-thumb-none">
                {data.status === 'processing' ? 'Making the preview…' : 'No preview'}
              </div>
            )}
          </div>
          {data.status === 'failed' && (
            <Alert type="error" showIcon title="Processing failed" description={data.problem} />
          )}
          {data.review === 'declined' && data.review_message && (
            <Alert
              type="warning"
              showIcon
              title="Declined"
              description={
                <span style={{ whiteSpace: 'pre-wrap' }}>Message: {data.review_message}</span>
              }
            />
          )}
          <Facts upload={data} />
          {data.caption && (
            <dl className="mg-long">
              <dt className="mg-section-title">Caption</dt>
              <dd>{data.caption}</dd>
            </dl>
          )}
          {data.width && data.height ? (
            <PrintReadiness width={data.width} height={data.height} />
          ) : null}
          <div className="mg-upload-actions">
            <Publish upload={data} id={id} />
            {!data.published && (
              <>
                <h2 className="mg-section-title">Review</h2>
                <ReviewActions
                  label="Review"
                  messageLabel="Message to the artist"
                  messageHelp="Needed to decline; the artist reads it with the upload."
                  maxLength={DECLINE_MESSAGE_MAX}
                  declineNeedsMessage={DECLINE_NEEDS_MESSAGE}
                  approveConfirm={APPROVE_UPLOAD_CONFIRM}
                  declineConfirm={DECLINE_UPLOAD_CONFIRM}
                  approveWithMessage={false}
                  approveHidden={data.review === 'approved'}
                  onApprove={() => review.mutateAsync({ action: 'approve' })}
                  onDecline={(message) => review.mutateAsync({ action: 'decline', message })}
                />
              </>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
