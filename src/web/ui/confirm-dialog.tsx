import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmProps {
  opened: boolean;
  question: string;
  /** The confirming button names the action ('Delete user', 'Log out'), never a bare 'Yes'. */
  confirmLabel: string;
  onYes(): void;
  onNo(): void;
}

/** The dialog itself; loaded on first use so no page waits for Mantine's Modal (issue 13). */
export default function ConfirmDialog({ opened, question, confirmLabel, onYes, onNo }: ConfirmProps) {
  return (
    <Modal opened={opened} onClose={onNo} title="Please confirm" centered>
      <Text mb="lg">{question}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onNo}>No</Button>
        <Button onClick={onYes} data-autofocus>{confirmLabel}</Button>
      </Group>
    </Modal>
  );
}
