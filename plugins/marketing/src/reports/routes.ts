import type { PluginApp } from '@lectern/sdk';
import { MANAGE } from '../manifest.js';
import { marketingReport } from './report.js';
import { MarketingReport, ReportQuery } from './schemas.js';

/** The marketing home's figures and charts (issue 19 item 7). */
export async function reportRoutes(app: PluginApp): Promise<void> {
  app.get(
    '/reports',
    {
      config: { capability: MANAGE },
      schema: {
        tags: ['marketing'],
        summary: 'The marketing home: contacts by status, what the site has made, new contacts a day, and the forms’ views and submissions',
        querystring: ReportQuery,
        response: { 200: MarketingReport },
      },
    },
    async (request) => marketingReport(request.ctx.db, request.ctx.account.id, request.query.days ?? 30),
  );
}
