import { Type, Uuid, IdParams } from '@lectern/sdk';
export { IdParams };

/** Schema parts every area's routes share (each area's schemas.ts builds its own from these). */
export { Uuid };
export const DateTime = Type.String({ format: 'date-time' });
/** A POST that takes no input still refuses a body with fields. */
export const NoBody = Type.Object({}, { additionalProperties: false });
