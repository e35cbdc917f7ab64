import type { Page, Route } from '@playwright/test';

// The ways a server (or the network) refuses a save, as the real server answers them
// (src/server/http/error-handler.ts): a browser test makes one write answer so, once.

export type Refusal =
  | { name: string; status: number; error: { code: string; message: string; details?: unknown } }
  | { name: string; abort: true };

export const FORM_CHECK = 'Please check the form and fix any errors.';
export const DENIED = "You don't have permission to perform this action.";
export const SERVER_ERROR = 'Something went wrong on our end. Our team has been notified.';
export const NETWORK = 'Unable to connect. Please check your internet connection and try again.';
export const CONFLICT = 'Someone else changed this record while you were editing. Review their version before saving yours.';
export const UNSAVED = 'You have unsaved changes that will be lost. Do you want to continue?';

/** A 400 naming one field, as the schema check does. */
export const invalid = (field: string, message: string): Refusal => ({
  name: `400 naming ${field}`, status: 400, error: { code: 'VALIDATION_ERROR', message: FORM_CHECK, details: [{ path: `/${field}`, message }] },
});

/** The refusals every form must survive with the text still on screen (no field named). */
export const UNNAMED: Refusal[] = [
  { name: '403', status: 403, error: { code: 'PERMISSION_DENIED', message: DENIED } },
  { name: '500', status: 500, error: { code: 'SERVER_ERROR', message: SERVER_ERROR } },
  { name: 'lost connection', abort: true },
];

export const messageOf = (refusal: Refusal) => ('abort' in refusal ? NETWORK : refusal.error.message);

/** The next `method` request to `url` is refused so; later ones reach the server. */
export async function refuseOnce(page: Page, method: string, url: string | RegExp, refusal: Refusal) {
  let done = false;
  await page.route(url, async (route: Route) => {
    if (done || route.request().method() !== method) return route.fallback();
    done = true;
    if ('abort' in refusal) return route.abort('connectionreset');
    return route.fulfill({ status: refusal.status, contentType: 'application/json', body: JSON.stringify({ error: refusal.error }) });
  });
}

/** The CSRF header of the page's session, for changes made "by someone else" through the API. */
export async function csrfHeader(page: Page) {
  const token = (await page.context().cookies()).find((c) => c.name === 'csrf-token')!.value;
  return { 'x-csrf-token': token };
}
