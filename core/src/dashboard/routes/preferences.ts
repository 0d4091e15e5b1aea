import type { FastifyInstance } from 'fastify';
import { memberMeta } from '../member-meta.js';
import { PREFERENCES_KEY, readPreferences, TOUR_KEY, type Preferences } from '../preferences.js';
import { PreferencesPatchSchema, PreferencesSchema, StatusSchema, TourBodySchema, TourSchema } from './schemas.js';
import { typed } from '../../http/typed-app.js';

const tags = ['dashboard'];

/** The signed-in member's dashboard preferences (theme, language, sidebar) and tour progress. */
export async function preferenceRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  app.put(
    '/api/dashboard/preferences',
    {
      config: { capability: 'read' },
      schema: { tags, summary: "Change the member's theme, language or sidebar state", body: PreferencesPatchSchema, response: { 200: PreferencesSchema } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const userId = request.ctx.userId as string;
      // Lock-free merge is fine: the row holds one member's own settings, written by their own clicks.
      const current = readPreferences((await memberMeta.read(db, account.id, userId, [PREFERENCES_KEY])).get(PREFERENCES_KEY));
      const next: Preferences = { ...current, ...request.body };
      await memberMeta.write(db, account.id, userId, PREFERENCES_KEY, next);
      return next;
    },
  );

  app.put(
    '/api/dashboard/tour',
    {
      config: { capability: 'read' },
      schema: { tags, summary: 'Record the tour step reached, or that it was finished', body: TourBodySchema, response: { 200: TourSchema } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const tour = { step: request.body.step, done: request.body.done };
      await memberMeta.write(db, account.id, request.ctx.userId as string, TOUR_KEY, tour);
      return tour;
    },
  );

  app.delete(
    '/api/dashboard/tour',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary: 'Forget the tour progress so the tour runs again',
        response: { 200: StatusSchema },
      },
    },
    async (request) => {
      await memberMeta.remove(request.ctx.db, request.ctx.account.id, request.ctx.userId as string, TOUR_KEY);
      return { status: true };
    },
  );
}
