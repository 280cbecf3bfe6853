/** The application's steps as the apply pages show them. */
export const APPLY_STEPS = [{ title: 'About you' }, { title: 'Samples' }, { title: 'Review' }];
