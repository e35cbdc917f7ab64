import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useBackups } from './api.ts';

/** On an admin's dashboard: the newest backup run failed (it stays until a backup succeeds). */
export function BackupFailureNotice() {
  const latest = useBackups().data?.backups[0];
  if (latest?.status !== 'failed') return null;
  return (
    <Alert color="red" title="The last backup failed" role="alert">
      {latest.error} <Anchor component={Link} to="/settings/backups">Open Backups in Admin Settings</Anchor>
    </Alert>
  );
}
