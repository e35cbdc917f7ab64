import { useState } from 'react';
import { UNSAVED_CHANGES_QUESTION } from '../../core/errors.ts';
import { ConfirmModal, DISCARD_CHANGES } from './confirm-modal.tsx';

/**
 * Closing a dialog that holds unsaved text (Escape, the ×, a click outside, Cancel) asks the
 * spec's question first, as leaving a page does; a clean dialog closes at once.
 */
export function useCloseGuard(isDirty: () => boolean, onClose: () => void) {
  const [asking, setAsking] = useState(false);
  const requestClose = () => (isDirty() ? setAsking(true) : onClose());
  const question = (
    <ConfirmModal
      opened={asking}
      question={UNSAVED_CHANGES_QUESTION}
      confirmLabel={DISCARD_CHANGES}
      onYes={() => {
        setAsking(false);
        onClose();
      }}
      onNo={() => setAsking(false)}
    />
  );
  return { requestClose, question };
}
