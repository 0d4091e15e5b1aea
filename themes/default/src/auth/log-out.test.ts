import { afterEach, describe, expect, it, vi } from 'vitest';

const auth = { getSession: vi.fn(), signOut: vi.fn() };
vi.mock('./supabase-client.js', () => ({ supabaseClient: async () => ({ auth }) }));

const { endBrowserSession } = await import('./auth-actions.js');
const { logOut, SITE_SIGNOUT_URL } = await import('./log-out.js');

const ok = () => new Response('{"status":true}', { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.clearAllMocks();
});

describe('log out', () => {
  it('ends the browser session supabase-js holds, then the cookie session at the kernel', async () => {
    const order: string[] = [];
    auth.getSession.mockResolvedValue({ data: { session: { access_token: 't' } }, error: null });
    auth.signOut.mockImplementation(async () => void order.push('supabase'));
    const fetcher = vi.fn(async () => {
      order.push('kernel');
      return ok();
    });
    await logOut(async () => ({ endBrowserSession }), fetcher as unknown as typeof fetch);
    expect(order).toEqual(['supabase', 'kernel']);
    expect(fetcher).toHaveBeenCalledWith(SITE_SIGNOUT_URL, expect.objectContaining({ method: 'POST', body: '{}', credentials: 'same-origin' }));
    expect(SITE_SIGNOUT_URL).toBe('/api/site/signout');
  });

  it('does not call supabase-js sign-out without a browser session, and still signs out at the kernel', async () => {
    auth.getSession.mockResolvedValue({ data: { session: null }, error: null });
    const fetcher = vi.fn(async () => ok());
    await logOut(async () => ({ endBrowserSession }), fetcher as unknown as typeof fetch);
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('still signs out at the kernel when supabase-js fails or its chunk does not load, and never throws', async () => {
    auth.getSession.mockRejectedValue(new Error('offline'));
    const fetcher = vi.fn(async () => ok());
    await expect(logOut(async () => ({ endBrowserSession }), fetcher as unknown as typeof fetch)).resolves.toBeUndefined();
    await expect(logOut(() => Promise.reject(new Error('chunk failed')), fetcher as unknown as typeof fetch)).resolves.toBeUndefined();
    expect(fetcher).toHaveBeenCalledTimes(2);
    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(logOut(async () => ({ endBrowserSession }), offline as unknown as typeof fetch)).resolves.toBeUndefined();
  });
});
