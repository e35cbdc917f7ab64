import { lazy, Suspense, useEffect, useState } from 'react';

export interface ConfirmProps {
  opened: boolean;
  question: string;
  onYes(): void;
  onNo(): void;
}

const loadDialog = () => import('./confirm-dialog.tsx');
const ConfirmDialog = lazy(loadDialog);

/**
 * A yes/no question, as the spec's confirmations are worded. The dialog's code is fetched in
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
