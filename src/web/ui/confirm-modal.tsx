import { Button, Group, Modal, Text } from '@mantine/core';

interface Props {
  opened: boolean;
  question: string;
  onYes(): void;
  onNo(): void;
}

/** A yes/no question, as the spec's confirmations are worded. */
export function ConfirmModal({ opened, question, onYes, onNo }: Props) {
  return (
    <Modal opened={opened} onClose={onNo} title="Please confirm" centered>
      <Text mb="lg">{question}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onNo}>No</Button>
        <Button onClick={onYes} data-autofocus>Yes</Button>
      </Group>
    </Modal>
  );
}
