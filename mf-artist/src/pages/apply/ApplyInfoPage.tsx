import { Steps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import { RequireLogin } from '@atelier/ui';
import { PageHeading } from '../../components/PageHeading';
import { ApplicationInfoForm } from '../../features/application/components/ApplicationInfoForm';
import { ApplicationLocked } from '../../features/application/components/ApplicationLocked';
import { WithApplication } from '../../features/application/components/WithApplication';
import { APPLY_STEPS } from './apply-steps';

/** /artist/apply/info: who the applicant is, their practice and links. */
export function ApplyInfoPage() {
  const navigate = useNavigate();
  const email = useAuthStore((s) => s.user?.email ?? '');
  return (
    <RequireLogin>
      <PageHeading title="About you" lead="Tell our curators who you are and how you work." />
      <Steps current={0} items={APPLY_STEPS} size="small" style={{ marginBottom: 24 }} responsive />
      <WithApplication>
        {(application) =>
          application.stage === null || application.stage === 'sample' ? (
            <ApplicationInfoForm
              application={application}
              defaultEmail={email}
              onSaved={() => void navigate('/artist/apply/sample')}
            />
          ) : (
            <ApplicationLocked stage={application.stage} />
          )
        }
      </WithApplication>
    </RequireLogin>
  );
}
