import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { allowedRedirect } from '../../core/src/auth/routes/redirects.js';
import type { AuthService } from '../../core/src/auth/auth-service.js';
import { DEFAULT_AUTH_SETTINGS } from '../../core/src/options/options-service.js';

const auth = { siteUrl: () => 'http://school.localhost:3000' } as unknown as AuthService;
const request = { query: {} } as unknown as FastifyRequest;
const settings = { ...DEFAULT_AUTH_SETTINGS, redirectUrls: ['https://app.example.com', 'https://other.example.com/callback'] };
const check = (to: string) => allowedRedirect(request, auth, settings, to);

describe('allowedRedirect', () => {
  it('accepts the site itself and allowed addresses', () => {
    expect(check('/welcome')).toBe('http://school.localhost:3000/welcome');
    expect(check('https://app.example.com/after-login?x=1')).toBe('https://app.example.com/after-login?x=1');
    expect(check('https://other.example.com/callback/done')).toBe('https://other.example.com/callback/done');
  });

  it('sends look-alike and foreign hosts back to the site', () => {
    expect(check('https://app.example.com.evil.net/x')).toBe('http://school.localhost:3000');
    expect(check('https://app.example.com@evil.net/x')).toBe('http://school.localhost:3000');
    expect(check('https://other.example.com/callbackevil')).toBe('http://school.localhost:3000');
    expect(check('javascript:alert(1)')).toBe('http://school.localhost:3000');
    expect(check('https://evil.net/')).toBe('http://school.localhost:3000');
  });
});
