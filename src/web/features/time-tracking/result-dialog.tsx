import { Modal, Text } from '@mantine/core';

export interface ResultMessage { kind: 'success' | 'error'; message: string; at: number }

/** The result modal's dialog, a chunk of its own (see result-modal.tsx). */
export default function ResultDialog({ result, onClose }: { result: ResultMessage | null; onClose(): void }) {
  return (
    <Modal opened={result !== null} onClose={onClose} centered size="sm"
      title={<Text fw={700} c={result?.kind === 'error' ? 'red.7' : 'green.8'}>{result?.kind === 'error' ? 'Error' : 'Success'}</Text>}>
      <Text>{result?.message}</Text>
    </Modal>
  );
}
