import { defineTrigger, Type, Uuid } from '@lectern/sdk';

/**
 * SPEC §9: the triggers the marketing plugin raises, as the kernel's automation engine declares
 * them (listed in the manifest). The member a trigger is about is the event's user (the signed-in
 * visitor, when there is one), not part of its payload; `email` is the address the form gave.
 */
export const formSubmitted = defineTrigger(
  'form_submitted',
  Type.Object(
    { formId: Uuid, submissionId: Uuid, email: Type.Union([Type.String({ minLength: 3, maxLength: 320 }), Type.Null()]) },
    { additionalProperties: false },
  ),
);

export const MARKETING_TRIGGERS = [formSubmitted];
