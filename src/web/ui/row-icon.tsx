import './row-icons.css';

export type RowIconName = 'copy' | 'trash' | 'x' | 'check' | 'alert-circle' | 'cloud-off' | 'alert-triangle' | 'point' | 'lock'
  | 'calendar-check' | 'calendar-off' | 'archive';

/** An icon on a table row, drawn by CSS (row-icons.css says why); decorative: its control is named. */
export function RowIcon({ name }: { name: RowIconName }) {
  return <span className={`row-icon row-icon-${name}`} aria-hidden="true" />;
}
