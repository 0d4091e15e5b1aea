import { Type, type Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { AutomationCatalogue } from './catalogue.js';
import type { ConditionEvaluator } from './declarations.js';

const Uuid = Type.String({ format: 'uuid' });
const Clock = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM, 24-hour' });

/** SPEC §9 interval units, in seconds (second added so short delays can be set and tested). */
export const DELAY_UNITS = { second: 1, minute: 60, hour: 3600, day: 86400, week: 604800, month: 2592000 } as const;

/** The kernel's trigger: an automation started by hand (POST /api/automations/:id/run). */
export const MANUAL_TRIGGER = 'manual';
export const ManualPayload = Type.Object({ automationId: Uuid }, { additionalProperties: false });

/** The kernel's action that waits: the actions after it run once the delay has passed. */
export const TIME_DELAY = 'time_delay';
export const TimeDelayInput = Type.Object(
  { amount: Type.Integer({ minimum: 1, maximum: 1000 }), unit: Type.Union(Object.keys(DELAY_UNITS).map((unit) => Type.Literal(unit))) },
  { additionalProperties: false },
);
export type TimeDelay = Static<typeof TimeDelayInput>;

export function delaySeconds(input: TimeDelay): number {
  return input.amount * DELAY_UNITS[input.unit as keyof typeof DELAY_UNITS];
}

const TimeOfDay = Type.Object(
  { from: Clock, to: Clock, timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA name; default UTC' })) },
  { additionalProperties: false },
);
const DayOfWeek = Type.Object(
  {
    days: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7, description: '1 Monday … 7 Sunday' }),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA name; default UTC' })),
  },
  { additionalProperties: false },
);
const IdEquals = Type.Object({ id: Uuid }, { additionalProperties: false });
const UserRole = Type.Object(
  { roles: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 50 }) },
  { additionalProperties: false },
);

/** The wall clock at `now` in a time zone, as minutes since midnight and ISO weekday (1 Monday … 7 Sunday). */
export function wallClock(now: Date, timezone = 'UTC'): { minutes: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', weekday: 'short', hourCycle: 'h23' }).formatToParts(
    now,
  );
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(part('weekday')) + 1;
  return { minutes: Number(part('hour')) * 60 + Number(part('minute')), weekday };
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Within [from, to), wrapping past midnight when `to` is earlier than `from` (22:00–06:00). */
const timeOfDay: ConditionEvaluator<Static<typeof TimeOfDay>> = (args, { now }) => {
  const { minutes } = wallClock(now, args.timezone);
  const from = minutesOf(args.from);
  const to = minutesOf(args.to);
  return from <= to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
};

/** The event's course or form (SPEC §9: compared with the event's), from its payload. */
const payloadIdEquals =
  (field: string): ConditionEvaluator<Static<typeof IdEquals>> =>
  (args, { event }) =>
    event.payload[field] === args.id;

const userRole: ConditionEvaluator<Static<typeof UserRole>> = async (args, { event, db }) => {
  if (event.userId === null) return false;
  const { rows } = await sql<{ slug: string }>`
    SELECT r.slug FROM members m JOIN roles r ON r.account_id = m.account_id AND r.id = m.role_id
     WHERE m.account_id = ${event.accountId} AND m.user_id = ${event.userId}`.execute(db);
  return rows[0] !== undefined && args.roles.includes(rows[0].slug);
};

/** Declares the kernel's own trigger, conditions and action (no feature: every account has them). */
export function declareBuiltIns(catalogue: AutomationCatalogue): void {
  const kernel = { plugin: null, feature: undefined };
  catalogue.addTrigger({ ...kernel, key: MANUAL_TRIGGER, payload: ManualPayload });
  catalogue.addAction({ ...kernel, key: TIME_DELAY, input: TimeDelayInput });
  const conditions: Array<[string, typeof TimeOfDay | typeof DayOfWeek | typeof IdEquals | typeof UserRole, ConditionEvaluator<never>]> = [
    ['time_of_day', TimeOfDay, timeOfDay as ConditionEvaluator<never>],
    [
      'day_of_week',
      DayOfWeek,
      ((args: Static<typeof DayOfWeek>, { now }) => args.days.includes(wallClock(now, args.timezone).weekday)) as ConditionEvaluator<never>,
    ],
    ['course_id_equals', IdEquals, payloadIdEquals('courseId') as ConditionEvaluator<never>],
    ['form_id_equals', IdEquals, payloadIdEquals('formId') as ConditionEvaluator<never>],
    ['user_role', UserRole, userRole as ConditionEvaluator<never>],
  ];
  for (const [key, args, evaluate] of conditions) catalogue.addCondition({ ...kernel, key, args, evaluate });
}
