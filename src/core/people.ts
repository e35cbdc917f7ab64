// Shell defaults when no profile details are known (SPEC §2).
export const DEFAULT_ROLE_LABEL = 'Administrator';
export const DEFAULT_DISPLAY_NAME = 'Principal User';
export const DEFAULT_INITIALS = 'PU';

/** Initials for a new profile: from up to two words of the name, else the e-mail's first letter. */
export function initialsFor(email: string, name?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    return words
      .slice(0, 2)
      .map((word) => word.charAt(0))
      .join('')
      .toUpperCase();
  }
  return email.trim().charAt(0).toUpperCase();
}

/** How an assignable user is named: "first last", else first name, else e-mail. */
export function displayName(user: { email: string; first_name?: string | null; last_name?: string | null }): string {
  const first = user.first_name?.trim() ?? '';
  const last = user.last_name?.trim() ?? '';
  if (first && last) return `${first} ${last}`;
  return first || user.email;
}
