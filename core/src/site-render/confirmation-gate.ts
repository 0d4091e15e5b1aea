import { escapeHtml } from '../mail/template.js';
import type { Account } from '../tenancy/account.js';
import type { RequestContext } from '../tenancy/request-context.js';

/**
 * A site made at sign-up stays private until its owner confirms their e-mail address
 * (SIGNUP_CONFIRM_EMAIL), so an address nobody controls cannot publish a site: visitors get a short
 * "almost ready" page (503, not cached, not indexed) while the owner, signed in, sees and edits the
 * real one. Whichever way the address gets confirmed (the welcome's link, a one-time code, an
 * admin), the first visit after it opens the site for good.
 */
export async function siteStillPrivate(ctx: RequestContext, account: Account, onOpened: () => Promise<void>): Promise<boolean> {
  const ownerId = account.awaitingConfirmationOf;
  if (ownerId === null) return false;
  return ctx.withSystem('site: is the owner confirmed', async (db) => {
    const owner = await db.selectFrom('users').select('email_confirmed_at').where('id', '=', ownerId).executeTakeFirst();
    if (owner === undefined || owner.email_confirmed_at === null) return true;
    await db
      .updateTable('accounts')
      .set({ awaiting_confirmation_of: null })
      .where('id', '=', account.id)
      .where('awaiting_confirmation_of', '=', ownerId)
      .execute();
    ctx.afterCommit(onOpened);
    return false;
  });
}

const CLOSED_TEXT = {
  confirming: 'This site is almost ready. Please check back soon.',
  suspended: 'This site is not available at the moment. Please check back later.',
} as const;

/**
 * What a visitor of a site that is not public is shown: the site's name and that it opens soon
 * (waiting for its owner's confirmation) or is closed for now (suspended: its bill lapsed).
 */
export function privateSitePage(account: Account, reason: keyof typeof CLOSED_TEXT = 'confirming'): string {
  const name = escapeHtml(account.name);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${name}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;color:#1f2430;background:#f5f6f8}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.6rem;margin:0 0 .5rem}p{margin:0;color:#5b6170}</style>
</head><body><main><h1>${name}</h1><p>${CLOSED_TEXT[reason]}</p></main></body></html>`;
}
