import { useSyncExternalStore } from 'react';

// Set when the server answers that it is being restored (503 with details.maintenance).
let active = false;
const listeners = new Set<() => void>();

export function setMaintenance(value: boolean) {
  if (active === value) return;
  active = value;
  listeners.forEach((l) => l());
}

export const useMaintenance = () =>
  useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l); }, () => active);
