/** The largest JSON body any route accepts; uploads set their own limits. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
export const BODY_LIMIT_TEXT = '1 MB';
