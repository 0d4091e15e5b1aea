import { defineAction, defineCondition, defineTrigger, Type, Uuid } from '@lectern/sdk';

/**
 * SPEC §9: the triggers marketing raises, the conditions it answers and the actions it runs, as the
 * kernel's automation engine declares them (listed in the manifest; their code in conditions.ts and
 * actions.ts). The person an event is about is its member (the event's user) or, for a visitor who
 * is not one, the address in its payload (`email`).
 */
const Email = Type.String({ minLength: 3, maxLength: 320 });
const Tag = Type.String({ minLength: 1, maxLength: 40, pattern: '^[^,\\s][^,]*$' });
/** A mail's words: {{name}}, {{email}} and {{site}} are filled in for each person. */
const Subject = Type.String({ minLength: 1, maxLength: 200 });
const Body = Type.String({ minLength: 1, maxLength: 20_000, description: 'Plain text; {{name}}, {{email}} and {{site}} are filled in' });

export const formSubmitted = defineTrigger(
  'form_submitted',
  Type.Object({ formId: Uuid, submissionId: Uuid, email: Type.Union([Email, Type.Null()]) }, { additionalProperties: false }),
);
/** A tag the contact did not have was added to it. */
export const tagAdded = defineTrigger('tag_added', Type.Object({ tag: Tag, contactId: Uuid, email: Email }, { additionalProperties: false }));

/** A person opened a campaign's mail (the first time; its images shown). */
export const emailOpened = defineTrigger('email_opened', Type.Object({ campaignId: Uuid, contactId: Uuid, email: Email }, { additionalProperties: false }));
/** A person followed a link of a campaign's mail (each link the first time). */
export const linkClicked = defineTrigger(
  'link_clicked',
  Type.Object({ campaignId: Uuid, contactId: Uuid, email: Email, url: Type.String({ maxLength: 2000 }) }, { additionalProperties: false }),
);

export const MARKETING_TRIGGERS = [formSubmitted, tagAdded, emailOpened, linkClicked];

/** The person's contact has the tag. */
export const userHasTag = defineCondition('user_has_tag', Type.Object({ tag: Tag }, { additionalProperties: false }));

const FieldKey = Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$', description: 'A custom field of the contact' });
/** One of the person's contact's custom fields is set, equals a text, or contains it (whatever the case). */
export const customFieldMatch = defineCondition(
  'custom_field_match',
  Type.Object(
    {
      field: FieldKey,
      match: Type.Union([Type.Literal('equals'), Type.Literal('contains'), Type.Literal('is_set')]),
      value: Type.Optional(Type.String({ maxLength: 500 })),
    },
    { additionalProperties: false },
  ),
);

/** The person has opened campaign mail at least this many times (one campaign, or all). */
export const emailOpenCount = defineCondition(
  'email_open_count',
  Type.Object({ at_least: Type.Integer({ minimum: 1, maximum: 10_000 }), campaign_id: Type.Optional(Uuid) }, { additionalProperties: false }),
);

export const MARKETING_CONDITIONS = [userHasTag, customFieldMatch, emailOpenCount];

export const addTag = defineAction('add_tag', Type.Object({ tag: Tag }, { additionalProperties: false }));
export const removeTag = defineAction('remove_tag', Type.Object({ tag: Tag }, { additionalProperties: false }));
/** A mail to the person (never to an unsubscribed or bounced contact), with their unsubscribe link. */
export const sendEmail = defineAction('send_email', Type.Object({ subject: Subject, body: Body }, { additionalProperties: false }));
/** The same mail to a few fixed addresses (the team: "a new lead"). */
export const sendEmails = defineAction(
  'send_emails',
  Type.Object(
    {
      to: Type.Array(Type.String({ pattern: '^[^\\s@]+@[^\\s@]+\\.[A-Za-z]{2,}$', maxLength: 320 }), { minItems: 1, maxItems: 20 }),
      subject: Subject,
      body: Body,
    },
    { additionalProperties: false },
  ),
);
/** Puts the person on a mailing list (as a contact; a list with double opt-in mails its confirmation). */
export const emailList = defineAction('emailList', Type.Object({ list_id: Uuid }, { additionalProperties: false }));
/** POSTs the event to an address, signed with HMAC-SHA256 of the body under the secret, through the kernel's outbound guard. */
export const triggerWebhook = defineAction(
  'trigger_webhook',
  Type.Object(
    {
      url: Type.String({ minLength: 8, maxLength: 2000, pattern: '^https?://', description: 'http(s) address; private and local addresses are refused' }),
      secret: Type.String({ minLength: 16, maxLength: 200, description: 'Signs each body: X-Lectern-Signature: sha256=<hex HMAC>' }),
    },
    { additionalProperties: false },
  ),
);

/** Sets one of the person's contact's custom fields ({{name}}, {{email}} and {{site}} filled in; empty clears it). */
export const updateUserField = defineAction(
  'update_user_field',
  Type.Object({ field: FieldKey, value: Type.String({ maxLength: 500 }) }, { additionalProperties: false }),
);

/** Sends the member to a page of the site (or an https address) on their next page load there. */
export const redirectUser = defineAction(
  'redirect_user',
  Type.Object(
    {
      url: Type.String({
        minLength: 1,
        maxLength: 500,
        pattern: '^(/(?!/)\\S*|https://\\S+)$',
        description: 'A path on the site (/welcome) or an https address',
      }),
    },
    { additionalProperties: false },
  ),
);

export const MARKETING_ACTIONS = [addTag, removeTag, sendEmail, sendEmails, emailList, triggerWebhook, updateUserField, redirectUser];
