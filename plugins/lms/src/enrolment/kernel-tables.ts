import type { Kysely } from '@lectern/sdk';
import type { LmsDb, LmsTables } from '../db/tables.js';

/** The kernel's member and user columns the roster and CSV enrolment read (app role: public columns only). */
interface MembersTable {
  account_id: string;
  user_id: string;
  name: string;
  email: string | null;
}
interface UsersTable {
  id: string;
  display_name: string;
  email: string | null;
}

export type LmsWithMembersDb = Kysely<LmsTables & { members: MembersTable; users: UsersTable }>;

export const withMembers = (db: LmsDb): LmsWithMembersDb => db as unknown as LmsWithMembersDb;
