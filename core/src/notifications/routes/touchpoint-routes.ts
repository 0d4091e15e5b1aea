import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AppError, Errors } from '../../errors/errors.js';
import type { OptionsService, TouchpointSetting } from '../../options/options-service.js';
import { sanitizeRichText } from '../sanitize.js';
import { DEFAULT_SETTING, type TouchpointRegistry } from '../touchpoint-registry.js';
import { typed } from '../../http/typed-app.js';
import { TouchpointParams, TouchpointPatch, TouchpointSchema } from './schemas.js';

const tags = ['account'];

interface TouchpointDeps {
  touchpoints: TouchpointRegistry;
  options: OptionsService;
}

/** Owners see every touchpoint with its switches and templates, and change them one at a time. */
export async function touchpointRoutes(server: FastifyInstance, deps: TouchpointDeps): Promise<void> {
  const app = typed(server);
  const { touchpoints } = deps;

  app.get(
    '/api/account/touchpoints',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags,
        summary: "List the account's touchpoints (email and notification switches, templates)",
        response: { 200: Type.Array(TouchpointSchema) },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const settings = await touchpoints.settings(db, account.id);
      return touchpoints.available(account.features).map((d) => touchpoints.describe(d, settings[d.key]));
    },
  );

  app.put(
    '/api/account/touchpoints/:key',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags,
        summary: 'Switch a touchpoint on or off, or change its templates',
        description: 'Fields left out keep their value; a subject or body of null goes back to the default.',
        params: TouchpointParams,
        body: TouchpointPatch,
        response: { 200: TouchpointSchema },
      },
    },
    async (request) => {
      const ctx = request.ctx;
      const definition = touchpoints.get(request.params.key);
      if (definition === undefined || !touchpoints.available(ctx.account.features).includes(definition)) {
        throw new AppError(Errors.notFound, 'No such touchpoint');
      }
      const patch: Partial<TouchpointSetting> = {};
      const removals: string[] = [];
      const { email, notification, subject, body } = request.body;
      if (email !== undefined) patch.email = email;
      if (notification !== undefined) patch.notification = notification;
      if (subject === null) removals.push('subject');
      else if (subject !== undefined) patch.subject = subject.replace(/[\r\n]+/g, ' ');
      if (body === null) removals.push('body');
      else if (body !== undefined) patch.body = sanitizeRichText(body);

      // One statement merges the change into the option, so concurrent changes to other keys are kept.
      const key = definition.key;
      const initial: Record<string, unknown> = { ...DEFAULT_SETTING, ...patch };
      for (const field of removals) delete initial[field];
      const { rows } = await sql<{ setting: TouchpointSetting }>`
        INSERT INTO options (account_id, key, value)
        VALUES (${ctx.account.id}, 'touchpoints', jsonb_build_object(${key}::text, ${JSON.stringify(initial)}::jsonb))
        ON CONFLICT (account_id, key) DO UPDATE SET
          value = (CASE WHEN jsonb_typeof(options.value) = 'object' THEN options.value ELSE '{}'::jsonb END)
            || jsonb_build_object(${key}::text,
                 (coalesce(CASE WHEN jsonb_typeof(options.value -> ${key}::text) = 'object' THEN options.value -> ${key}::text END, ${JSON.stringify(DEFAULT_SETTING)}::jsonb)
                   || ${JSON.stringify(patch)}::jsonb) - ${removals}::text[]),
          updated_at = now()
        RETURNING value -> ${key}::text AS setting`.execute(ctx.db);
      ctx.afterSettled(() => deps.options.purge(ctx.account.id, 'touchpoints'));
      return touchpoints.describe(definition, rows[0]?.setting);
    },
  );
}
