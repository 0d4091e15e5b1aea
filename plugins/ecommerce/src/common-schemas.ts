import { Type, Uuid } from '@lectern/sdk';

/** Schema parts every area's routes share (each area's schemas.ts builds its own from these). */
export { Uuid };
export const DateTime = Type.String({ format: 'date-time' });
export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
/** A POST that takes no input still refuses a body with fields. */
export const NoBody = Type.Object({}, { additionalProperties: false });

/** One page of a list: `offset` and `limit`, filled with these defaults by the validator. */
export const PAGE_DEFAULTS = { offset: 0, limit: 20 } as const;
export const PagingProps = {
  offset: Type.Optional(Type.Integer({ minimum: 0, default: PAGE_DEFAULTS.offset })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: PAGE_DEFAULTS.limit })),
};

/**
 * The page a query asks for. The validator has filled the defaults before a handler runs, but a
 * schema's static type cannot say so (a property with a default is optional on the wire).
 */
export function pageOf(query: { offset?: number; limit?: number }): { offset: number; limit: number } {
  return { offset: query.offset ?? PAGE_DEFAULTS.offset, limit: query.limit ?? PAGE_DEFAULTS.limit };
}
