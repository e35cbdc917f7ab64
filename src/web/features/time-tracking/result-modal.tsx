import { Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { RESULT_TOAST_ERROR_MS, RESULT_TOAST_MS } from '../../../core/constants.ts';

export interface ResultMessage { kind: 'success' | 'error'; message: string; at: number }

/** The page's result modal: titled Success or Error, hides itself after 6 s (10 s for errors). */
export function ResultModal({ result, onClose }: { result: ResultMessage | null; onClose(): void }) {
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(onClose, result.kind === 'error' ? RESULT_TOAST_ERROR_MS : RESULT_TOAST_MS);
    return () => clearTimeout(timer);
  }, [result, onClose]);
  return (
    <Modal opened={result !== null} onClose={onClose} centered size="sm"
      title={<Text fw={700} c={result?.kind === 'error' ? 'red.7' : 'green.8'}>{result?.kind === 'error' ? 'Error' : 'Success'}</Text>}>
      <Text>{result?.message}</Text>
    </Modal>
  );
}
