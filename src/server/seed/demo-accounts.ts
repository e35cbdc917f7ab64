// Demo sign-in constants, kept free of imports so tests (e.g. Playwright specs) can load them cheaply.

export const DEMO_PASSWORD = 'casebook-demo';
/** The demo Administrator (profile role Administrator, data role super_admin) behind the "test account" sign-in. */
export const DEMO_ADMIN_EMAIL = 'margaret.hale@casebook.test';
