import { randomUUID } from 'node:crypto';
import {
  AppError,
  appError,
  containsPattern,
  containsProfanity,
  sql,
  Type,
  workScopeOf,
  type DbHandle,
  type PluginApp,
  type PluginContext,
  type PluginRequest,
} from '@lectern/sdk';
import { link, upsertContact } from '../contacts/store.js';
import { sendOptInMail } from '../contacts/opt-in.js';
import { formSubmitted } from '../automation/declarations.js';
import { CONTACT_STATUS, marketingDb } from '../db/tables.js';
import { Errors } from '../errors.js';
import { checkAnswers, emailFieldOf, FILE_EXTENSIONS, FILE_MB, RULE_MESSAGES, type Answer, type StoredAnswer } from './fields.js';
import { IdParams, PublicForm, SUBMISSION_BODY_LIMIT, SubmissionAccepted, SubmissionBody } from './schemas.js';
import { findForm, type FormRow } from './store.js';

const tags = ['marketing'];

/** Submissions a minute per visitor and site: a person sends a form once or twice; a script sends many. */
const SUBMISSIONS_PER_MINUTE = 10;
/** A visitor's pages seen in a minute, each form counted once a page: more is a script, not a reader. */
const VIEWS_PER_MINUTE = 60;

/** The contact's name from the answers: a `name` field, else first and last names. */
function nameOf(answers: Record<string, Answer>): string {
  const text = (key: string) => (typeof answers[key] === 'string' ? (answers[key] as string) : '');
  return (text('name') || text('full_name') || [text('first_name'), text('last_name')].filter(Boolean).join(' ')).slice(0, 200);
}

/**
 * The person behind a submission joins the form's lists and gains its tags, as a contact made from
 * an address mail can reach (SPEC §7: a failed check creates nothing and refuses the submission, so
 * the visitor can mend a typo). A list with double opt-in makes a new contact wait for the
 * confirmation mail; someone who had unsubscribed and sends the form again is subscribed again.
 */
async function joinLists(plugin: PluginContext, request: PluginRequest, form: FormRow, fieldKey: string, email: string, name: string): Promise<string> {
  const { db, account } = request.ctx;
  await plugin.limits.consume({ db, account }, 'emailverifications');
  const check = await plugin.net.checkEmail(email);
  if (!check.valid)
    throw appError(Errors.formAnswersInvalid, undefined, { fields: { [fieldKey]: { code: 'unreachable', message: RULE_MESSAGES.unreachable } } });
  // Lists deleted since the form was saved are left out.
  const lists = await listsOf(db, account.id, form.settings.list_ids);
  const optIn = lists.some((list) => list.double_opt_in);
  const { contact } = await upsertContact(db, account.id, {
    email: check.address,
    name,
    tags: form.settings.tags,
    settings: { source: 'form', form_id: form.id },
    status: optIn ? CONTACT_STATUS.pending : CONTACT_STATUS.active,
  });
  let status = contact.status;
  if (status === CONTACT_STATUS.unsubscribed) {
    status = optIn ? CONTACT_STATUS.pending : CONTACT_STATUS.active;
    await marketingDb(db)
      .updateTable('marketing_contacts')
      .set({ status, updated_at: new Date() })
      .where('account_id', '=', account.id)
      .where('id', '=', contact.id)
      .execute();
  }
  await link(
    db,
    account.id,
    [contact.id],
    lists.map((list) => list.id),
  );
  if (status === CONTACT_STATUS.pending)
    await sendOptInMail(plugin, workScopeOf(request.ctx), { account, origin: plugin.siteUrl(request), contactId: contact.id, email: contact.email });
  return contact.id;
}

/** What the kernel's storage says of a file it refuses, as the field's rule (its quota and other refusals stay as they are). */
const STORAGE_REFUSALS: Record<string, 'file_type' | 'file_too_large'> = { invalid_mime_type: 'file_type', payload_too_large: 'file_too_large' };

/**
 * The submission's files go to the site's managers-only bucket (`private/forms/{form}/{submission}/…`)
 * in the request's transaction: kept with the submission, or not at all. A file whose content is not
 * what its name says is refused on its field, like any other rule.
 */
async function keepFiles(
  plugin: PluginContext,
  request: PluginRequest,
  form: FormRow,
  submissionId: string,
  values: Record<string, Answer>,
): Promise<Record<string, StoredAnswer>> {
  const kept: Record<string, StoredAnswer> = {};
  for (const field of form.fields) {
    const value = values[field.key];
    if (value === undefined) continue;
    if (typeof value !== 'object' || Array.isArray(value)) {
      kept[field.key] = value;
      continue;
    }
    const path = `forms/${form.id}/${submissionId}/${field.key}-${value.name}`;
    try {
      await plugin.storage.putIn(request.ctx, 'private', path, Buffer.from(value.data ?? '', 'base64'), { contentType: value.type });
    } catch (error) {
      const rule = error instanceof AppError ? STORAGE_REFUSALS[error.code] : undefined;
      if (rule === undefined) throw error;
      const kinds = FILE_EXTENSIONS[field.accept ?? 'any'];
      const params = rule === 'file_type' ? { types: kinds.join(', ') } : { max: field.max_mb ?? FILE_MB.default };
      const message = Object.entries(params).reduce<string>((text, [name, param]) => text.replace(`{${name}}`, String(param)), RULE_MESSAGES[rule]);
      throw appError(Errors.formAnswersInvalid, undefined, { fields: { [field.key]: { code: rule, message, params } } });
    }
    kept[field.key] = { name: value.name, type: value.type, size: value.size, path: `private/${path}` };
  }
  return kept;
}

const listsOf = (db: DbHandle, accountId: string, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : marketingDb(db)
        .selectFrom('marketing_lists')
        .select(['id', 'double_opt_in'])
        .where('account_id', '=', accountId)
        .where('id', 'in', [...ids])
        .execute();

/**
 * What the site's form block and popups call: a published form's fields, and its submission. A
 * submission is checked against each field's rules (400 form_answers_invalid with a message per
 * field, nothing kept), kept, joins its person to the form's lists and tags, and raises
 * form_submitted with the form's id. Bots are kept out by a trap field people never see (a filled
 * one is thanked and dropped), a few submissions a minute per visitor, and the profanity check where
 * the owner wants it.
 */
export async function publicFormRoutes(app: PluginApp, plugin: PluginContext): Promise<void> {
  const published = async (db: DbHandle, accountId: string, id: string) => {
    const form = await findForm(db, accountId, id);
    if (form === null || form.status !== 'published') throw appError(Errors.formNotFound);
    return form;
  };

  app.get(
    '/public/forms',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "The site's published forms by name (the visual editor's form picker)",
        querystring: Type.Object({ search: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false }),
        response: { 200: Type.Object({ items: Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() })) }) },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      let query = marketingDb(db).selectFrom('marketing_forms').select(['id', 'name']).where('account_id', '=', account.id).where('status', '=', 'published');
      const search = request.query.search?.trim() ?? '';
      if (search !== '') query = query.where('name', 'ilike', containsPattern(search));
      return { items: await query.orderBy('name').limit(50).execute() };
    },
  );

  app.get(
    '/public/forms/:id',
    { config: { public: true }, schema: { tags, summary: 'A published form, as the site draws it', params: IdParams, response: { 200: PublicForm } } },
    async (request) => {
      const form = await published(request.ctx.db, request.ctx.account.id, request.params.id);
      return { id: form.id, name: form.name, fields: form.fields, submit_label: form.settings.submit_label };
    },
  );

  app.post(
    '/public/forms/:id/views',
    {
      config: {
        public: true,
        rateLimit: { max: VIEWS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (request: PluginRequest) => `form-view:${request.hostname}:${request.ip}` },
      },
      schema: {
        tags,
        summary: 'Count a published form as seen (the form island sends it once a page, when the form comes into view)',
        params: IdParams,
        body: Type.Object({}, { additionalProperties: false }),
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const { db, account } = request.ctx;
      const form = await published(db, account.id, request.params.id);
      await marketingDb(db)
        .insertInto('marketing_form_views')
        .values({ account_id: account.id, form_id: form.id, day: sql<string>`(now() AT TIME ZONE 'UTC')::date`, views: 1 })
        .onConflict((conflict) => conflict.columns(['account_id', 'form_id', 'day']).doUpdateSet({ views: sql`marketing_form_views.views + 1` }))
        .execute();
      reply.code(204);
      return null;
    },
  );

  app.post(
    '/public/forms/:id/submissions',
    {
      // Its files come in the body (base64), up to MAX_FILE_FIELDS of the largest size.
      bodyLimit: SUBMISSION_BODY_LIMIT,
      config: {
        public: true,
        rateLimit: {
          max: SUBMISSIONS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: PluginRequest) => `form-submit:${request.hostname}:${request.ip}`,
        },
      },
      schema: {
        tags,
        summary: 'Send a published form',
        description:
          'Answers by field key. 400 form_answers_invalid {fields: {key: {code, message, params}}} stores nothing; with lists or tags the ' +
          'e-mail field’s address must take mail (one of the plan’s verifications). `website` is the trap field: leave it empty.',
        params: IdParams,
        body: SubmissionBody,
        response: { 201: SubmissionAccepted },
      },
    },
    async (request, reply) => {
      const { db, account, userId } = request.ctx;
      const form = await published(db, account.id, request.params.id);
      const accepted = { message: form.settings.success_message, redirect_url: form.settings.redirect_url };
      reply.code(201);
      if ((request.body.website ?? '').trim() !== '') {
        request.log.info({ formId: form.id }, 'a form submission filled the trap field: dropped');
        return accepted;
      }
      const { values, problems } = checkAnswers(form.fields, request.body.answers, {
        normalEmail: (address) => plugin.net.normalEmail(address),
        profane: form.settings.profanity_check ? containsProfanity : undefined,
      });
      if (Object.keys(problems).length > 0) throw appError(Errors.formAnswersInvalid, undefined, { fields: problems });

      const emailField = emailFieldOf(form.fields);
      const email = emailField === undefined ? undefined : (values[emailField.key] as string | undefined);
      const joins = form.settings.list_ids.length > 0 || form.settings.tags.length > 0;
      const contactId = email !== undefined && joins ? await joinLists(plugin, request, form, emailField!.key, email, nameOf(values)) : null;

      const submissionId = randomUUID();
      const kept = await keepFiles(plugin, request, form, submissionId, values);
      const submission = await marketingDb(db)
        .insertInto('marketing_form_submissions')
        .values({
          account_id: account.id,
          id: submissionId,
          form_id: form.id,
          answers: JSON.stringify(kept),
          email: email ?? null,
          contact_id: contactId,
          user_id: userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await plugin.automation.raise(workScopeOf(request.ctx), formSubmitted, {
        userId,
        payload: { formId: form.id, submissionId: submission.id, email: email ?? null },
      });
      return accepted;
    },
  );
}
