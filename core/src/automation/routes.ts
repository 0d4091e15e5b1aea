import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http/typed-app.js';
import { paged } from '../schema/kit.js';
import { AppError, Errors } from '../errors/errors.js';
import { fromRequest } from '../notifications/work-scope.js';
import { MANUAL_TRIGGER } from './built-ins.js';
import type { StepEntry } from './catalogue.js';
import type { AutomationEngine } from './engine.js';
import { backtest, BACKTEST_MAX_EVENTS } from './backtest.js';
import {
  AutomationBody,
  BacktestAnswer,
  BacktestBody,
  AutomationList,
  AutomationPatch,
  AutomationSchema,
  CatalogueSchema,
  IdParams,
  RunBody,
  RunList,
  RunStarted,
  RunsQuery,
  ListQuery,
} from './schemas.js';
import { automationStore, runStore, type AutomationRow } from './store.js';

const tags = ['automation'];
/** SPEC §2: automations sit under /dashboard/manage/marketing, which manage_options reaches. */
const config = { capability: 'manage_options' };

/** The account's automations: the catalogue they are built from, CRUD, a manual run, and runs with their traces. */
export async function automationRoutes(server: FastifyInstance, deps: { engine: AutomationEngine }): Promise<void> {
  const app = typed(server);
  const { catalogue } = deps.engine;
  const check = (input: { trigger_type?: string; conditions?: StepEntry[]; actions?: StepEntry[] }, features: ReadonlySet<string>) => {
    const problems = catalogue.validateAutomation(input, features);
    const first = problems[0];
    if (first !== undefined) throw new AppError(Errors.invalidAutomation, `${first.path} ${first.message}`, problems);
  };

  app.get(
    '/api/automations/catalogue',
    { config, schema: { tags, summary: 'The triggers, conditions and actions this site may use, with their schemas', response: { 200: CatalogueSchema } } },
    async (request) => {
      const { triggers, conditions, actions } = catalogue.list(request.ctx.account.features);
      const owner = (plugin: string | null) => plugin ?? 'kernel';
      return {
        triggers: triggers.map((t) => ({ key: t.key, plugin: owner(t.plugin), schema: t.payload })),
        conditions: conditions.map((c) => ({ key: c.key, plugin: owner(c.plugin), schema: c.args })),
        actions: actions.map((a) => ({ key: a.key, plugin: owner(a.plugin), schema: a.input })),
      };
    },
  );

  app.get(
    '/api/automations',
    { config, schema: { tags, summary: "The site's automations, newest first", querystring: ListQuery, response: { 200: AutomationList } } },
    async (request) => automationStore.list(request.ctx.db, request.ctx.account.id, paged(request.query)),
  );

  app.get(
    '/api/automations/:id',
    { config, schema: { tags, summary: 'One automation', params: IdParams, response: { 200: AutomationSchema } } },
    async (request) => found(await automationStore.find(request.ctx.db, request.ctx.account.id, request.params.id)),
  );

  app.post(
    '/api/automations',
    {
      config,
      schema: { tags, summary: 'Create an automation (args checked against the declared schemas)', body: AutomationBody, response: { 201: AutomationSchema } },
    },
    async (request, reply) => {
      const { db, account } = request.ctx;
      const { conditions, actions, ...rest } = request.body;
      const body = { enabled: true, ...rest, conditions: steps(conditions) ?? [], actions: steps(actions) ?? [] };
      check(body, account.features);
      reply.code(201);
      return automationStore.create(db, account.id, body);
    },
  );

  app.patch(
    '/api/automations/:id',
    {
      config,
      schema: { tags, summary: 'Change an automation, or enable and disable it', params: IdParams, body: AutomationPatch, response: { 200: AutomationSchema } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const patch = { ...request.body, conditions: steps(request.body.conditions), actions: steps(request.body.actions) };
      check(patch, account.features);
      return found(await automationStore.update(db, account.id, request.params.id, patch));
    },
  );

  app.delete(
    '/api/automations/:id',
    { config, schema: { tags, summary: 'Delete an automation and its runs', params: IdParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      if (!(await automationStore.remove(request.ctx.db, request.ctx.account.id, request.params.id))) throw new AppError(Errors.notFound);
      reply.code(204);
    },
  );

  app.post(
    '/api/automations/:id/run',
    {
      config,
      schema: {
        tags,
        summary: 'Start an automation with the manual trigger, optionally for a member',
        params: IdParams,
        body: RunBody,
        response: { 202: RunStarted },
      },
    },
    async (request, reply) => {
      const { db, account } = request.ctx;
      const automation = found(await automationStore.find(db, account.id, request.params.id));
      if (automation.trigger_type !== MANUAL_TRIGGER) throw new AppError(Errors.conflict, 'Only automations with the manual trigger can be started by hand');
      if (!automation.enabled) throw new AppError(Errors.conflict, 'The automation is disabled');
      const eventId = await deps.engine.raise(null, fromRequest(request.ctx), MANUAL_TRIGGER, {
        userId: request.body.user_id ?? null,
        payload: { automationId: automation.id },
      });
      reply.code(202);
      return { event_id: eventId ?? '' };
    },
  );

  app.post(
    '/api/automations/backtest',
    {
      config,
      schema: {
        tags,
        summary: 'Dry-run a draft automation over the last days of recorded events: who each action would have touched, nothing executed',
        description:
          'The conditions are evaluated as a live run evaluates them (at each event’s own time for time_of_day and day_of_week, against the site as it is now); ' +
          `no action runs. At most ${BACKTEST_MAX_EVENTS} events, newest first.`,
        body: BacktestBody,
        response: { 200: BacktestAnswer },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const draft = { trigger_type: request.body.trigger_type, conditions: steps(request.body.conditions) ?? [], actions: steps(request.body.actions) ?? [] };
      check(draft, account.features);
      return backtest(catalogue, db, account, draft, request.body.days);
    },
  );

  app.get(
    '/api/automations/runs',
    {
      config,
      schema: { tags, summary: 'Runs with their traces (each condition and action), newest first', querystring: RunsQuery, response: { 200: RunList } },
    },
    async (request) => {
      const { automation_id: automationId, event_id: eventId, limit, offset } = paged(request.query);
      return runStore.list(request.ctx.db, request.ctx.account.id, { automationId, eventId, limit, offset });
    },
  );
}

/** Steps as sent, each with its args (Ajv has filled in {} for those left out). */
function steps(entries: ReadonlyArray<{ key: string; args?: Record<string, unknown> }> | undefined): StepEntry[] | undefined {
  return entries?.map((entry) => ({ key: entry.key, args: entry.args ?? {} }));
}

function found(row: AutomationRow | null): AutomationRow {
  if (row === null) throw new AppError(Errors.notFound);
  return row;
}
