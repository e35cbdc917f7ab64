import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleX, IconFlame, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { REPORT_ISSUE_THANKS, type ErrorSeverity } from '../../core/errors.ts';
import { downloadDebugLog } from '../lib/debug-log.ts';
import { dismissError, useCurrentError } from '../lib/error-store.ts';
import { firmDateTime } from '../../core/dates/firm-clock.ts';
import { useFirmTimeZone } from '../shared/auth.tsx';

const LOOK: Record<ErrorSeverity, { color: string; Icon: typeof IconInfoCircle; label: string }> = {
  info: { color: 'blue', Icon: IconInfoCircle, label: 'Information' },
  warning: { color: 'yellow', Icon: IconAlertTriangle, label: 'Warning' },
  error: { color: 'red', Icon: IconCircleX, label: 'Error' },
  critical: { color: 'red', Icon: IconFlame, label: 'Critical error' },
};

/** The bottom error banner of SPEC §2 Shell. */
export function ErrorBanner() {
  const error = useCurrentError();
  const [details, setDetails] = useState(false);
  const timeZone = useFirmTimeZone();
  if (!error) return null;
  const { color, Icon, label } = LOOK[error.severity];
  const reportable = error.severity === 'error' || error.severity === 'critical';
  return (
    <Paper role="alert" shadow="lg" withBorder className="error-banner" bg={`${color}.0`} p="sm">
      <Group align="flex-start" wrap="nowrap">
        <Icon color={`var(--mantine-color-${color}-7)`} aria-label={label} size={24} />
        <Stack gap={4} style={{ flex: 1 }}>
          <Text fw={500}>{error.userMessage}</Text>
          {details && (
            <Text size="sm" c="dimmed">
              Error code: {error.code} · Time: {firmDateTime(error.timestamp, timeZone)}
            </Text>
          )}
          <Group gap="xs">
            <Button size="compact-sm" variant="subtle" onClick={() => setDetails((d) => !d)}>
              {details ? 'Hide details' : 'Show details'}
            </Button>
            {reportable && (
              <Button size="compact-sm" variant="light" color={color} onClick={() => window.alert(REPORT_ISSUE_THANKS)}>
                Report issue
              </Button>
            )}
            {details && (
              <Button size="compact-sm" variant="subtle" onClick={downloadDebugLog}>
                Export debug log
              </Button>
            )}
          </Group>
        </Stack>
        <ActionIcon variant="subtle" color="gray" aria-label="Dismiss" onClick={dismissError}>
          <IconX size={18} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
