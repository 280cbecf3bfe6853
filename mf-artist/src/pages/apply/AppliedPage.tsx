import { Button, Result, Steps } from 'antd';
import { Link } from 'react-router-dom';
import { RequireLogin } from '@atelier/ui';
import { WithApplication } from '../../features/application/components/WithApplication';
import { nextPathFor } from '../../shared/stage-paths';
import { APPLY_STEPS } from './apply-steps';

export const APPLICATION_WAITING = 'Your application is with our curators.';

/** /artist/apply/applied: the application waits for staff review. */
export function AppliedPage() {
  return (
    <RequireLogin>
      <Steps current={2} items={APPLY_STEPS} size="small" style={{ marginBottom: 8 }} responsive />
      <WithApplication>
        {(application) =>
          application.stage === 'applied' ? (
            <Result
              status="success"
              title="Application sent"
              subTitle={`${APPLICATION_WAITING} You will find their answer on your artist message page and in your email.`}
              extra={
                <Link to="/artist/message">
                  <Button>Artist message</Button>
                </Link>
              }
            />
          ) : (
            <Result
              status="info"
              title={
                application.stage === null ? 'No application yet' : 'Your application was reviewed'
              }
              extra={
                <Link
                  to={application.decision ? '/artist/message' : nextPathFor(application.stage)}
                >
                  <Button type="primary">Continue</Button>
                </Link>
              }
            />
          )
        }
      </WithApplication>
    </RequireLogin>
  );
}
