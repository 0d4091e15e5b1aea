import { PLANS } from '../plans/catalogue.js';

/** JSON schemas of the super-admin (platform) routes. */

const PLAN_IDS = Object.keys(PLANS);
const Uuid = { type: 'string', format: 'uuid' } as const;
const Timestamp = { type: 'string', format: 'date-time' } as const;
const NullableTimestamp = { type: ['string', 'null'], format: 'date-time' } as const;
const Search = { type: 'string', maxLength: 200, description: 'Case-insensitive part of a name, slug or email' } as const;
const Limit = { type: 'integer', minimum: 1, maximum: 200, default: 50 } as const;
const Offset = { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 } as const;

export const Plan = { type: 'string', enum: PLAN_IDS } as const;

export const IdParams = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: Uuid } } as const;

export const PlatformAccountSchema = {
  type: 'object',
  required: ['id', 'slug', 'name', 'plan', 'custom_domain', 'is_platform', 'suspended_at', 'features', 'member_count', 'created_at'],
  additionalProperties: false,
  properties: {
    id: Uuid,
    slug: { type: 'string' },
    name: { type: 'string' },
    plan: { type: 'string' },
    custom_domain: { type: ['string', 'null'] },
    is_platform: { type: 'boolean' },
    suspended_at: NullableTimestamp,
    features: { type: 'array', items: { type: 'string' }, description: 'Effective features: built into the plan, or switched on and included in it' },
    feature_switches: { type: 'object', additionalProperties: { type: 'boolean' }, description: "The owner's raw switches" },
    member_count: { type: 'integer' },
    created_at: Timestamp,
  },
} as const;

export const AccountListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: Search,
    plan: Plan,
    status: { type: 'string', enum: ['active', 'suspended'] },
    limit: Limit,
    offset: Offset,
  },
} as const;

export const AccountList = {
  type: 'object',
  required: ['accounts', 'total'],
  additionalProperties: false,
  properties: { accounts: { type: 'array', items: PlatformAccountSchema }, total: { type: 'integer' } },
} as const;

const Name = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;

export const CreateAccountBody = {
  type: 'object',
  required: ['slug', 'name', 'plan', 'owner_email'],
  additionalProperties: false,
  properties: {
    slug: { type: 'string', minLength: 1, maxLength: 63, description: 'Lower-case letters, digits and inner hyphens; the site is at <slug>.<platform domain>' },
    name: Name,
    plan: Plan,
    owner_email: { type: 'string', format: 'email', maxLength: 254 },
    owner_name: Name,
  },
} as const;

export const CreatedAccount = {
  type: 'object',
  required: ['account', 'owner'],
  additionalProperties: false,
  properties: {
    account: PlatformAccountSchema,
    owner: {
      type: 'object',
      required: ['user_id', 'email', 'new_user'],
      additionalProperties: false,
      properties: {
        user_id: Uuid,
        email: { type: 'string' },
        new_user: { type: 'boolean', description: 'false when the address already had a user (they keep their sign-in)' },
      },
    },
  },
} as const;

export const UpdateAccountBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: Name,
    plan: Plan,
    features: {
      type: 'object',
      maxProperties: 100,
      propertyNames: { maxLength: 64 },
      additionalProperties: { type: 'boolean' },
      description: 'Add-on switches to change (feature → on/off); others stay as they are',
    },
    suspended: { type: 'boolean' },
  },
} as const;

export const OwnerListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { search: Search, limit: Limit, offset: Offset },
} as const;

export const OwnerSchema = {
  type: 'object',
  required: ['user_id', 'name', 'email', 'account', 'role', 'created_at'],
  additionalProperties: false,
  properties: {
    user_id: Uuid,
    name: { type: 'string' },
    email: { type: ['string', 'null'] },
    account: {
      type: 'object',
      required: ['id', 'slug', 'name'],
      additionalProperties: false,
      properties: { id: Uuid, slug: { type: 'string' }, name: { type: 'string' } },
    },
    role: { type: 'string', description: 'Slug of the role granting manage_options' },
    created_at: Timestamp,
  },
} as const;

export const OwnerList = {
  type: 'object',
  required: ['owners', 'total'],
  additionalProperties: false,
  properties: { owners: { type: 'array', items: OwnerSchema }, total: { type: 'integer' } },
} as const;

export const CronSchema = {
  type: 'object',
  required: ['name', 'cron', 'timezone', 'account_id', 'created_at', 'last_run'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    cron: { type: 'string' },
    timezone: { type: 'string' },
    account_id: { type: ['string', 'null'], description: 'The account its jobs run in; null for platform jobs' },
    created_at: Timestamp,
    last_run: {
      type: ['object', 'null'],
      required: ['id', 'state', 'created_at', 'started_at', 'completed_at'],
      additionalProperties: false,
      properties: { id: Uuid, state: { type: 'string' }, created_at: Timestamp, started_at: NullableTimestamp, completed_at: NullableTimestamp },
    },
  },
} as const;

export const CronList = {
  type: 'object',
  required: ['crons'],
  additionalProperties: false,
  properties: { crons: { type: 'array', items: CronSchema } },
} as const;

export const CronParams = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,100}$' } },
} as const;

export const EmptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

export const QueuedJob = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: Uuid } } as const;

export const PluginSchema = {
  type: 'object',
  required: ['kind', 'name', 'version', 'description', 'feature', 'plans', 'accounts_using'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: ['plugin', 'kernel'], description: 'kernel: a behaviour flag of the kernel itself' },
    name: { type: 'string' },
    version: { type: 'string' },
    description: { type: 'string' },
    feature: { type: ['string', 'null'], description: 'null: always on for every account' },
    plans: { type: 'array', items: { type: 'string' }, description: 'Plans that include the feature' },
    accounts_using: { type: 'integer', description: 'Accounts where the feature is in effect' },
  },
} as const;

export const PluginList = {
  type: 'object',
  required: ['plugins'],
  additionalProperties: false,
  properties: { plugins: { type: 'array', items: PluginSchema } },
} as const;
