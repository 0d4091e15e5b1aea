/**
 * JSON schemas of the dashboard data routes (home summary, reports, billing, setup checklist).
 *
 * Card, step and widget-title keys are i18n keys: the front end translates them, so they are a
 * stable contract. Summary card keys:
 * - managers (manage_options): `members` (value: members of the account, delta_30d: joined in the
 *   last 30 days), `emails_month` (emails counted against the plan this calendar month, UTC; limit:
 *   monthlyEmails), `storage_mb` (stored files in MB; limit: the plan's storage MB), `unread_alerts`
 *   (unread account notifications);
 * - everyone else: `unread_notifications` (unread bell notifications, chat excluded),
 *   `unread_chats` (unread chat messages), `notifications_30d` (notifications received in the
 *   last 30 days).
 * Setup step keys: see SETUP_STEPS in setup-routes.ts.
 */

export const MANAGER_CARDS = ['members', 'emails_month', 'storage_mb', 'unread_alerts'] as const;
export const MEMBER_CARDS = ['unread_notifications', 'unread_chats', 'notifications_30d'] as const;
export type CardKey = (typeof MANAGER_CARDS)[number] | (typeof MEMBER_CARDS)[number];

/** A calendar day, UTC. Format "date" also refuses days that do not exist (2025-02-30). */
export const Day = { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

export const Card = {
  type: 'object',
  required: ['key', 'value'],
  properties: {
    key: { type: 'string', enum: [...MANAGER_CARDS, ...MEMBER_CARDS], description: 'i18n key' },
    value: { type: 'number' },
    delta_30d: { type: 'number', description: 'Change over the last 30 days' },
    limit: { type: 'number', description: "The plan's limit for this meter" },
  },
} as const;

const DailyPoint = { type: 'object', required: ['date', 'value'], properties: { date: Day, value: { type: 'number' } } } as const;

export const SummaryResponse = {
  type: 'object',
  required: ['cards', 'series'],
  properties: {
    cards: { type: 'array', items: Card },
    series: {
      type: 'object',
      description: 'Managers only; empty for other members',
      properties: { members_daily: { type: 'array', items: DailyPoint, description: 'Members joined per day, the last 30 days (UTC), oldest first' } },
    },
  },
} as const;

export const RangeQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { from: Day, to: Day },
} as const;

export const WidgetKind = { type: 'string', enum: ['line', 'bar', 'number'] } as const;

const Point = { type: 'object', required: ['x', 'y'], properties: { x: { type: 'string' }, y: { type: 'number' } } } as const;

export const WidgetResult = {
  type: 'object',
  required: ['id', 'title', 'kind'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string', description: 'i18n key' },
    kind: WidgetKind,
    points: { type: 'array', items: Point, description: 'line and bar widgets' },
    value: { type: 'number', description: 'number widgets' },
  },
} as const;

export const ReportsResponse = {
  type: 'object',
  required: ['from', 'to', 'widgets'],
  properties: { from: Day, to: Day, widgets: { type: 'array', items: WidgetResult } },
} as const;

export const WidgetIdParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', pattern: '^[a-z0-9][a-z0-9_.-]{0,63}$' } },
} as const;

/** CSV text: not serialised by a schema, described for the API docs. */
export const CsvResponse = { 200: { description: 'text/csv: a "date,value" header, then one row per point (one row dated `to` for number widgets)' } } as const;

const Price = { type: 'object', properties: { amount: { type: 'number' }, iterations: { type: 'integer' }, trial_days: { type: 'integer' } } } as const;
const Prices = {
  type: 'object',
  properties: { monthly: Price, annual: Price, onetime: { type: 'object', properties: { amount: { type: 'number' } } } },
} as const;

const numbers = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, { type: 'number' }]));

export const Limits = {
  type: 'object',
  description: "The plan's limits (SPEC §3 Plan limits); every limit is 0 on an unknown plan",
  properties: {
    ...numbers([
      'totalMembers',
      'monthlyEmails',
      'chats',
      'ai_tokens',
      'email_verify',
      'transcribe',
      'videos',
      'mau',
      'emails',
      'courses',
      'groups',
      'funnels',
      'concurrentUsers',
    ]),
    storage: { type: 'object', description: 'MB', properties: numbers(['images', 'videos', 'storage']) },
  },
} as const;

const PlanInfo = {
  type: 'object',
  required: ['id', 'label', 'description', 'prices'],
  properties: { id: { type: 'string' }, label: { type: 'string' }, description: { type: 'string' }, prices: Prices },
} as const;

export const BillingResponse = {
  type: 'object',
  required: ['plan', 'features', 'limits', 'usage', 'plans'],
  properties: {
    plan: {
      ...PlanInfo,
      properties: { ...PlanInfo.properties, known: { type: 'boolean', description: 'false: the account is on a plan the catalogue does not list' } },
    },
    features: { type: 'array', items: { type: 'string' }, description: "The account's effective features" },
    limits: Limits,
    usage: {
      type: 'object',
      description: 'The meters the platform measures (SPEC §9 usage meters); others are left out',
      required: ['members', 'emails', 'storage_mb', 'images_mb', 'videos_mb', 'notifications'],
      properties: {
        members: { type: 'integer', description: 'against limits.totalMembers' },
        emails: { type: 'integer', description: 'this calendar month (UTC), as the mail quota counts them; against limits.monthlyEmails' },
        storage_mb: { type: 'number', description: 'all stored files; against limits.storage.storage' },
        images_mb: { type: 'number', description: 'against limits.storage.images' },
        videos_mb: { type: 'number', description: 'against limits.storage.videos' },
        notifications: { type: 'integer', description: 'member notifications created this calendar month (UTC)' },
      },
    },
    plans: {
      type: 'array',
      description: 'Every plan of the catalogue, for comparison',
      items: { ...PlanInfo, properties: { ...PlanInfo.properties, features: { type: 'array', items: { type: 'string' } }, limits: Limits } },
    },
  },
} as const;

export const SetupResponse = {
  type: 'object',
  required: ['steps', 'done_count', 'total', 'dismissed'],
  properties: {
    steps: {
      type: 'array',
      items: {
        type: 'object',
        required: ['key', 'done', 'path'],
        properties: {
          key: { type: 'string', description: 'i18n key' },
          done: { type: 'boolean' },
          path: { type: 'string', description: 'The dashboard screen that completes the step' },
        },
      },
    },
    done_count: { type: 'integer' },
    total: { type: 'integer' },
    dismissed: { type: 'boolean', description: 'The owner hid the checklist' },
  },
} as const;

export const DismissBody = { type: 'object', required: ['dismissed'], additionalProperties: false, properties: { dismissed: { type: 'boolean' } } } as const;
