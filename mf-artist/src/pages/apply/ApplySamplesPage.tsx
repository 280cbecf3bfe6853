import { Alert, Button, Steps } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { RequireLogin } from '@atelier/ui';
import { PageHeading } from '../../components/PageHeading';
import { ApplicationLocked } from '../../features/application/components/ApplicationLocked';
import { SamplesStep } from '../../shared/SamplesStep';
import { WithApplication } from '../../features/application/components/WithApplication';
import { APPLY_STEPS } from './apply-steps';

/** /artist/apply/sample: 3–10 sample pictures, then the application is sent. */
export function ApplySamplesPage() {
  const navigate = useNavigate();
  return (
    <RequireLogin>
      <PageHeading title="Samples" lead="Show us the work you would like to sell as prints." />
      <Steps current={1} items={APPLY_STEPS} size="small" style={{ marginBottom: 24 }} responsive />
      <WithApplication>
        {(application) => {
          if (application.stage === null) {
            return (
              <Alert
                type="info"
                showIcon
                title="Tell us about yourself first."
                action={
                  <Link to="/artist/apply/info">
                    <Button size="small">About you</Button>
                  </Link>
                }
              />
            );
          }
          if (application.stage !== 'sample')
            return <ApplicationLocked stage={application.stage} />;
          return (
            <SamplesStep
              application={application}
              onSent={() => void navigate('/artist/apply/applied')}
            />
          );
        }}
      </WithApplication>
    </RequireLogin>
  );
}
