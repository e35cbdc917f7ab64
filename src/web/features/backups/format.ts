const MB = 1024 * 1024;

export const formatSize = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** A moment as the firm reads it: short date and time in its time zone. */
export const when = (iso: string, timeZone: string) => new Date(iso).toLocaleString('en-US', { timeZone, dateStyle: 'short', timeStyle: 'short' });
