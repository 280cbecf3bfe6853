import { Button, Steps } from 'antd';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { nextPathFor, ONBOARDING_STEPS, onboardingStepIndex } from '../../shared/stage-paths';
import { OnboardingGate } from '../../features/onboarding/components/OnboardingGate';

/** /artist/new: the three onboarding steps and where the artist is. */
export function NewArtistPage() {
  return (
    <OnboardingGate>
      {(stage) => {
        const current = onboardingStepIndex(stage);
        const done = current >= ONBOARDING_STEPS.length;
        return (
          <>
            <PageHeading
              title="Welcome, new artist"
              lead="Three short steps and your work can go on sale."
            />
            <Steps
              orientation="vertical"
              current={current}
              items={ONBOARDING_STEPS.map((s) => ({ title: s.title, description: s.description }))}
              style={{ maxWidth: 560, marginBottom: 24 }}
            />
            <Link to={done ? '/artist/account' : nextPathFor(stage)}>
              <Button type="primary">{done ? 'Your artist account' : 'Continue'}</Button>
            </Link>
          </>
        );
      }}
    </OnboardingGate>
  );
}
