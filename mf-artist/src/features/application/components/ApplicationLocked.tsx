import { Alert, Button } from 'antd';
import { Link } from 'react-router-dom';
import { APPLICATION_DECLINED, type ApplicationStage } from '@atelier/contracts';
import { nextPathFor } from '../../../shared/stage-paths';

const APPLICATION_SENT_NOTE = 'Your application has been sent and can no longer be changed.';

/** What a declined applicant sees wherever an application form would be: no form, the reason. */
export function ApplicationDeclined() {
  return (
    <Alert
      type="warning"
      showIcon
      title={APPLICATION_DECLINED}
      action={
        <Link to="/artist/message">
          <Button size="small">Read the message</Button>
        </Link>
      }
    />
  );
}

/** What an applicant sees on a step they are past. */
export function ApplicationLocked({ stage }: { stage: ApplicationStage | null }) {
  if (stage === 'declined') return <ApplicationDeclined />;
  return (
    <Alert
      type="info"
      showIcon
      title={APPLICATION_SENT_NOTE}
      action={
        <Link to={nextPathFor(stage)}>
          <Button size="small">Where am I?</Button>
        </Link>
      }
    />
  );
}
