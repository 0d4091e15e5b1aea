import { Type } from '@lectern/sdk';

const Tag = Type.String({ minLength: 1, maxLength: 40, pattern: '^[^,\\s][^,]*$' });
export const Tags = Type.Array(Tag, { maxItems: 20, description: 'At most 20 tags of up to 40 characters, no commas' });
/** Custom fields: up to 50 keys of lower-case letters, digits and _, each a text of up to 500 characters. */
export const FieldKey = Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' });
export const CustomFields = (description?: string) => Type.Record(FieldKey, Type.String({ maxLength: 500 }), { maxProperties: 50, description });
export const ListIds = Type.Array(Type.String({ format: 'uuid' }), { maxItems: 50 });

/** SPEC §3 Mailing contact status: 1 active; 0 waits for its opt-in, 2 unsubscribed, 3 bounced. */
export const Status = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

export const Contact = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  name: Type.String(),
  status: Status,
  tags: Type.Array(Type.String()),
  lists: Type.Array(Type.String({ format: 'uuid' }), { description: 'The lists it is on' }),
  source: Type.Union([Type.String(), Type.Null()], { description: 'SPEC §3 settings.source: manual, import, form or automation' }),
  form_id: Type.Union([Type.String(), Type.Null()]),
  fields: Type.Record(Type.String(), Type.String(), { description: 'Custom fields' }),
  created_at: Type.String({ format: 'date-time' }),
});

export const NewContact = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 320 }),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    lists: Type.Optional(ListIds),
    tags: Type.Optional(Tags),
  },
  { additionalProperties: false },
);

export const ContactChanges = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    status: Type.Optional(Status),
    tags: Type.Optional(Tags),
    fields: Type.Optional(CustomFields('The custom fields from now (those not named are removed)')),
    lists: Type.Optional(
      Type.Array(Type.String({ format: 'uuid' }), { maxItems: 50, description: 'The lists it is on from now: links not named are removed' }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const ContactQuery = Type.Object(
  {
    list: Type.Optional(Type.String({ format: 'uuid' })),
    status: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
    tag: Type.Optional(Type.String({ maxLength: 40 })),
    search: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the e-mail address or name' })),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  },
  { additionalProperties: false },
);

export const ContactPage = Type.Object({ items: Type.Array(Contact), total: Type.Integer() });

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
