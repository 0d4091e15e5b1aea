import { Paging } from '../content/schemas.js';

/** JSON schemas of the automation routes (bodies, queries and responses). */

const Key = { type: 'string', pattern: '^[a-z][a-z0-9_.-]*$', maxLength: 100 } as const;
const Args = { type: 'object', additionalProperties: true } as const;
/** A step's arguments as sent: their values are checked against the step's declared schema, their number here. */
const ArgsIn = { ...Args, maxProperties: 50, default: {} } as const;
const Step = { type: 'object', required: ['key'], additionalProperties: false, properties: { key: Key, args: ArgsIn } } as const;
const Steps = { type: 'array', maxItems: 50, items: Step } as const;
const Name = { type: 'string', minLength: 1, maxLength: 200 } as const;
const Stamp = { type: 'string', format: 'date-time' } as const;

export const IdParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;
export const ListQuery = { type: 'object', additionalProperties: false, properties: { ...Paging } } as const;
export const RunsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { automation_id: { type: 'string', format: 'uuid' }, event_id: { type: 'string', format: 'uuid' }, ...Paging },
} as const;

export const AutomationBody = {
  type: 'object',
  required: ['name', 'trigger_type'],
  additionalProperties: false,
  properties: { name: Name, trigger_type: Key, conditions: Steps, actions: Steps, enabled: { type: 'boolean' } },
} as const;

export const AutomationPatch = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: AutomationBody.properties,
} as const;

export const RunBody = { type: 'object', additionalProperties: false, properties: { user_id: { type: 'string', format: 'uuid' } } } as const;

const StepOut = { type: 'object', required: ['key', 'args'], properties: { key: { type: 'string' }, args: Args } } as const;

export const AutomationSchema = {
  type: 'object',
  required: ['id', 'name', 'trigger_type', 'conditions', 'actions', 'enabled', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    trigger_type: { type: 'string' },
    conditions: { type: 'array', items: StepOut },
    actions: { type: 'array', items: StepOut },
    enabled: { type: 'boolean' },
    created_at: Stamp,
    updated_at: Stamp,
  },
} as const;

export const AutomationList = {
  type: 'object',
  required: ['items', 'total'],
  properties: { items: { type: 'array', items: AutomationSchema }, total: { type: 'integer' } },
} as const;

const TraceStep = {
  type: 'object',
  required: ['kind', 'position', 'key', 'status', 'attempts'],
  properties: {
    kind: { type: 'string', enum: ['condition', 'action'] },
    position: { type: 'integer' },
    key: { type: 'string' },
    args: Args,
    status: { type: 'string' },
    attempts: { type: 'integer' },
    output: { type: ['object', 'null'], additionalProperties: true },
    error: { type: ['string', 'null'] },
    due_at: { type: ['string', 'null'], format: 'date-time' },
    updated_at: Stamp,
  },
} as const;

export const RunList = {
  type: 'object',
  required: ['items', 'total'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'automation_id', 'event_id', 'status', 'steps'],
        properties: {
          id: { type: 'string' },
          automation_id: { type: 'string' },
          event_id: { type: 'string' },
          trigger_type: { type: 'string' },
          user_id: { type: ['string', 'null'] },
          status: { type: 'string' },
          created_at: Stamp,
          updated_at: Stamp,
          steps: { type: 'array', items: TraceStep },
        },
      },
    },
    total: { type: 'integer' },
  },
} as const;

const Declaration = {
  type: 'object',
  required: ['key', 'plugin', 'schema'],
  properties: { key: { type: 'string' }, plugin: { type: 'string' }, schema: { type: 'object', additionalProperties: true } },
} as const;

export const CatalogueSchema = {
  type: 'object',
  required: ['triggers', 'conditions', 'actions'],
  properties: {
    triggers: { type: 'array', items: Declaration },
    conditions: { type: 'array', items: Declaration },
    actions: { type: 'array', items: Declaration },
  },
} as const;
