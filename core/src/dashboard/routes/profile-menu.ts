import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../../errors/errors.js';
import type { ProfileMenuEntry } from '../../options/options-service.js';
import type { MenuEntry } from '../menu-entries.js';
import { typed } from '../../http/typed-app.js';
import { ProfileMenuBody, ProfileMenuSchema } from './schemas.js';

/**
 * The account's side-menu layout (SPEC §2 `profilemenu` option): which entries show and in what
 * order. Listed for every side-menu entry the installation knows, whether or not a feature is on.
 */
export async function profileMenuRoutes(server: FastifyInstance, deps: { entries: () => readonly MenuEntry[] }): Promise<void> {
  const app = typed(server);
  const sidebar = () => deps.entries().filter((e) => e.area === 'sidebar');
  const describe = (saved: readonly ProfileMenuEntry[]) => {
    const byId = new Map(saved.map((s) => [s.id, s]));
    return sidebar()
      .map((e) => ({ id: e.id, label: e.label, path: e.path, enabled: byId.get(e.id)?.enabled ?? true, order: byId.get(e.id)?.order ?? e.order }))
      .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  };

  app.get(
    '/api/dashboard/profilemenu',
    {
      config: { capability: 'manage_options' },
      schema: { tags: ['dashboard'], summary: "The account's side-menu layout", response: { 200: ProfileMenuSchema } },
    },
    async (request) => ({ entries: describe(await request.ctx.options.get('profilemenu', [])) }),
  );

  app.put(
    '/api/dashboard/profilemenu',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['dashboard'],
        summary: 'Switch side-menu entries on or off and order them',
        body: ProfileMenuBody,
        response: { 200: ProfileMenuSchema },
      },
    },
    async (request) => {
      const known = new Set(sidebar().map((e) => e.id));
      const unknown = request.body.entries.find((e) => !known.has(e.id));
      if (unknown !== undefined) throw new AppError(Errors.validation, `Unknown menu entry "${unknown.id}"`);
      if (request.body.entries.some((e) => e.id === 'home' && !e.enabled)) {
        throw new AppError(Errors.validation, 'The dashboard entry cannot be switched off');
      }
      await request.ctx.options.set('profilemenu', request.body.entries);
      return { entries: describe(request.body.entries) };
    },
  );
}
