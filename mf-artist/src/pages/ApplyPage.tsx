import { Button, Steps, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { ApplicationStage } from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { ApplicationDeclined } from '../features/application/components/ApplicationLocked';
import { nextPathFor } from '../shared/stage-paths';

/** The start of an artist application: what it asks for, then sign-in and details. */
export function ApplyPage() {
  const user = useAuthStore((s) => s.user);
  const stage = (useAuthStore((s) => s.profile?.application_stage) ??
    null) as ApplicationStage | null;
  const started = user && stage !== null;
  const current = !user ? 0 : stage === null || stage === 'sample' ? (stage ? 2 : 1) : 3;
  return (
    <section>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Apply to the Artist Portal
      </Typography.Title>
      <Steps
        orientation="vertical"
        current={current}
        items={[
          { title: 'Sign in or create an account' },
          { title: 'About you', description: 'Your name, practice, location and links.' },
          { title: 'Samples', description: 'Three to ten pictures that show your work.' },
          { title: 'Review', description: 'Our curators answer on your artist message page.' },
        ]}
        style={{ maxWidth: 560, marginBottom: 24 }}
      />
      {stage === 'declined' ? (
        <ApplicationDeclined />
      ) : (
        <Link to={user ? nextPathFor(stage) : '/artist/apply/login'}>
          <Button type="primary">
            {started ? 'Continue your application' : 'Start application'}
          </Button>
        </Link>
      )}
    </section>
  );
}
