import { Type, Uuid } from '@lectern/sdk';

/** Schema parts every area's routes share (each area's schemas.ts builds its own from these). */
export { Uuid };
export const DateTime = Type.String({ format: 'date-time' });
export const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
/** A POST that takes no input still refuses a body with fields. */
export const NoBody = Type.Object({}, { additionalProperties: false });
