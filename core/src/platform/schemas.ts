import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableTimestamp, StringEnum, Timestamp, Uuid, type Wire, IdParams, EmptyBody } from '../schema/kit.js';
import { PLANS } from '../plans/catalogue.js';
export { IdParams, EmptyBody };

/** Schemas of the super-admin (platform) routes; their wire types are the super-admin screens'. */

/** The catalogue's plan ids, in its order (each plan carries its own key as `id`). */
const PLAN_IDS = Object.values(PLANS).map((plan) => plan.id);
const Search = Type.String({ maxLength: 200, description: 'Case-insensitive part of a name, slug or email' });
/** The platform lists' paging: 50 a page by default, up to 200 (handlers apply the defaults with `paged(query, LIST_LIMIT)`). */
export const LIST_LIMIT = 50;
const Limit = Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: LIST_LIMIT }));
const Offset = Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }));

export const Plan = StringEnum(PLAN_IDS);

export const PlatformAccountSchema = Type.Object(
  {
    id: Uuid,
    slug: Type.String(),
    name: Type.String(),
    plan: Type.String(),
    custom_domain: Nullable(Type.String()),
    is_platform: Type.Boolean(),
    suspended_at: NullableTimestamp,
    features: Type.Array(Type.String(), { description: 'Effective features: built into the plan, or switched on and included in it' }),
    // Not Type.Record: that emits patternProperties, where the schema has always said additionalProperties.
    feature_switches: Type.Optional(
      Type.Unsafe<Record<string, boolean>>({ type: 'object', additionalProperties: { type: 'boolean' }, description: "The owner's raw switches" }),
    ),
    member_count: Type.Integer(),
    trial_ends_at: Type.Optional(NullableTimestamp),
    billing_status: Type.Optional(
      Type.String({ description: "Where the site stands with the platform's bill: trialing, active, past_due, read_only, suspended or comp (not billed)" }),
    ),
    created_at: Timestamp,
  },
  { additionalProperties: false },
);

export const AccountListQuery = Type.Object(
  {
    search: Type.Optional(Search),
    plan: Type.Optional(Plan),
    status: Type.Optional(StringEnum(['active', 'suspended'])),
    limit: Limit,
    offset: Offset,
  },
  { additionalProperties: false },
);

export const AccountList = Type.Object({ accounts: Type.Array(PlatformAccountSchema), total: Type.Integer() }, { additionalProperties: false });

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });

export const CreateAccountBody = Type.Object(
  {
    slug: Type.String({ minLength: 1, maxLength: 63, description: 'Lower-case letters, digits and inner hyphens; the site is at <slug>.<platform domain>' }),
    name: Name,
    plan: Plan,
    owner_email: Type.String({ format: 'email', maxLength: 254 }),
    owner_name: Type.Optional(Name),
  },
  { additionalProperties: false },
);

export const CreatedAccount = Type.Object(
  {
    account: PlatformAccountSchema,
    owner: Type.Object(
      {
        user_id: Uuid,
        email: Type.String(),
        new_user: Type.Boolean({ description: 'false when the address already had a user (they keep their sign-in)' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const UpdateAccountBody = Type.Object(
  {
    name: Type.Optional(Name),
    plan: Type.Optional(Plan),
    features: Type.Optional(
      Type.Unsafe<Record<string, boolean>>({
        type: 'object',
        maxProperties: 100,
        propertyNames: { maxLength: 64 },
        additionalProperties: { type: 'boolean' },
        description: 'Add-on switches to change (feature → on/off); others stay as they are',
      }),
    ),
    suspended: Type.Optional(Type.Boolean()),
    trial_ends_at: Type.Optional(
      Type.Unsafe<string | null>({
        type: ['string', 'null'],
        format: 'date-time',
        description: "Extend or shorten the account's trial (the time it ends), or null to take it off its trial (a paid or free plan)",
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const OwnerListQuery = Type.Object({ search: Type.Optional(Search), limit: Limit, offset: Offset }, { additionalProperties: false });

export const OwnerSchema = Type.Object(
  {
    user_id: Uuid,
    name: Type.String(),
    email: Nullable(Type.String()),
    account: Type.Object({ id: Uuid, slug: Type.String(), name: Type.String() }, { additionalProperties: false }),
    role: Type.String({ description: 'Slug of the role granting manage_options' }),
    created_at: Timestamp,
  },
  { additionalProperties: false },
);

export const OwnerList = Type.Object({ owners: Type.Array(OwnerSchema), total: Type.Integer() }, { additionalProperties: false });

const LastRun = Type.Object(
  { id: Uuid, state: Type.String(), created_at: Timestamp, started_at: NullableTimestamp, completed_at: NullableTimestamp },
  { additionalProperties: false },
);

export const CronSchema = Type.Object(
  {
    name: Type.String(),
    cron: Type.String(),
    timezone: Type.String(),
    account_id: Nullable(Type.String(), { description: 'The account its jobs run in; null for platform jobs' }),
    created_at: Timestamp,
    last_run: Nullable(LastRun),
  },
  { additionalProperties: false },
);

export const CronList = Type.Object({ crons: Type.Array(CronSchema) }, { additionalProperties: false });

export const CronParams = Type.Object({ name: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,100}$' }) }, { additionalProperties: false });

export const QueuedJob = Type.Object({ id: Uuid }, { additionalProperties: false });

export const PluginSchema = Type.Object(
  {
    kind: StringEnum(['plugin', 'kernel'], { description: 'kernel: a behaviour flag of the kernel itself' }),
    name: Type.String(),
    version: Type.String(),
    description: Type.String(),
    feature: Nullable(Type.String(), { description: 'null: always on for every account' }),
    plans: Type.Array(Type.String(), { description: 'Plans that include the feature' }),
    accounts_using: Type.Integer({ description: 'Accounts where the feature is in effect' }),
  },
  { additionalProperties: false },
);

export const PluginList = Type.Object({ plugins: Type.Array(PluginSchema) }, { additionalProperties: false });

/** Wire types (the super-admin screens). */
export type PlatformAccountWire = Wire<Static<typeof PlatformAccountSchema>>;
export type PlatformAccountListWire = Wire<Static<typeof AccountList>>;
export type PlatformAccountQueryWire = Wire<Static<typeof AccountListQuery>>;
export type CreateAccountBodyWire = Wire<Static<typeof CreateAccountBody>>;
export type CreatedAccountWire = Wire<Static<typeof CreatedAccount>>;
export type UpdateAccountBodyWire = Wire<Static<typeof UpdateAccountBody>>;
export type OwnerWire = Wire<Static<typeof OwnerSchema>>;
export type OwnerListWire = Wire<Static<typeof OwnerList>>;
export type CronWire = Wire<Static<typeof CronSchema>>;
export type CronListWire = Wire<Static<typeof CronList>>;
export type QueuedJobWire = Wire<Static<typeof QueuedJob>>;
export type PlatformPluginWire = Wire<Static<typeof PluginSchema>>;
export type PluginListWire = Wire<Static<typeof PluginList>>;
