import { lazy, Suspense, useState } from 'react';
import { prefetchSoon } from '../lib/prefetch.ts';
import type { ConfirmProps } from './confirm-dialog.tsx';
import { LazyBoundary } from './lazy-boundary.tsx';

const loadDialog = () => import('./confirm-dialog.tsx');
const ConfirmDialog = lazy(loadDialog);

// Nobody is asked a question before touching the page: the dialog's code is in no page's first load.
prefetchSoon(loadDialog);

/** The confirming button of the unsaved-changes question (SPEC §8): what answering it does. */
export const DISCARD_CHANGES = 'Discard changes';

/** A question, as the spec's confirmations are worded, answered by a button that names the action or No. */
export function ConfirmModal(props: ConfirmProps) {
  // Mounted from the first opening on, so the dialog can animate its close.
  const [shown, setShown] = useState(props.opened);
  if (props.opened && !shown) setShown(true);
  if (!shown) return null;
  return (
    <LazyBoundary fallback={<PlainConfirm {...props} />}>
      <Suspense fallback={null}>
        <ConfirmDialog {...props} />
      </Suspense>
    </LazyBoundary>
  );
}

/** The same question without Mantine, for when the dialog's code could not be fetched (offline). */
function PlainConfirm({ opened, question, confirmLabel, onYes, onNo }: ConfirmProps) {
  if (!opened) return null;
  return (
    <div className="plain-confirm" role="dialog" aria-modal="true" aria-labelledby="plain-confirm-title">
      <h2 id="plain-confirm-title">Please confirm</h2>
      <p>{question}</p>
      <div>
        <button type="button" onClick={onNo}>No</button>
        <button type="button" onClick={onYes} autoFocus>{confirmLabel}</button>
      </div>
    </div>
  );
}
