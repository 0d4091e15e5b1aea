import { Type } from '@lectern/sdk';
import { ListIds, Tags } from '../contacts/schemas.js';
import { LINK_PATTERN } from './blocks.js';

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });

const Link = Type.String({ minLength: 1, maxLength: 2000, pattern: LINK_PATTERN });
const Line = (max: number) => Type.String({ minLength: 1, maxLength: max });

export const EmailBlockSchema = Type.Union([
  Type.Object({ type: Type.Literal('heading'), text: Line(300) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('text'), text: Line(10_000) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('button'), label: Line(100), url: Link }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('image'), url: Link, alt: Type.String({ maxLength: 300 }) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('divider') }, { additionalProperties: false }),
]);
const Blocks = Type.Array(EmailBlockSchema, { maxItems: 100 });

export const AudienceSchema = Type.Object(
  {
    list_ids: ListIds,
    tags: Tags,
    roles: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 20, uniqueItems: true, description: 'Members with one of these roles (role ids)' }),
    course_ids: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 50, uniqueItems: true, description: 'Students of one of these courses (the LMS)' }),
    customers: Type.Boolean({ description: 'Members with a paid order (the shop)' }),
  },
  { additionalProperties: false },
);

const Name = Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' });
const Subject = Type.String({ maxLength: 200 });
const Preheader = Type.String({ maxLength: 200 });

export const NewCampaign = Type.Object(
  {
    name: Name,
    subject: Type.Optional(Subject),
    preheader: Type.Optional(Preheader),
    blocks: Type.Optional(Blocks),
    audience: Type.Optional(Type.Partial(AudienceSchema)),
  },
  { additionalProperties: false },
);

export const CampaignChanges = Type.Partial(
  Type.Object({ name: Name, subject: Subject, preheader: Preheader, blocks: Blocks, audience: Type.Partial(AudienceSchema) }),
  { additionalProperties: false, minProperties: 1 },
);

const Status = Type.Union(['draft', 'scheduled', 'sending', 'sent', 'stopped'].map((status) => Type.Literal(status)));
const Count = Type.Integer({ minimum: 0 });
const When = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const Campaign = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  subject: Type.String(),
  preheader: Type.String(),
  blocks: Blocks,
  audience: AudienceSchema,
  status: Status,
  scheduled_at: When,
  started_at: When,
  finished_at: When,
  stop_reason: Type.Union([Type.String(), Type.Null()]),
  /** The send's progress and what people did with it. */
  stats: Type.Object({ recipients: Count, sent: Count, skipped: Count, failed: Count, opened: Count, clicked: Count }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export const CampaignList = Type.Object({ items: Type.Array(Campaign) });

export const SendBody = Type.Object(
  { at: Type.Optional(Type.String({ format: 'date-time', description: 'Send later, at this time; left out: now' })) },
  { additionalProperties: false },
);
export const TestBody = Type.Object({ to: Type.String({ format: 'email', maxLength: 254 }) }, { additionalProperties: false });
export const AudienceCount = Type.Object({ recipients: Count });
export const TestSent = Type.Object({ sent: Type.Literal(true) });
