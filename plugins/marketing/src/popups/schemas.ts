import { DocumentSchema, Type, type PuckDocument } from '@lectern/sdk';
import { PAGE_MODES, POPUP_AUDIENCES, POPUP_FREQUENCIES, POPUP_TRIGGERS } from './rules.js';

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

const literals = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    description === undefined ? {} : { description },
  );

const Status = literals(['draft', 'published'] as const, 'Only published popups show on the site');

/** A path on the site ('/pricing'), or a section ('/blog/*'). */
const PagePath = Type.String({ minLength: 1, maxLength: 200, pattern: '^/[^\\s*]*(\\*)?$' });

export const PopupRulesSchema = Type.Object(
  {
    pages: Type.Object(
      {
        mode: literals(PAGE_MODES, 'all: every page; only: the listed paths; except: all but the listed paths'),
        paths: Type.Array(PagePath, { maxItems: 50, description: "'/pricing' is that page; '/blog/*' is every page under /blog" }),
      },
      { additionalProperties: false },
    ),
    trigger: literals(POPUP_TRIGGERS, 'delay: after delay_seconds; scroll: at scroll_percent of the page; exit_intent: the pointer leaves towards the tabs'),
    delay_seconds: Type.Integer({ minimum: 0, maximum: 600 }),
    scroll_percent: Type.Integer({ minimum: 1, maximum: 100 }),
    frequency: literals(POPUP_FREQUENCIES, 'How often one visitor sees it; closing it keeps it away for the rest of the visit'),
    every_days: Type.Integer({ minimum: 1, maximum: 365, description: "For frequency 'every_days'" }),
    audience: literals(POPUP_AUDIENCES),
  },
  { additionalProperties: false },
);

const Name = Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' });
export const Document = Type.Unsafe<PuckDocument>(DocumentSchema);

export const NewPopup = Type.Object(
  {
    name: Name,
    status: Type.Optional(Status),
    document: Type.Optional(Document),
    rules: Type.Optional(Type.Partial(PopupRulesSchema)),
  },
  { additionalProperties: false },
);

export const PopupChanges = Type.Partial(Type.Object({ name: Name, status: Status, document: Document, rules: Type.Partial(PopupRulesSchema) }), {
  additionalProperties: false,
  minProperties: 1,
});

export const Popup = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  status: Status,
  // Answered whole: the request schema's loose block shape would let the serialiser drop the blocks' props.
  document: Type.Unsafe<PuckDocument>({ type: 'object', additionalProperties: true }),
  rules: PopupRulesSchema,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export const PopupList = Type.Object({ items: Type.Array(Popup) });
