import { SEARCH_LIMIT, SEARCH_TYPES } from './contract.js';

/** JSON schemas of GET /api/site/search. */

export const TERM_MAX = 200;

export const SearchQuery = {
  type: 'object',
  required: ['term'],
  additionalProperties: false,
  properties: {
    // At least one non-space character: the term is trimmed before matching.
    term: { type: 'string', minLength: 1, maxLength: TERM_MAX, pattern: '\\S', description: 'Text to find in titles (names for members)' },
    type: { type: 'string', enum: [...SEARCH_TYPES], default: 'all', description: "One type, or 'all' for every type" },
  },
} as const;

const Hit = {
  type: 'object',
  required: ['id', 'title', 'url', 'image', 'excerpt'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    url: { type: 'string', description: 'Site path to open, e.g. /blog/hello-world' },
    image: { type: ['string', 'null'] },
    excerpt: { type: 'string' },
  },
} as const;

const Hits = { type: 'array', maxItems: SEARCH_LIMIT, items: Hit } as const;

export const SearchResults = {
  type: 'object',
  additionalProperties: false,
  description: 'Hits per type asked for; a type that was not asked for is absent',
  properties: { courses: Hits, blog: Hits, pages: Hits, members: Hits },
} as const;
