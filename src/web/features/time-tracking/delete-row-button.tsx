import { useEffect, useId, useState } from 'react';
import { DELETE_CONFIRM_MS } from '../../../core/constants.ts';
import { RowIcon } from '../../ui/row-icon.tsx';

const CONFIRM_HINT = 'Click again to confirm delete';

// Plain elements: this button is on every row of tables that can hold hundreds of rows.

/**
 * A locked row's delete (issue 38): disabled, its reason the button's description and tooltip, so
 * nobody learns it from an error after two clicks. Shared by Delete and the expenses' Remove.
 */
export function LockedDeleteButton({ label, name, icon, reason }: { label: string; name: string; icon: 'trash' | 'x'; reason: string }) {
  const reasonId = useId();
  return (
    <>
      <button type="button" className="tt-text-button" aria-label={name} title={reason} aria-describedby={reasonId} disabled>
        <RowIcon name={icon} /> {label}
      </button>
      <span id={reasonId} hidden>{reason}</span>
    </>
  );
}

/** Delete needs a second click within 3 s (SPEC §2 Time entry table). */
export function DeleteRowButton({ onConfirm }: { onConfirm(): void }) {
  const [armed, setArmed] = useState(false);
  const tipId = useId();
  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(() => setArmed(false), DELETE_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [armed]);
  if (armed) {
    return (
      <span className="tt-confirm-wrap">
        <button type="button" className="tt-text-button tt-armed" title={CONFIRM_HINT} aria-describedby={tipId}
          onClick={() => { setArmed(false); onConfirm(); }}>
          Delete?
        </button>
        {/* Shown at once (a title alone needs a hover): the user may be on a keyboard or touch. */}
        <span role="tooltip" id={tipId} className="tt-tooltip">{CONFIRM_HINT}</span>
      </span>
    );
  }
  return (
    <button type="button" className="tt-text-button" aria-label="Delete Row" title="Delete Row" onClick={() => setArmed(true)}>
      <RowIcon name="trash" /> Delete
    </button>
  );
}
