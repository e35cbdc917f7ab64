import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { FIRST_RUN_STEPS, FIRST_RUN_TEXT } from '../../../core/accounts/first-run.ts';
import { useUser } from '../../shared/auth.tsx';
import { useFirstRun } from './api.ts';

/** Once per browser session a super admin with setup owed is taken to it; after that this notice leads back. */
const offeredKey = (userId: string) => `casebook.setup-offered.${userId}`;

/**
 * On the dashboard, for a super admin of a new firm (issue 28): right after signing in they land
 * on /setup; leaving it is allowed, and this notice links back until every step is done or skipped.
 */
export function FirstRunNotice() {
  const user = useUser();
  const state = useFirstRun(user.isSuperAdmin);
  const navigate = useNavigate();
  const owed = state.data?.owed === true;
  useEffect(() => {
    if (!owed || sessionStorage.getItem(offeredKey(user.id))) return;
    sessionStorage.setItem(offeredKey(user.id), '1');
    void navigate('/setup');
  }, [owed, user.id, navigate]);
  if (!owed || !state.data) return null;
  const answered = FIRST_RUN_STEPS.filter((step) => state.data.steps[step] !== null).length;
  return (
    <Alert color="indigo" icon={<IconRocket size={18} />} title={FIRST_RUN_TEXT.notice} role="note" aria-label={FIRST_RUN_TEXT.notice}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          Firm profile, users, calendar and address lookup: {answered} of {FIRST_RUN_STEPS.length} steps done or skipped.
        </Text>
        <Button component={Link} to="/setup" size="xs">Continue setup</Button>
      </Group>
    </Alert>
  );
}
