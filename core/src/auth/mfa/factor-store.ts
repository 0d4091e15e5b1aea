import { sql } from 'kysely';
import type { AnyDb } from '../../db/database.js';

/** A factor row with its secret: kernel-only (auth_mfa_factors is a global table). */
export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  secret: string;
  created_at: Date;
  updated_at: Date;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  ip: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** Data access for MFA factors and their challenges. Every call takes the system connection to use. */
export const factorStore = {
  async list(db: AnyDb, userId: string): Promise<FactorRow[]> {
    return (await db.selectFrom('auth_mfa_factors').selectAll().where('user_id', '=', userId).orderBy('created_at').execute()) as FactorRow[];
  },

  /** The user's factor with this id; another user's factor is as good as absent. */
  async find(db: AnyDb, userId: string, id: string): Promise<FactorRow | undefined> {
    if (!isUuid(id)) return undefined;
    return (await db.selectFrom('auth_mfa_factors').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()) as FactorRow | undefined;
  },

  /** Drops unverified factors abandoned for longer than the given age (GoTrue's factor expiry). */
  async deleteAbandoned(db: AnyDb, userId: string, maxAgeSeconds: number): Promise<void> {
    await db
      .deleteFrom('auth_mfa_factors')
      .where('user_id', '=', userId)
      .where('status', '=', 'unverified')
      .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${maxAgeSeconds})`)
      .execute();
  },

  async create(db: AnyDb, input: { userId: string; friendlyName: string | null; factorType: string; secret: string }): Promise<FactorRow> {
    return (await db
      .insertInto('auth_mfa_factors')
      .values({ user_id: input.userId, friendly_name: input.friendlyName, factor_type: input.factorType, status: 'unverified', secret: input.secret })
      .returningAll()
      .executeTakeFirstOrThrow()) as FactorRow;
  },

  async createChallenge(db: AnyDb, factorId: string, ip: string): Promise<ChallengeRow> {
    const challenge = (await db.insertInto('auth_mfa_challenges').values({ factor_id: factorId, ip }).returningAll().executeTakeFirstOrThrow()) as ChallengeRow;
    await db.updateTable('auth_mfa_factors').set({ last_challenged_at: challenge.created_at }).where('id', '=', factorId).execute();
    return challenge;
  },

  async findChallenge(db: AnyDb, factorId: string, challengeId: string): Promise<ChallengeRow | undefined> {
    if (!isUuid(challengeId)) return undefined;
    return (await db.selectFrom('auth_mfa_challenges').selectAll().where('id', '=', challengeId).where('factor_id', '=', factorId).executeTakeFirst()) as
      ChallengeRow | undefined;
  },

  /** Marks the challenge verified; false when a concurrent request got there first. */
  async consumeChallenge(db: AnyDb, challengeId: string): Promise<boolean> {
    const row = await db
      .updateTable('auth_mfa_challenges')
      .set({ verified_at: sql`now()` })
      .where('id', '=', challengeId)
      .where('verified_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Verifies the factor (the first successful challenge completes enrollment) and drops the user's other unverified factors of its type. */
  async markVerified(db: AnyDb, factor: FactorRow): Promise<void> {
    await db
      .updateTable('auth_mfa_factors')
      .set({ status: 'verified', updated_at: sql`now()` })
      .where('id', '=', factor.id)
      .execute();
    await db
      .deleteFrom('auth_mfa_factors')
      .where('user_id', '=', factor.user_id)
      .where('factor_type', '=', factor.factor_type)
      .where('status', '=', 'unverified')
      .where('id', '!=', factor.id)
      .execute();
  },

  /** Deletes the factor (its challenges go with it). */
  async remove(db: AnyDb, userId: string, id: string): Promise<void> {
    await db.deleteFrom('auth_mfa_factors').where('id', '=', id).where('user_id', '=', userId).execute();
  },
};
