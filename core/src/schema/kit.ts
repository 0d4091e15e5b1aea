import { Type, type Static, type TSchema } from '@sinclair/typebox';

/**
 * TypeBox pieces route schemas share, the kernel's and plugins' alike (the SDK re-exports them). Each emits the plain JSON Schema a route would have written
 * by hand, so validation, Ajv's messages and the OpenAPI document read as before; TypeBox adds the
 * static types that handlers and (through `Wire`) the dashboard's screens take from the schemas.
 */

export const Uuid = Type.String({ format: 'uuid' });

/** The path of a route on one row: `/:id`, a uuid, nothing else. */
export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });

/** The body of an action that takes no input (`{}`, nothing more). */
export const EmptyBody = Type.Object({}, { additionalProperties: false });

/**
 * One of a few strings, as `{ type: 'string', enum: [...] }` (not an anyOf of literals), so a wrong
 * value answers Ajv's "must be equal to one of the allowed values" with one detail.
 */
export function StringEnum<const V extends readonly string[]>(values: V, options: { description?: string; default?: V[number] } = {}) {
  return Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });
}

/**
 * A schema or null, as one JSON-schema type list (`{ type: [X, 'null'] }`). Not an anyOf with
 * Type.Null(): the kernel's Ajv coerces types, and through an anyOf whose first branch is a number
 * or a string it would turn a sent null into 0 or "" (a course's `seats: null` is "no limit").
 */
export function Nullable<T extends TSchema & { type: string }>(schema: T, options: { description?: string } = {}) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'], ...options });
}

/**
 * A timestamp: an ISO 8601 string on the wire. Handlers hand the serializer the database's Date,
 * which it writes with toISOString, so the static type admits both; `Wire<T>` makes it the string
 * the browser receives.
 */
export const Timestamp = Type.Unsafe<string | Date>({ type: 'string', format: 'date-time' });
export const NullableTimestamp = Type.Unsafe<string | Date | null>({ type: ['string', 'null'], format: 'date-time' });

/** Any JSON object (a Puck document, settings): `{ type: 'object', additionalProperties: true }`. */
export const JsonObject = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });

/**
 * The kernel's list paging as query fields (limit 1–100, default 20; offset 0–1,000,000, default 0):
 * spread them into a query schema. Optional on the wire; Ajv's useDefaults fills them in.
 */
export const PagingSchema = {
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
} as const;

export const PagingFields = {
  limit: Type.Optional(Type.Unsafe<number>(PagingSchema.limit)),
  offset: Type.Optional(Type.Unsafe<number>(PagingSchema.offset)),
};

/**
 * A list query with its paging in place. Ajv has already applied the defaults, but TypeBox types a
 * key with a default as optional, so the fallbacks here only restate them; `limit` for lists whose
 * page differs from the kernel's 20.
 */
export function paged<Q extends { limit?: number; offset?: number }>(query: Q, limit: number = PagingSchema.limit.default) {
  return { ...query, limit: query.limit ?? limit, offset: query.offset ?? PagingSchema.offset.default };
}

/** What JSON makes of a value a handler returns (Dates become strings): browser code takes its wire types through it. */
export type Wire<T> = T extends Date ? string : T extends ReadonlyArray<infer U> ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
