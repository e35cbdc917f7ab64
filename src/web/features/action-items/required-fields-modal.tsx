import { Button, Group, List, Modal } from '@mantine/core';

/** 'Please complete required fields' with the problems found on submit (SPEC §5). */
export function RequiredFieldsModal({ problems, onClose }: { problems: string[]; onClose(): void }) {
  return (
    <Modal opened={problems.length > 0} onClose={onClose} title="Please complete required fields" centered zIndex={400}>
      <List mb="lg">{problems.map((p) => <List.Item key={p}>{p}</List.Item>)}</List>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>OK</Button>
      </Group>
    </Modal>
  );
}
