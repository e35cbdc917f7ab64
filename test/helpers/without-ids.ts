/**
 * A response's text with its UUIDs masked: a check that an amount (200, 1200, 1876) is not in an
 * answer must not meet those digits by chance inside a random id (a hex UUID holds "1200" about
 * once in 2,000; "200" about once in 140).
 */
export const withoutIds = (text: string) => text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>');
