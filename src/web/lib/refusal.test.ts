import { describe, expect, it } from 'vitest';
import { ApiError } from './transport.ts';
import { readRefusal, withoutFields } from './refusal.ts';

const FIELDS = ['name', 'email', 'address', 'fileNumber', 'amount'] as const;
const check = 'Please check the form and fix any errors.';

describe('readRefusal', () => {
  it.each([
    ['a schema refusal (400)', new ApiError('VALIDATION_ERROR', check, 400, [
      { path: '/name', message: 'Must be 200 characters or fewer (now 210)' },
      { path: '/email', message: 'Please enter a valid e-mail address' },
    ]), { name: 'Must be 200 characters or fewer (now 210)', email: 'Please enter a valid e-mail address' }],
    ['the NUL guard (body/ prefix)', new ApiError('INVALID_FORMAT', 'Please check the format of your input.', 400, [
      { path: 'body/name', message: 'Text cannot contain the NUL character (\\u0000)' },
    ]), { name: 'Text cannot contain the NUL character (\\u0000)' }],
    ['a nested path names its field', new ApiError('VALIDATION_ERROR', check, 400, [
      { path: '/address/postalCode', message: 'Valid ZIP code is required' },
    ]), { address: 'Valid ZIP code is required' }],
    ['a duplicate names its field with the message', new ApiError('DUPLICATE_RECORD', 'File number 7 is already in use by another case.', 409,
      [{ path: '/fileNumber', message: 'File number 7 is already in use by another case.', rule: 'unique' }]),
    { fileNumber: 'File number 7 is already in use by another case.' }],
    ['a rule names its field (over the balance)', new ApiError('VALIDATION_ERROR', 'This payment is more than the balance due ($250.00).', 400,
      [{ path: '/amount', message: 'This payment is more than the balance due ($250.00).', rule: 'over_balance' }]),
    { amount: 'This payment is more than the balance due ($250.00).' }],
    ['a field the form does not have', new ApiError('VALIDATION_ERROR', check, 400, [{ path: '/version', message: 'x' }]), {}],
    ['a server error', new ApiError('SERVER_ERROR', 'Something went wrong on our end. Our team has been notified.', 500), {}],
    ['a lost connection', new ApiError('NETWORK_ERROR', 'Unable to connect.', 0), {}],
    ['a body too large', new ApiError('VALIDATION_ERROR', check, 413, { reason: 'The request is larger than 1 MB.' }), {}],
  ])('%s', (_, error, fields) => {
    const refusal = readRefusal(error, FIELDS);
    expect(refusal.fields).toEqual(fields);
    expect(refusal.message).toBe(error.message);
  });

  it('maps request names to form names, and keeps the first problem of a field', () => {
    const error = new ApiError('VALIDATION_ERROR', check, 400, [
      { path: '/locationAddress/x', message: 'first' }, { path: '/location', message: 'second' }, { path: '/projectId', message: 'Please select a project' },
    ]);
    expect(readRefusal(error, ['location', 'project'] as const, { locationAddress: 'location', projectId: 'project' }).fields)
      .toEqual({ location: 'first', project: 'Please select a project' });
  });

  it('tells the rule of the first refused field, never from the words', () => {
    const over = new ApiError('VALIDATION_ERROR', 'x', 400, [{ path: '/amount', message: 'x', rule: 'over_balance' }]);
    expect(readRefusal(over, FIELDS).rule).toBe('over_balance');
    expect(readRefusal(new ApiError('VALIDATION_ERROR', 'This payment is more than the balance due ($250.00).', 400), FIELDS).rule).toBeNull();
  });

  it('says something for anything thrown', () => {
    expect(readRefusal('boom', FIELDS)).toMatchObject({ message: 'The save failed. Please try again.', fields: {} });
    expect(readRefusal('boom', FIELDS).seq).not.toBe(readRefusal('boom', FIELDS).seq);
  });
});

describe('withoutFields', () => {
  it('drops the changed fields and keeps the same object when none is named', () => {
    const refusal = { message: check, fields: { name: 'a', email: 'b' }, rule: null, seq: 1 };
    expect(withoutFields(refusal, ['name'])).toEqual({ message: check, fields: { email: 'b' }, rule: null, seq: 1 });
    expect(withoutFields(refusal, ['phone'])).toBe(refusal);
    expect(withoutFields(null, ['name'])).toBeNull();
  });
});
