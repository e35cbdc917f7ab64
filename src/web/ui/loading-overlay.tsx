import { Loader, Stack, Text } from '@mantine/core';

/** The full-screen 'Loading...' overlay of SPEC §2 Shell. */
export function LoadingOverlay() {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        <Text fw={500}>Loading...</Text>
      </Stack>
    </div>
  );
}
