import { Button, Card, Result, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import { Loading } from '@atelier/ui';
import { WithApplication } from '../features/application/components/WithApplication';
import { nextPathFor } from '../shared/stage-paths';
import type { ArtistApplication } from '@atelier/contracts';
import { ArtistSignInPage } from './ArtistSignInPage';
import { APPLICATION_WAITING } from './apply/AppliedPage';

function StaffMessage({ application }: { application: ArtistApplication }) {
  if (!application.decision_message) return null;
  return (
    <Card title="From our curators" style={{ maxWidth: 640, margin: '0 auto', textAlign: 'left' }}>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
        {application.decision_message}
      </Typography.Paragraph>
    </Card>
  );
}

function Decision({ application }: { application: ArtistApplication }) {
  const decided = application.decided_at
    ? new Date(application.decided_at).toLocaleDateString('en-US', { dateStyle: 'long' })
    : '';
  if (application.decision === 'approved') {
    return (
      <Result
        status="success"
        title="Your application is approved"
        subTitle={`Welcome to the Artist Portal (${decided}). Set up royalty, tax and payout details to start selling.`}
        extra={[
          <Link key="go" to={nextPathFor(application.stage)}>
            <Button type="primary">
              {application.stage === 'payment' ? 'Your art' : 'Set up your account'}
            </Button>
          </Link>,
        ]}
      >
        <StaffMessage application={application} />
      </Result>
    );
  }
  if (application.decision === 'declined') {
    return (
      <Result
        status="warning"
        title="Your application was not accepted"
        subTitle={`Our curators reviewed your work on ${decided}.`}
      >
        <StaffMessage application={application} />
      </Result>
    );
  }
  if (application.stage === 'applied') {
    return <Result status="info" title="No decision yet" subTitle={APPLICATION_WAITING} />;
  }
  return (
    <Result
      status="info"
      title="No messages"
      subTitle="Apply to the Artist Portal to sell your work as prints."
      extra={
        <Link to={nextPathFor(application.stage)}>
          <Button type="primary">Apply</Button>
        </Link>
      }
    />
  );
}

/** /artist/message: the staff decision on the application and their message. */
export function MessagePage() {
  const user = useAuthStore((s) => s.user);
  const status = useAuthStore((s) => s.status);
  if (status === 'booting') return <Loading label="Loading your session" />;
  if (!user) {
    return (
      <ArtistSignInPage title="Artist Message" next="/artist/message" nextLabel="Your message" />
    );
  }
  return (
    <WithApplication>{(application) => <Decision application={application} />}</WithApplication>
  );
}
