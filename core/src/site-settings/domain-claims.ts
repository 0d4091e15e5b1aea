import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { Nullable, StringEnum } from '../schema/kit.js';
import type { AnyDb } from '../db/database.js';

export type DomainClaimStatus = 'pending' | 'verified' | 'failing';

/** A row of `custom_domain_claims`: the domain an account asked for and the state of its proof. */
export interface DomainClaim {
  domain: string;
  token: string;
  status: DomainClaimStatus;
  /** Scheduled re-checks that failed in a row (reset by a passing one). */
  failures: number;
  checked_at: Date | null;
  verified_at: Date | null;
  last_error: string | null;
}

/** The TXT record that proves control sits at this name under the domain. */
const CHALLENGE_LABEL = '_lectern-challenge';

/** Failed daily re-checks of a verified domain before it stops being served (the owner is warned on each). */
export const GRACE_FAILURES = 3;

export function challengeName(domain: string): string {
  return `${CHALLENGE_LABEL}.${domain}`;
}

/** A fresh proof token: 24 random bytes, URL-safe (what the owner pastes into the TXT record). */
function newToken(): string {
  return randomBytes(24).toString('base64url');
}

const COLUMNS = ['domain', 'token', 'status', 'failures', 'checked_at', 'verified_at', 'last_error'] as const;

/** Reads and writes an account's claim; `db` is a transaction in that account's tenancy. */
export const domainClaims = {
  async find(db: AnyDb, accountId: string, options: { lock?: boolean } = {}): Promise<DomainClaim | null> {
    let query = db
      .selectFrom('custom_domain_claims')
      .select([...COLUMNS])
      .where('account_id', '=', accountId);
    if (options.lock === true) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return (row as DomainClaim | undefined) ?? null;
  },

  /** Replaces the account's claim with a new one for `domain`. */
  async replace(db: AnyDb, accountId: string, domain: string, status: DomainClaimStatus): Promise<DomainClaim> {
    const values = {
      domain,
      token: newToken(),
      status,
      failures: 0,
      checked_at: null,
      verified_at: status === 'verified' ? sql`now()` : null,
      last_error: null,
      updated_at: sql`now()`,
    };
    const row = await db
      .insertInto('custom_domain_claims')
      .values({ account_id: accountId, ...values })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
      .returning([...COLUMNS])
      .executeTakeFirstOrThrow();
    return row as DomainClaim;
  },

  async update(
    db: AnyDb,
    accountId: string,
    changes: Partial<Omit<DomainClaim, 'domain' | 'token' | 'checked_at' | 'verified_at'>> & { checked?: true; verified?: true },
  ): Promise<DomainClaim> {
    const { checked, verified, ...rest } = changes;
    const row = await db
      .updateTable('custom_domain_claims')
      .set({
        ...rest,
        ...(checked ? { checked_at: sql`now()` } : {}),
        ...(verified ? { verified_at: sql`now()` } : {}),
        updated_at: sql`now()`,
      })
      .where('account_id', '=', accountId)
      .returning([...COLUMNS])
      .executeTakeFirstOrThrow();
    return row as DomainClaim;
  },

  async remove(db: AnyDb, accountId: string): Promise<void> {
    await db.deleteFrom('custom_domain_claims').where('account_id', '=', accountId).execute();
  },
};

/** The custom domain's state as the owner's screens show it. */
export interface DomainStatusView {
  domain: string;
  status: DomainClaimStatus;
  /** Visitors reach the site at the domain now. */
  served: boolean;
  /** The DNS record to publish (null for a domain the platform assigned, which needs none). */
  record: { type: 'TXT'; name: string; value: string } | null;
  checked_at: string | null;
  verified_at: string | null;
  failures: number;
  /** Failed daily re-checks a verified domain survives. */
  failures_allowed: number;
  last_error: string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * The view of an account's domain: its claim, or a domain the platform served without one (set by
 * a super-admin), or null when the site has no custom domain.
 */
export function domainStatusView(claim: DomainClaim | null, servedDomain: string | null): DomainStatusView | null {
  if (claim === null) {
    if (servedDomain === null) return null;
    return {
      domain: servedDomain,
      status: 'verified',
      served: true,
      record: null,
      checked_at: null,
      verified_at: null,
      failures: 0,
      failures_allowed: GRACE_FAILURES,
      last_error: null,
    };
  }
  return {
    domain: claim.domain,
    status: claim.status,
    served: servedDomain === claim.domain,
    record: { type: 'TXT', name: challengeName(claim.domain), value: claim.token },
    checked_at: iso(claim.checked_at),
    verified_at: iso(claim.verified_at),
    failures: claim.failures,
    failures_allowed: GRACE_FAILURES,
    last_error: claim.last_error,
  };
}

/** The schema of DomainStatusView (the site answers it, or null when the site has no custom domain). */
export const DomainStatusObject = Type.Object({
  domain: Type.String(),
  status: StringEnum(['pending', 'verified', 'failing']),
  served: Type.Boolean(),
  record: Nullable(Type.Object({ type: StringEnum(['TXT']), name: Type.String(), value: Type.String() })),
  checked_at: Nullable(Type.String()),
  verified_at: Nullable(Type.String()),
  failures: Type.Integer(),
  failures_allowed: Type.Integer(),
  last_error: Nullable(Type.String()),
});
export const DomainStatusSchema = Nullable(DomainStatusObject);
