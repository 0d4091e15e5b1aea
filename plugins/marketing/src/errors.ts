import { defineErrors } from '@lectern/sdk';

/** The plugin's error catalogue: codes unique platform-wide; keys translated in locales/<language>/errors.json. */
export const Errors = defineErrors({
  listNotFound: { code: 'list_not_found', status: 404, messageKey: 'marketing.listNotFound', message: 'No such mailing list' },
  /** details: {list_ids}: the ids that are not this site's lists. */
  listsUnknown: { code: 'lists_unknown', status: 400, messageKey: 'marketing.listsUnknown', message: 'One or more mailing lists do not exist' },
  listNameTaken: { code: 'list_name_taken', status: 409, messageKey: 'marketing.listNameTaken', message: 'Another mailing list already has this name' },
  contactNotFound: { code: 'contact_not_found', status: 404, messageKey: 'marketing.contactNotFound', message: 'No such contact' },
  /** details: {reason}: format, domain_not_found, no_mail_server or lookup_failed. A failed verification creates no contact (SPEC §7). */
  emailUnverified: {
    code: 'email_unverified',
    status: 400,
    messageKey: 'marketing.emailUnverified',
    message: 'Mail cannot reach this address; no contact was created',
  },
  /** The message says what is wrong with the file (not CSV, no rows, too many rows). */
  importUnreadable: { code: 'import_unreadable', status: 400, messageKey: 'marketing.importUnreadable', message: 'The file cannot be imported' },
  formNotFound: { code: 'form_not_found', status: 404, messageKey: 'marketing.formNotFound', message: 'No such form' },
  /** The owner's form: the message names the first problem (a repeated key, a choice without options, bounds the wrong way round). */
  formFieldsInvalid: { code: 'form_fields_invalid', status: 400, messageKey: 'marketing.formFieldsInvalid', message: 'The form’s fields cannot be saved' },
  /** A visitor's answers: details {fields: {key: {code, message, params?}}}, one problem a field, nothing stored. */
  formAnswersInvalid: { code: 'form_answers_invalid', status: 400, messageKey: 'marketing.formAnswersInvalid', message: 'Some answers need another look' },
  submissionNotFound: { code: 'form_submission_not_found', status: 404, messageKey: 'marketing.submissionNotFound', message: 'No such submission' },
  popupNotFound: { code: 'popup_not_found', status: 404, messageKey: 'marketing.popupNotFound', message: 'No such popup' },
  /** Publishing a popup whose document holds no block. */
  popupEmpty: { code: 'popup_empty', status: 400, messageKey: 'marketing.popupEmpty', message: 'Add something to the popup before publishing it' },
  campaignNotFound: { code: 'campaign_not_found', status: 404, messageKey: 'marketing.campaignNotFound', message: 'No such campaign' },
  /** A campaign being sent or sent cannot change or be sent again. */
  campaignNotDraft: {
    code: 'campaign_not_draft',
    status: 409,
    messageKey: 'marketing.campaignNotDraft',
    message: 'This campaign has been sent or is being sent',
  },
  /** Sending (or testing) a campaign without a subject or a block. */
  campaignIncomplete: {
    code: 'campaign_incomplete',
    status: 400,
    messageKey: 'marketing.campaignIncomplete',
    message: 'Give the campaign a subject and something to say before sending it',
  },
  /** details: {roles, course_ids} that are not this site's. */
  campaignAudienceUnknown: {
    code: 'campaign_audience_unknown',
    status: 400,
    messageKey: 'marketing.campaignAudienceUnknown',
    message: 'A role or course of this audience does not exist',
  },
  campaignNoRecipients: {
    code: 'campaign_no_recipients',
    status: 400,
    messageKey: 'marketing.campaignNoRecipients',
    message: 'No active contact is in this audience',
  },
  importNotFound: { code: 'import_not_found', status: 404, messageKey: 'marketing.importNotFound', message: 'No such import' },
});
