import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { APPROVED_STAGES, type ApplicationStage } from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { Loading, RequireLogin } from '@atelier/ui';
import { useFreshProfile } from '../../../lib/refresh-profile';
import { nextPathFor } from '../../../shared/stage-paths';

const NOT_APPROVED_YET = 'Your artist application has not been approved yet.';

/** Onboarding and account pages: signed in, with an approved application. */
export function OnboardingGate({ children }: { children: (stage: ApplicationStage) => ReactNode }) {
  return (
    <RequireLogin>
      <Gate>{children}</Gate>
    </RequireLogin>
  );
}

function Gate({ children }: { children: (stage: ApplicationStage) => ReactNode }) {
  const fresh = useFreshProfile(true);
  const stage = (useAuthStore((s) => s.profile?.application_stage) ??
    null) as ApplicationStage | null;
  const isArtist = useAuthStore((s) => s.isArtist);
  // An artist made before the portal (no stage) is onboarded already.
  const effective: ApplicationStage | null = stage ?? (isArtist ? 'payment' : null);
  if (fresh.isPending) return <Loading label="Loading your artist account" />;
  if (effective && APPROVED_STAGES.includes(effective)) return <>{children(effective)}</>;
  return (
    <Alert
      type="info"
      showIcon
      title={NOT_APPROVED_YET}
      action={
        <Link to={nextPathFor(effective)}>
          <Button size="small">{effective === null ? 'Apply' : 'Your application'}</Button>
        </Link>
      }
    />
  );
}
