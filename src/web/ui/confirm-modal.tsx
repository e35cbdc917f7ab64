import { lazy, Suspense, useEffect, useState } from 'react';
import type { ConfirmProps } from './confirm-dialog.tsx';

const loadDialog = () => import('./confirm-dialog.tsx');
const ConfirmDialog = lazy(loadDialog);

/** The confirming button of the unsaved-changes question (SPEC §8): what answering it does. */
export const DISCARD_CHANGES = 'Discard changes';

/**
 * A question, as the spec's confirmations are worded, answered by a button that names the action or No. The dialog's code is fetched in
 * the background once a page shows, so it is not part of any page's first load yet is ready
 * before anyone can ask for it.
 */
export function ConfirmModal(props: ConfirmProps) {
  // Mounted from the first opening on, so the dialog can animate its close.
  const [shown, setShown] = useState(props.opened);
  if (props.opened && !shown) setShown(true);
  useEffect(() => {
    const id = setTimeout(() => void loadDialog(), 0);
    return () => clearTimeout(id);
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
