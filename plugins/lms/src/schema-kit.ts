import { Type, type Static, type TSchema } from '@lectern/sdk';

/**
 * TypeBox pieces the LMS's route schemas share. Each one emits exactly the JSON Schema the routes
 * had when they were written by hand, so validation, its error messages and the OpenAPI document
 * do not change; TypeBox adds the static types the handlers and the admin screens read.
 */

export const Uuid = Type.String({ format: 'uuid' });

/**
 * One of a few strings, as `{type: 'string', enum: [...]}`. Kept in that form (rather than an anyOf
 * of literals) so Ajv's message for a wrong value stays "must be equal to one of the allowed values".
 */
export function StringEnum<const V extends readonly string[]>(values: V, options: { description?: string } = {}) {
  return Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });
}

/**
 * A schema or null, as one JSON-schema type list (`{type: [X, 'null']}`). Not an anyOf with
 * Type.Null(): the kernel's Ajv coerces types, and through an anyOf whose first branch is a number or
 * a string it would turn a sent null into 0 or "" (seats: null means no limit, not zero seats).
 */
export function Nullable<T extends TSchema & { type: string }>(schema: T, options: { description?: string } = {}) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'], ...options });
}

/**
 * A timestamp: an ISO 8601 string on the wire. Handlers hand the serializer the database's Date,
 * which fast-json-stringify writes with toISOString, so the static type admits both; `Wire<T>`
 * turns it back into the string the browser receives.
 */
export const Timestamp = Type.Unsafe<string | Date>({ type: 'string', format: 'date-time' });
export const NullableTimestamp = Type.Unsafe<string | Date | null>({ type: ['string', 'null'], format: 'date-time' });

/** Any JSON object (a Puck document, settings): `{type: 'object', additionalProperties: true}`. */
export const JsonObject = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });

/** What JSON makes of a value a handler returns: Dates become strings. Wire types for the browser go through it. */
export type Wire<T> = T extends Date ? string : T extends ReadonlyArray<infer U> ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
