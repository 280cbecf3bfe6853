import { Alert, Image, Skeleton, Tag, Typography } from 'antd';
import { useParams } from 'react-router-dom';
import { DECISION_MESSAGE_MAX_LENGTH, type StaffApplication } from '@atelier/contracts';
import { ErrorDisplay } from '@atelier/ui';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { useApplication, useDecideApplication } from '../api/application-queries';
import {
  APPROVE_CONFIRM,
  applicationState,
  DECISION_SENT,
  DECLINE_CONFIRM,
  DECLINE_NEEDS_MESSAGE,
  formatDateTime,
} from '../../../shared/application-labels';
import { APPLICATION_TYPE } from './ApplicationListPage';
import { ReviewActions } from '../../../shared/ReviewActions';

const SAMPLES_CSS = `
.mg-samples { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 320px), 1fr)); gap: 16px; margin: 8px 0 24px; padding: 0; list-style: none; }
.mg-samples figure { margin: 0; }
.mg-samples .ant-image, .mg-samples img { width: 100%; }
.mg-samples img { height: 320px; object-fit: contain; background: #f5f2ee; border-radius: 6px; }
.mg-samples figcaption { color: rgba(0,0,0,.55); font-size: 13px; margin-top: 4px; overflow-wrap: anywhere; }
`;

function Facts({ application }: { application: StaffApplication }) {
  const facts: [string, string][] = [
    ['Email', application.email],
    ['Sent', formatDateTime(application.submitted_at)],
    ['Location', application.location],
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
      {application.links.length > 0 && (
        <div>
          <dt>Links</dt>
          <dd>
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {application.links.map((link) => (
                <li key={link}>
                  <a href={link} target="_blank" rel="noopener noreferrer nofollow">
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  );
}

function Decided({ application }: { application: StaffApplication }) {
  const shown = applicationState(application);
  return (
    <Alert
      type={shown.state === 'approved' ? 'success' : 'warning'}
      showIcon
      title={`${shown.label} on ${formatDateTime(application.decided_at)}`}
      description={
        <>
          {application.decision_message && (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
              Message: {application.decision_message}
            </Typography.Paragraph>
          )}
          <Typography.Text type="secondary">{DECISION_SENT}</Typography.Text>
        </>
      }
    />
  );
}

/** /manage/artist-application/:id: who applied, their practice and samples; the decision. */
export function ApplicationDetailPage() {
  const id = Number(useParams().id);
  const application = useApplication(id);
  const decide = useDecideApplication(id);
  const data = application.data;
  const name = data ? data.full_name || data.email : `#${id}`;

  return (
    <section>
      <style>{MANAGE_CSS + SAMPLES_CSS}</style>
      <ManageBreadcrumb type={APPLICATION_TYPE} trail={[{ title: name }]} />
      <div className="mg-header">
        <div>
          <Typography.Text type="secondary">Artist application #{id}</Typography.Text>
          <Typography.Title level={1}>{name}</Typography.Title>
        </div>
        {data && (
          <Tag color={applicationState(data).color} style={{ fontSize: 14, padding: '2px 10px' }}>
            {applicationState(data).label}
          </Tag>
        )}
      </div>
      {application.isPending && <Skeleton active />}
      {application.isError && <ErrorDisplay error={application.error} />}
      {data && (
        <>
          <Facts application={data} />
          {data.practice && (
            <dl className="mg-long">
              <dt className="mg-section-title">Practice</dt>
              <dd>{data.practice}</dd>
            </dl>
          )}
          {data.bio && (
            <dl className="mg-long">
              <dt className="mg-section-title">About</dt>
              <dd>{data.bio}</dd>
            </dl>
          )}
          <h2 className="mg-section-title">Samples ({data.samples.length})</h2>
          <ul className="mg-samples" aria-label="Samples">
            {data.samples.map((sample) => (
              <li key={sample.id}>
                <figure>
                  <Image
                    src={sample.url}
                    alt={`Sample ${sample.name}`}
                    preview={{ mask: 'Enlarge' }}
                  />
                  <figcaption>
                    {sample.name} · {sample.width} × {sample.height} px
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
          {data.decision ? (
            <Decided application={data} />
          ) : (
            <>
              <h2 className="mg-section-title">Decision</h2>
              <ReviewActions
                label="Decision"
                messageLabel="Message to the applicant"
                messageHelp="Emailed to them and shown on their artist message page. Needed to decline."
                maxLength={DECISION_MESSAGE_MAX_LENGTH}
                declineNeedsMessage={DECLINE_NEEDS_MESSAGE}
                approveConfirm={APPROVE_CONFIRM}
                declineConfirm={DECLINE_CONFIRM}
                approveWithMessage
                onApprove={(message) =>
                  decide.mutateAsync({ decision: 'approve', ...(message ? { message } : {}) })
                }
                onDecline={(message) => decide.mutateAsync({ decision: 'decline', message })}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
