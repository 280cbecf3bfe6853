import { Steps } from 'antd';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import { PageHeading } from '../../components/PageHeading';
import { QueryState } from '../../components/QueryState';
import { nextPathFor, ONBOARDING_STEPS, onboardingStepIndex } from '../../shared/stage-paths';
import { useRoyalty, useTaxForm } from '../../features/onboarding/api/onboarding';
import { OnboardingGate } from '../../features/onboarding/components/OnboardingGate';
import { PaymentStep } from '../../features/onboarding/components/PaymentStep';
import { RoyaltyStep } from '../../features/onboarding/components/RoyaltyStep';
import { TaxForm } from '../../features/onboarding/components/TaxForm';

export type OnboardingStep = 'royalty' | 'tax' | 'payment';
/** 'new': the first walk through (/artist/new); 'account': view and change (/artist/account). */
export type OnboardingMode = 'new' | 'account';

const TITLES: Record<OnboardingStep, { title: string; lead: string }> = {
  royalty: { title: 'Royalty', lead: 'Your royalty level and the artist agreement.' },
  tax: { title: 'Tax information', lead: 'We need a tax form before we can pay royalties.' },
  payment: { title: 'Payment', lead: 'Who we pay, and the account royalties are paid into.' },
};

function RoyaltyContent({ mode }: { mode: OnboardingMode }) {
  const navigate = useNavigate();
  const query = useRoyalty();
  return (
    <QueryState
      isPending={query.isPending}
      error={query.error}
      refetch={query.refetch}
      label="Loading your royalty level"
    >
      {query.data ? (
        <RoyaltyStep
          royalty={query.data}
          doneLabel="Continue to tax"
          onDone={mode === 'new' ? () => void navigate('/artist/new/tax') : undefined}
        />
      ) : null}
    </QueryState>
  );
}

function TaxContent({ mode }: { mode: OnboardingMode }) {
  const navigate = useNavigate();
  const query = useTaxForm();
  return (
    <QueryState
      isPending={query.isPending}
      error={query.error}
      refetch={query.refetch}
      label="Loading your tax form"
    >
      {query.isSuccess ? (
        <TaxForm
          saved={query.data}
          submitLabel={mode === 'new' ? 'Save and continue' : 'Save tax form'}
          onSaved={() => void navigate(mode === 'new' ? '/artist/new/payment' : '/artist/account')}
        />
      ) : null}
    </QueryState>
  );
}

/** One onboarding step (royalty, tax, payment), the first time or later from the account. */
export function OnboardingStepPage({ step, mode }: { step: OnboardingStep; mode: OnboardingMode }) {
  const email = useAuthStore((s) => s.user?.email ?? '');
  const index = ONBOARDING_STEPS.findIndex((s) => s.key === step);
  return (
    <OnboardingGate>
      {(stage) => {
        // The first walk keeps order: a later step waits for the earlier ones.
        if (mode === 'new' && index > onboardingStepIndex(stage)) {
          return <Navigate to={nextPathFor(stage)} replace />;
        }
        return (
          <>
            <PageHeading title={TITLES[step].title} lead={TITLES[step].lead} />
            {mode === 'new' ? (
              <Steps
                size="small"
                current={index}
                items={ONBOARDING_STEPS.map((s) => ({ title: s.title }))}
                style={{ marginBottom: 24 }}
                responsive
              />
            ) : null}
            {step === 'royalty' ? <RoyaltyContent mode={mode} /> : null}
            {step === 'tax' ? <TaxContent mode={mode} /> : null}
            {step === 'payment' ? (
              <PaymentStep mode={mode} stage={stage} defaultEmail={email} />
            ) : null}
          </>
        );
      }}
    </OnboardingGate>
  );
}
