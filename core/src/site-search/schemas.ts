import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum, type Wire } from '../schema/kit.js';
import { SEARCH_LIMIT, SEARCH_TYPES } from './contract.js';

/** Schemas of GET /api/site/search. */

export const TERM_MAX = 200;

export const SearchQuery = Type.Object(
  {
    // At least one non-space character: the term is trimmed before matching.
    term: Type.String({ minLength: 1, maxLength: TERM_MAX, pattern: '\\S', description: 'Text to find in titles (names for members)' }),
    type: Type.Optional(StringEnum(SEARCH_TYPES, { default: 'all', description: "One type, or 'all' for every type" })),
  },
  { additionalProperties: false },
);

const Hit = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    url: Type.String({ description: 'Site path to open, e.g. /blog/hello-world' }),
    image: Nullable(Type.String()),
    excerpt: Type.String(),
  },
  { additionalProperties: false },
);

const Hits = Type.Array(Hit, { maxItems: SEARCH_LIMIT });

export const SearchResults = Type.Object(
  { courses: Type.Optional(Hits), blog: Type.Optional(Hits), pages: Type.Optional(Hits), members: Type.Optional(Hits) },
  { additionalProperties: false, description: 'Hits per type asked for; a type that was not asked for is absent' },
);

/** Wire type of the search answer (the themes' search modal). */
export type SiteSearchResultsWire = Wire<Static<typeof SearchResults>>;
