import { lazy, Suspense, useState } from 'react';
import type { ConfirmProps } from './confirm-dialog.tsx';

const loadDialog = () => import('./confirm-dialog.tsx');
const ConfirmDialog = lazy(loadDialog);

// Nobody is asked a question before touching the page: the dialog's code is fetched at the first
// pointer move, touch or key press, so it is in no page's first load yet ready when asked for.
const FIRST_INPUT = ['pointermove', 'pointerdown', 'touchstart', 'keydown'] as const;
function prefetchDialog() {
  for (const type of FIRST_INPUT) window.removeEventListener(type, prefetchDialog, true);
  void loadDialog();
}
for (const type of FIRST_INPUT) window.addEventListener(type, prefetchDialog, { capture: true, passive: true });

/** The confirming button of the unsaved-changes question (SPEC §8): what answering it does. */
export const DISCARD_CHANGES = 'Discard changes';

/** A question, as the spec's confirmations are worded, answered by a button that names the action or No. */
export function ConfirmModal(props: ConfirmProps) {
  // Mounted from the first opening on, so the dialog can animate its close.
  const [shown, setShown] = useState(props.opened);
  if (props.opened && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
