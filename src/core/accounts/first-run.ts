// The first-run setup (issue 28, docs/decisions/100): the steps a new firm's first super admin is
// led through, in order, each done or skipped, each a Settings section to come back to.

export const FIRST_RUN_STEPS = ['firm-profile', 'users', 'calendar', 'address-lookup'] as const;
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];
export type StepOutcome = 'done' | 'skipped';
export type StepAnswers = Record<FirstRunStep, StepOutcome | null>;

/** Each step as the stepper names it, what it is for, and its Settings section (built by issue 28's Settings in sections). */
export const FIRST_RUN_STEP_INFO: Record<FirstRunStep, { label: string; description: string; settingsPath: string; settingsName: string }> = {
  'firm-profile': {
    label: 'Firm profile', description: 'Name, address and logo on every PDF',
    settingsPath: '/settings/firm-profile', settingsName: 'Settings → Firm profile',
  },
  users: {
    label: 'Users', description: 'Accounts for the people who work here',
    settingsPath: '/settings/users', settingsName: 'Settings → Users',
  },
  calendar: {
    label: 'Calendar', description: 'Action items in Google Calendar',
    settingsPath: '/settings/calendar', settingsName: 'Settings → Google Calendar',
  },
  'address-lookup': {
    label: 'Address lookup', description: 'Addresses completed as they are typed',
    settingsPath: '/settings/address-lookup', settingsName: 'Settings → Address lookup',
  },
};

export const FIRST_RUN_TEXT = {
  notice: 'Finish setting up Casebook',
  finished: 'Casebook is set up.',
  notSaved: 'This step has changes that are not saved. Fix what is marked and Continue, or skip the step.',
} as const;

/** The first step not answered yet, or null when every step is done or skipped. */
export function nextStep(answers: StepAnswers): FirstRunStep | null {
  return FIRST_RUN_STEPS.find((step) => answers[step] === null) ?? null;
}

/**
 * Whether the setup is still owed to this firm: never on a demo database (its sample firm is set up),
 * never once finished (the last step answered, or the database was in use before setup existed).
 */
export const firstRunOwed = (state: { demo: boolean; finishedAt: string | null }) => !state.demo && state.finishedAt === null;
