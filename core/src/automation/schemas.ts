import { Type, type Static } from '@sinclair/typebox';
import { STEP_KEY_PATTERN } from '../plugins/manifest.js';
import { JsonObject, Nullable, NullableTimestamp, PagingFields, StringEnum, Timestamp, Uuid, type Wire } from '../schema/kit.js';

/** Schemas of the automation routes (bodies, queries and responses); their wire types are the dashboard's automation screens. */

// The manifest's step keys (SPEC §9 spells one action in camel case, emailList).
const Key = Type.String({ pattern: STEP_KEY_PATTERN, maxLength: 100 });
/** A step's arguments as sent: their values are checked against the step's declared schema, their number here (Ajv fills in {}). */
const ArgsIn = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, maxProperties: 50, default: {} });
const Step = Type.Object({ key: Key, args: Type.Optional(ArgsIn) }, { additionalProperties: false });
const Steps = Type.Array(Step, { maxItems: 50 });
const Name = Type.String({ minLength: 1, maxLength: 200 });

export const IdParams = Type.Object({ id: Uuid });
export const ListQuery = Type.Object({ ...PagingFields }, { additionalProperties: false });
export const RunsQuery = Type.Object({ automation_id: Type.Optional(Uuid), event_id: Type.Optional(Uuid), ...PagingFields }, { additionalProperties: false });

const bodyFields = { name: Name, trigger_type: Key, conditions: Steps, actions: Steps, enabled: Type.Boolean() };

export const AutomationBody = Type.Object(
  {
    name: bodyFields.name,
    trigger_type: bodyFields.trigger_type,
    conditions: Type.Optional(bodyFields.conditions),
    actions: Type.Optional(bodyFields.actions),
    enabled: Type.Optional(bodyFields.enabled),
  },
  { additionalProperties: false },
);

export const AutomationPatch = Type.Partial(Type.Object(bodyFields), { additionalProperties: false, minProperties: 1 });

export const BacktestBody = Type.Object(
  {
    trigger_type: bodyFields.trigger_type,
    conditions: Type.Optional(bodyFields.conditions),
    actions: Type.Optional(bodyFields.actions),
    days: Type.Integer({ minimum: 1, maximum: 90, default: 30, description: 'How many days of recorded events to replay' }),
  },
  { additionalProperties: false },
);

const BacktestStepSchema = Type.Object({
  kind: StringEnum(['condition', 'action']),
  position: Type.Integer(),
  key: Type.String(),
  status: StringEnum(['passed', 'failed', 'would_run', 'not_run']),
  error: Nullable(Type.String()),
});

export const BacktestAnswer = Type.Object({
  from: Timestamp,
  events: Type.Integer(),
  would_run: Type.Integer(),
  actions: Type.Array(Type.Object({ key: Type.String(), people: Type.Array(Type.String()) })),
  runs: Type.Array(
    Type.Object({
      event_id: Type.String(),
      created_at: Timestamp,
      user_id: Nullable(Type.String()),
      email: Nullable(Type.String()),
      name: Nullable(Type.String()),
      outcome: StringEnum(['would_run', 'skipped']),
      steps: Type.Array(BacktestStepSchema),
    }),
  ),
  truncated: Type.Boolean(),
});

export const RunBody = Type.Object({ user_id: Type.Optional(Uuid) }, { additionalProperties: false });
export const RunStarted = Type.Object({ event_id: Type.String() });

const StepOut = Type.Object({ key: Type.String(), args: JsonObject });

export const AutomationSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  trigger_type: Type.String(),
  conditions: Type.Array(StepOut),
  actions: Type.Array(StepOut),
  enabled: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const AutomationList = Type.Object({ items: Type.Array(AutomationSchema), total: Type.Integer() });

const TraceStep = Type.Object({
  kind: StringEnum(['condition', 'action']),
  position: Type.Integer(),
  key: Type.String(),
  args: Type.Optional(JsonObject),
  status: Type.String(),
  attempts: Type.Integer(),
  output: Type.Optional(Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'], additionalProperties: true })),
  error: Type.Optional(Nullable(Type.String())),
  due_at: Type.Optional(NullableTimestamp),
  updated_at: Type.Optional(Timestamp),
});

const RunSchema = Type.Object({
  id: Type.String(),
  automation_id: Type.String(),
  event_id: Type.String(),
  trigger_type: Type.Optional(Type.String()),
  user_id: Type.Optional(Nullable(Type.String())),
  status: Type.String(),
  created_at: Type.Optional(Timestamp),
  updated_at: Type.Optional(Timestamp),
  steps: Type.Array(TraceStep),
});

export const RunList = Type.Object({ items: Type.Array(RunSchema), total: Type.Integer() });

const Declaration = Type.Object({ key: Type.String(), plugin: Type.String(), schema: JsonObject });

export const CatalogueSchema = Type.Object({
  triggers: Type.Array(Declaration),
  conditions: Type.Array(Declaration),
  actions: Type.Array(Declaration),
});

/** Wire types (the dashboard's automation screens). */
export type AutomationWire = Wire<Static<typeof AutomationSchema>>;
export type AutomationListWire = Wire<Static<typeof AutomationList>>;
export type AutomationBodyWire = Static<typeof AutomationBody>;
export type AutomationRunWire = Wire<Static<typeof RunSchema>>;
export type AutomationRunListWire = Wire<Static<typeof RunList>>;
export type AutomationCatalogueWire = Wire<Static<typeof CatalogueSchema>>;
