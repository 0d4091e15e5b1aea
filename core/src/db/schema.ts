import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { BillingStatus } from '../billing/state.js';

/** Column types of the kernel's own tables; plugins declare theirs in their own packages. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T extends object | null> = JSONColumnType<T, T | string | undefined, T | string>;

export type JsonObject = Record<string, unknown>;

export interface AccountsTable {
  id: Generated<string>;
  slug: string;
  name: string;
  custom_domain: string | null;
  is_platform: Generated<boolean>;
  plan: Generated<string>;
  /** Owner-chosen add-on switches; the effective set also depends on the plan. */
  features: Json<Record<string, boolean>>;
  /** The version of each plugin last set up for this account (upgradeAccount). */
  plugin_versions: Json<Record<string, string>>;
  settings: Json<JsonObject>;
  menus: Json<JsonObject>;
  header: Json<JsonObject>;
  footer: Json<JsonObject>;
  theme: Json<JsonObject>;
  misc: Json<JsonObject>;
  notices: Json<JsonObject>;
  suspended_at: Timestamp | null;
  /** When the sign-up trial ends (null: no trial). */
  trial_ends_at: Timestamp | null;
  /** The owner whose e-mail confirmation makes the site public (null: public). */
  awaiting_confirmation_of: string | null;
  /** Where the site stands with the platform's bill (migration 0016). */
  billing_status: Generated<BillingStatus>;
  billing_paid_until: Timestamp | null;
  billing_lapsed_at: Timestamp | null;
  /** When the owners were last told the trial is about to end (the sweep tells them once per trial end). */
  billing_reminded_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  email: string | null;
  phone: string | null;
  display_name: string;
  avatar: string | null;
  encrypted_password: string | null;
  email_confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  is_anonymous: Generated<boolean>;
  app_metadata: Json<JsonObject>;
  user_metadata: Json<JsonObject>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RolesTable {
  account_id: string;
  id: Generated<string>;
  slug: string;
  name: string;
  caps: Json<string[]>;
  is_default: Generated<boolean>;
  created_at: Timestamp;
}

export interface MembersTable {
  account_id: string;
  user_id: string;
  role_id: string;
  name: string;
  email: string | null;
  slug: string;
  avatar: string | null;
  created_at: Timestamp;
}

export interface OptionsTable {
  account_id: string;
  key: string;
  value: Json<object | null>;
  updated_at: Timestamp;
}

export interface MemberMetaTable {
  account_id: string;
  user_id: string;
  meta_key: string;
  meta_value: Json<object | null>;
  updated_at: Timestamp;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: Json<JsonObject>;
  public_jwk: Json<JsonObject>;
  created_at: Timestamp;
}

export interface KernelDatabase {
  accounts: AccountsTable;
  users: UsersTable;
  roles: RolesTable;
  members: MembersTable;
  options: OptionsTable;
  member_meta: MemberMetaTable;
  auth_signing_keys: SigningKeysTable;
}
