import { Paper, Text, Title } from '@mantine/core';

/** Limited users may look but not change; the server refuses their writes too. */
export function ReadOnlyNotice({ what }: { what: string }) {
  return (
    <Paper withBorder p="xl">
      <Title order={3}>Read-only access</Title>
      <Text mt="sm">Your role may view clients and cases but not {what}. Ask an administrator if you need to.</Text>
    </Paper>
  );
}
