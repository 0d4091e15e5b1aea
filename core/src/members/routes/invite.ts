import type { Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { sql } from 'kysely';
import type { AnyDb } from '../../db/database.js';
import { AppError, Errors } from '../../errors/errors.js';
import { escapeHtml } from '../../mail/template.js';
import { getMember } from '../member-store.js';
import { assertRoomForMember } from '../../plans/limits.js';
import { isMember } from '../ensure-member.js';
import { memberSlug } from '../member-slug.js';
import type { MemberRouteDeps } from './index.js';
import { InviteBody, Member } from './schemas.js';

interface InvitedUser {
  id: string;
  email: string;
  display_name: string;
  avatar: string | null;
}

/** Outbox type of invitation mail (SPEC §7 `type`): counted against the plan like other site mail. */
export const INVITE_MAIL = 'member_invite';

/**
 * Finds the user with this email, or creates one without a password and unconfirmed: the
 * invitee proves the address by signing in with a code or link on the site. ON CONFLICT keeps a
 * concurrent sign-up or invitation of the same address from failing the request.
 */
async function findOrCreateUser(db: AnyDb, email: string, name: string | undefined): Promise<InvitedUser> {
  const address = email.trim().toLowerCase();
  await sql`
    INSERT INTO users (email, display_name, app_metadata, user_metadata)
    VALUES (${address}, ${name ?? address.split('@')[0] ?? ''}, ${JSON.stringify({ provider: 'email', providers: ['email'] })}::jsonb,
            ${JSON.stringify(name === undefined ? {} : { full_name: name })}::jsonb)
    ON CONFLICT (lower(email)) WHERE email IS NOT NULL DO NOTHING`.execute(db);
  return (await db
    .selectFrom('users')
    .select(['id', 'email', 'display_name', 'avatar'])
    .where(sql`lower(email)`, '=', address)
    .executeTakeFirstOrThrow()) as InvitedUser;
}

async function findRole(db: AnyDb, accountId: string, body: Static<typeof InviteBody>): Promise<{ id: string; name: string }> {
  const role = await db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .$call((q) => (body.role_id !== undefined ? q.where('id', '=', body.role_id) : q.where('slug', '=', body.role as string)))
    .executeTakeFirst();
  if (role === undefined) throw new AppError(Errors.notFound, 'No such role in this account');
  return role as { id: string; name: string };
}

function invitationMail(siteName: string, roleName: string, loginUrl: string) {
  const subject = `You're invited to ${siteName}`.replace(/[\r\n]+/g, ' ');
  const text = `You have been invited to join ${siteName} as ${roleName}.\n\nSign in with this email address to get started:\n${loginUrl}\n`;
  const html =
    `<p>You have been invited to join <strong>${escapeHtml(siteName)}</strong> as ${escapeHtml(roleName)}.</p>` +
    `<p><a href="${escapeHtml(loginUrl)}">Sign in</a> with this email address to get started.</p>`;
  return { subject, text, html };
}

function loginUrl(request: FastifyRequest, email: string): string {
  return `${request.server.kernel.auth.siteUrl(request)}/login?email=${encodeURIComponent(email)}`;
}

/** POST /api/account/members/invite: adds someone to the account by email and mails them a sign-in link. */
export async function inviteRoutes(server: FastifyInstance, deps: MemberRouteDeps): Promise<void> {
  const app = typed(server);
  app.post(
    '/api/account/members/invite',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: 'Invite someone to the site by email',
        description:
          'Creates the user when the address is new (no password; they sign in with a code or link), makes them a member with the ' +
          "role given by role_id or role (its slug), and emails them a link to the site's /login. Errors: already_member (409), " +
          'not_found (no such role), plan_limit_reached (403: the plan allows no more members), email_quota_exceeded (429).',
        body: InviteBody,
        response: { 201: Member },
      },
    },
    async (request, reply) => {
      const ctx = request.ctx;
      const accountId = ctx.account.id;
      const body = request.body;
      const name = body.name?.trim();
      const role = await findRole(ctx.db, accountId, body);
      const user = await ctx.withSystem('members: invite by email', (db) => findOrCreateUser(db, body.email, name));
      if (await isMember(ctx.db, accountId, user.id)) throw new AppError(Errors.alreadyMember);
      await assertRoomForMember(ctx.db, ctx.account);
      const added = await sql`
        INSERT INTO members (account_id, user_id, role_id, name, email, slug, avatar)
        VALUES (${accountId}, ${user.id}, ${role.id}, ${name ?? user.display_name}, ${user.email},
                ${memberSlug(accountId, { id: user.id, email: user.email, display_name: name ?? user.display_name })}, ${user.avatar})
        ON CONFLICT (account_id, user_id) DO NOTHING`.execute(ctx.db);
      if ((added.numAffectedRows ?? 0n) === 0n) throw new AppError(Errors.alreadyMember);
      ctx.afterCommit(() => deps.members.invalidate(accountId, user.id));

      const settings = ctx.account.settings as { sitetitle?: unknown };
      const siteName = typeof settings.sitetitle === 'string' && settings.sitetitle.trim() !== '' ? settings.sitetitle.trim() : ctx.account.name;
      // Recorded in this transaction: the invitation and its mail land together or not at all.
      await request.server.kernel.mail.queue(
        ctx.account,
        [{ to: user.email, type: INVITE_MAIL, ...invitationMail(siteName, role.name, loginUrl(request, user.email)) }],
        { db: ctx.db, afterCommit: ctx.afterCommit },
      );

      const member = await getMember(ctx.db, accountId, user.id);
      if (member === undefined) throw new AppError(Errors.notFound);
      reply.code(201);
      return member;
    },
  );
}
