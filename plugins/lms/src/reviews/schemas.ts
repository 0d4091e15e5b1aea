import { Type, type Static, Nullable } from '@lectern/sdk';

/** TypeBox schemas of the review routes; the store's and the screens' types are their static types. */

export const REVIEW_MAX = 5000;

const ownReview = Type.Object({
  rating: Type.Integer(),
  content: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export const OwnReviewSchema = Nullable(ownReview);
export const OwnReviewAnswer = Type.Object({ review: OwnReviewSchema });

const RouteCourse = Type.String({ minLength: 1, maxLength: 200 });
export const CourseParams = Type.Object({ course: RouteCourse }, { additionalProperties: false });
export const SlugParams = Type.Object({ slug: RouteCourse }, { additionalProperties: false });

export const ReviewBody = Type.Object(
  { rating: Type.Integer({ minimum: 1, maximum: 5 }), content: Type.Optional(Type.String({ maxLength: REVIEW_MAX })) },
  { additionalProperties: false },
);

/** Reviews page by 10 (Ajv's useDefaults fills the query in; TypeBox types defaulted keys optional). */
export const REVIEW_PAGE = 10;
export const ReviewQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: REVIEW_PAGE })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, default: 0 })),
  },
  { additionalProperties: false },
);
const publicReview = Type.Object({
  id: Type.String(),
  rating: Type.Integer(),
  content: Type.String(),
  name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});
export const ReviewListSchema = Type.Object({ average: Nullable(Type.Number()), count: Type.Integer(), items: Type.Array(publicReview) });

/** Wire types, also the store's. */
export type OwnReviewWire = Static<typeof ownReview>;
export type PublicReviewWire = Static<typeof publicReview>;
export type ReviewListWire = Static<typeof ReviewListSchema>;
