import type { ApplicationStage } from '@atelier/contracts';

/** Where an applicant or artist at each application_stage goes next. */
export function nextPathFor(stage: ApplicationStage | null): string {
  switch (stage) {
    case null:
      return '/artist/apply/info';
    case 'sample':
      return '/artist/apply/sample';
    case 'applied':
      return '/artist/apply/applied';
    case 'declined':
      return '/artist/message';
    case 'royalty':
      return '/artist/new/royalty';
    case 'tax':
      return '/artist/new/tax';
    case 'payee':
      return '/artist/new/payment';
    case 'payment':
      return '/artist/art';
  }
}

/** The onboarding steps in order, and how far a stage has come (index of the current one). */
export const ONBOARDING_STEPS = [
  { key: 'royalty', title: 'Royalty', description: 'Your royalty level and the agreement' },
  { key: 'tax', title: 'Tax', description: 'W-9 for US persons, W-8BEN for others' },
  { key: 'payment', title: 'Payment', description: 'Payee details and a payout account' },
] as const;

export function onboardingStepIndex(stage: ApplicationStage | null): number {
  if (stage === 'royalty') return 0;
  if (stage === 'tax') return 1;
  if (stage === 'payee') return 2;
  if (stage === 'payment') return 3;
  return -1;
}
