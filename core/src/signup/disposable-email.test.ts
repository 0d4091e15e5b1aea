import { describe, expect, it } from 'vitest';
import { isDisposableEmail } from './disposable-email.js';

describe('disposable e-mail addresses', () => {
  it('knows throwaway mail services by their domain, in any case', () => {
    expect(isDisposableEmail('someone@mailinator.com')).toBe(true);
    expect(isDisposableEmail('Someone@MAILINATOR.com.')).toBe(true);
  });

  it('covers every subdomain of a service listed with a wildcard', () => {
    expect(isDisposableEmail('x@inbox.33mail.com')).toBe(true);
  });

  it('lets ordinary mail providers and own domains through', () => {
    for (const email of ['maya@gmail.com', 'owner@pottery-school.org', 'a@mail.example.co.uk']) expect(isDisposableEmail(email)).toBe(false);
    expect(isDisposableEmail('no-at-sign')).toBe(false);
  });
});
