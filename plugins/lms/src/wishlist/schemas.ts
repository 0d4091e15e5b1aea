import { Type, type Static } from '@lectern/sdk';

/** TypeBox schemas of the wishlist routes; the store's types are their static types. */

export const WishlistParams = Type.Object(
  { course: Type.String({ minLength: 1, maxLength: 200, description: 'Course id or slug' }) },
  { additionalProperties: false },
);

export const WishlistState = Type.Object({ saved: Type.Boolean() }, { additionalProperties: false });

/** A member's wishlist pages by 20. */
export const WISHLIST_PAGE = 20;
export const WishlistQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: WISHLIST_PAGE })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
  },
  { additionalProperties: false },
);

const WishlistItem = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    slug: Type.String(),
    excerpt: Type.String(),
    saved_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export const WishlistPage = Type.Object({ count: Type.Integer(), items: Type.Array(WishlistItem) }, { additionalProperties: false });

export type WishlistItemWire = Static<typeof WishlistItem>;
