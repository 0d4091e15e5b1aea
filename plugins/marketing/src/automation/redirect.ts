import { Type, type PluginApp, type PluginContext } from '@lectern/sdk';

/** The member meta key holding where redirect_user sends a member next. */
export const PENDING_REDIRECT = 'marketing.redirect';

const Taken = Type.Object({ url: Type.Union([Type.String(), Type.Null()], { description: 'Where to go now, or null' }) });

/**
 * SPEC §9 redirect_user, applied on the member's next page load: the site's marketing module asks
 * once per page for a signed-in member (`POST /public/redirect`), gets the address an automation
 * left and forgets it, so the redirect happens once. Signed out, there is none.
 */
export async function redirectRoutes(app: PluginApp, plugin: PluginContext): Promise<void> {
  app.post(
    '/public/redirect',
    {
      config: { public: true },
      schema: {
        tags: ['marketing'],
        summary: 'Take the redirect an automation left for the signed-in member (once)',
        body: Type.Object({}, { additionalProperties: false }),
        response: { 200: Taken },
      },
    },
    async (request) => {
      const { db, account, userId } = request.ctx;
      if (userId === null) return { url: null };
      const scope = { db, accountId: account.id };
      const pending = (await plugin.memberMeta.get(scope, userId, [PENDING_REDIRECT])).get(PENDING_REDIRECT);
      if (typeof pending !== 'string') return { url: null };
      await plugin.memberMeta.remove(scope, userId, PENDING_REDIRECT);
      return { url: pending };
    },
  );
}
