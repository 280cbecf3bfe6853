import { Alert, Button } from 'antd';
import { Link } from 'react-router-dom';
import type { ApplicationStage } from '@atelier/contracts';
import { nextPathFor } from '../stage-paths';

export const APPLICATION_SENT_NOTE = 'Your application has been sent and can no longer be changed.';

/** What an applicant sees on a step they are past. */
export function ApplicationLocked({ stage }: { stage: ApplicationStage | null }) {
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
