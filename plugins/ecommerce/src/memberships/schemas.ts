import { Type, type Static, StringEnum, PagingFields } from '@lectern/sdk';
import { DateTime, Uuid } from '../common-schemas.js';

/** TypeBox schemas of the membership API: levels, and who holds them (grants). */
export { IdParams, NoBody } from '../common-schemas.js';

export const MemberParams = Type.Object({ id: Uuid, userId: Uuid }, { additionalProperties: false });
export const Paging = Type.Object(PagingFields, { additionalProperties: false });

export const Level = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    description: Type.String(),
    course_ids: Type.Array(Uuid),
    content_ids: Type.Array(Uuid),
    active_members: Type.Integer(),
    created_at: DateTime,
  },
  { additionalProperties: false },
);

export const LevelInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    course_ids: Type.Optional(Type.Array(Uuid, { maxItems: 200 })),
    content_ids: Type.Optional(Type.Array(Uuid, { maxItems: 500, description: 'Pages and posts only members may read' })),
  },
  { additionalProperties: false },
);

export const Grant = Type.Object(
  {
    membership_id: Uuid,
    user_id: Uuid,
    name: Type.String(),
    email: Type.String(),
    status: StringEnum(['active', 'ended']),
    source: Type.String(),
    order_id: Type.Union([Uuid, Type.Null()]),
    started_at: DateTime,
    ended_at: Type.Union([DateTime, Type.Null()]),
  },
  { additionalProperties: false },
);

export const Grants = Type.Object({ count: Type.Integer(), items: Type.Array(Grant) }, { additionalProperties: false });
export const Changed = Type.Object({ changed: Type.Boolean() }, { additionalProperties: false });
export const LevelDeleted = Type.Object({ deleted: Type.Boolean() });

/** Wire types: what the browser sends and receives, derived from the schemas above (never copied). */
export type LevelWire = Static<typeof Level>;
export type LevelInputWire = Static<typeof LevelInput>;
export type GrantWire = Static<typeof Grant>;
