import type { FastifyRequest } from 'fastify';
import { hashPassword } from '../accounts/account-admin.js';
import { AuthError } from '../auth/auth-error.js';
import { issueHandoff } from '../auth/handoff.js';
import { issueLinkSecret } from '../auth/link-secrets.js';
import { assertPasswordAllowed } from '../auth/password-policy.js';
import { isEmail } from '../auth/routes/identifiers.js';
import { normalizeEmail, userStore } from '../auth/user-store.js';
import { AppError, Errors } from '../errors/errors.js';
import { createPlatformAccount, getAccount } from '../platform/account-service.js';
import { provisionNewSite } from '../plugins/account-setup.js';
import { isDisposableEmail } from './disposable-email.js';
import type { SignupDeps } from './routes.js';
import { CONFIRMATION_TTL_MS, planOf, trialDaysOf, type SignupInput } from './sign-up.js';
import { addressShapeProblem } from './site-address.js';
import { welcomeMail } from './welcome-mail.js';
import type { Static } from '@sinclair/typebox';
import type { SignupAnswer } from './sign-up.js';

const DAY_MS = 86_400_000;

/** What a sign-up's password check is counted under: the same per-address count as password sign-ins. */
export const signupPasswordAddress = (email: string): string => `email:${normalizeEmail(email)}`;

/** The password as the platform's sign-in policy would take it, in the kernel's error shape. */
async function checkNewPassword(request: FastifyRequest, deps: SignupDeps, password: string): Promise<void> {
  try {
    assertPasswordAllowed(password, await deps.auth.settings(request.ctx));
  } catch (error) {
    if (error instanceof AuthError) throw new AppError(Errors.weakPassword, error.message, error.extra);
    throw error;
  }
}

/**
 * Makes the site a sign-up asked for: checks the form (address, e-mail, password), then in one
 * transaction the account on its plan's trial, the owner (a new user with the chosen password, or
 * the user the address already has, whose password must be the one given: counted like a sign-in
 * guess, never changed), their membership, an e-mail confirmation link and the hand-off. After the
 * commit the account's cached "no such host" is forgotten and the welcome e-mail leaves from the
 * new site's outbox.
 */
export async function createSiteForOwner(request: FastifyRequest, deps: SignupDeps, input: SignupInput): Promise<Static<typeof SignupAnswer>> {
  const ctx = request.ctx;
  if (input.website !== undefined && input.website.trim() !== '') throw new AppError(Errors.validation, 'This sign-up looks automated');
  const siteName = input.site_name.trim();
  const ownerName = input.owner_name.trim();
  if (siteName === '') throw new AppError(Errors.validation, 'Give the site a name');
  if (ownerName === '') throw new AppError(Errors.validation, 'Give your name');
  const slug = input.slug.trim().toLowerCase();
  const shape = addressShapeProblem(slug);
  if (shape === 'invalid') throw new AppError(Errors.invalidSlug, `"${slug}" is not a valid site address (lower-case letters, digits and inner hyphens)`);
  if (shape === 'reserved') throw new AppError(Errors.invalidSlug, `"${slug}" is reserved for the platform`);
  if (!isEmail(input.email))
    throw new AppError(Errors.validation, 'Enter a valid e-mail address', [{ in: 'body', path: '/email', message: 'is not an e-mail address' }]);
  const email = normalizeEmail(input.email);
  if (isDisposableEmail(email)) throw new AppError(Errors.disposableEmail);

  const existing = await deps.auth.users(ctx, (db) => userStore.findByEmail(db, email));
  let passwordHash: string | undefined;
  if (existing === undefined) {
    await checkNewPassword(request, deps, input.password);
    passwordHash = await hashPassword(input.password);
  } else {
    // The address already signs in somewhere on the platform: only its own password may claim it
    // (the route counted this attempt at the address before the transaction began).
    if (!(await userStore.verifyPassword(existing, input.password))) throw new AppError(Errors.existingUserPassword);
  }
  deps.limits.passwordSucceeded(ctx, signupPasswordAddress(input.email));

  const plan = planOf(input.plan);
  const trialEndsAt = new Date(Date.now() + trialDaysOf(plan) * DAY_MS);
  const made = await ctx.withSystem(`signup: create site ${slug}`, async (db) => {
    const created = await createPlatformAccount(
      db,
      deps.plugins.map((p) => p.manifest),
      {
        slug,
        name: siteName,
        plan: plan.id,
        ownerEmail: email,
        ownerName,
        ...(passwordHash === undefined ? {} : { passwordHash }),
        settings: { defaultLanguage: input.language ?? 'en', currency: input.currency ?? 'USD' },
        trialEndsAt,
        template: input.template ?? 'school',
        features: deps.catalogue.startingSwitches(plan.id),
      },
    );
    // Someone else made a user at this address between the check and now: their password was never checked.
    if (created.newUser !== (existing === undefined))
      throw new AppError(Errors.conflict, 'This e-mail address changed while the site was being made; try again');
    // An owner whose address is not confirmed yet gets a link that confirms it; with SIGNUP_CONFIRM_EMAIL
    // the site's public pages wait for it (site-render's confirmation gate).
    const unconfirmed = existing === undefined || existing.email_confirmed_at === null;
    if (unconfirmed && deps.confirmEmail) {
      await db.updateTable('accounts').set({ awaiting_confirmation_of: created.userId }).where('id', '=', created.accountId).execute();
    }
    const account = await getAccount(db, deps.catalogue, created.accountId);
    const link = { accountId: created.accountId, userId: created.userId, email: created.email };
    const handoff = await issueHandoff(db, link);
    const confirmation = unconfirmed ? await issueLinkSecret(db, { ...link, kind: 'signup', ttlMs: CONFIRMATION_TTL_MS }) : undefined;
    return { created, account, handoff, confirmation };
  });

  const { created, account } = made;
  // The new site is reached the way this request reached the platform (scheme and any port), under its own name.
  const platform = new URL(deps.auth.siteUrl(request));
  const origin = `${platform.protocol}//${account.slug}.${deps.platformDomain}${platform.port === '' ? '' : `:${platform.port}`}`;
  ctx.afterCommit(() => deps.invalidateAccount(account.id));
  // The plugins behind the features it starts with set it up and add their starting content, in its own tenancy, once it exists.
  const starting = { template: input.template ?? 'school', ownerId: created.userId, siteName: account.name };
  ctx.afterCommit(async () => {
    const ran = await provisionNewSite(deps.inAccount, deps.plugins, account.id, starting, request.log);
    if (ran) await deps.invalidateMembers(account.id);
  });
  const confirmUrl =
    made.confirmation === undefined
      ? undefined
      : `${origin}/auth/v1/verify?${new URLSearchParams({ token: made.confirmation, type: 'signup', redirect_to: '/dashboard/' }).toString()}`;
  ctx.afterCommit(() =>
    deps.mail.send(
      welcomeMail({
        accountId: account.id,
        to: created.email,
        ownerName,
        siteName: account.name,
        origin,
        planLabel: plan.label,
        existingUser: !created.newUser,
        trialEndsAt,
        ...(confirmUrl === undefined ? {} : { confirmUrl, privateUntilConfirmed: deps.confirmEmail }),
      }),
    ),
  );
  return {
    account: { id: account.id, slug: account.slug, name: account.name, plan: account.plan, trial_ends_at: trialEndsAt.toISOString() },
    address: origin,
    // The new site's sign-in page takes the hand-off and opens the dashboard. A fragment never
    // reaches a server log or a Referer header.
    dashboard_url: `${origin}/login#handoff=${made.handoff}`,
    owner: { user_id: created.userId, email: created.email, new_user: created.newUser },
    confirmation_sent: confirmUrl !== undefined,
  };
}
