import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DELETE_CONFIRM_MS } from '../../../core/constants.ts';

// Plain elements: this button is on every row of tables that can hold hundreds of rows.

/** Delete needs a second click within 3 s (SPEC §2 Time entry table). */
export function DeleteRowButton({ onConfirm }: { onConfirm(): void }) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(() => setArmed(false), DELETE_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [armed]);
  if (armed) {
    return (
      <span className="tt-confirm-wrap">
        <button type="button" className="tt-text-button tt-armed" aria-describedby={undefined}
          onClick={() => { setArmed(false); onConfirm(); }}>
          Delete?
        </button>
        <span role="tooltip" className="tt-tooltip">Click again to confirm delete</span>
      </span>
    );
  }
  return (
    <button type="button" className="tt-text-button" aria-label="Delete Row" title="Delete Row" onClick={() => setArmed(true)}>
      <IconTrash size={14} /> Delete
    </button>
  );
}
