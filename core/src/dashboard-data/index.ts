import type { FastifyInstance } from 'fastify';
import type { HookBus } from '../hooks/hook-bus.js';
import { billingRoutes } from './billing-routes.js';
import { createReportRegistry, type ReportRegistry } from './report-registry.js';
import { reportRoutes } from './report-routes.js';
import { setupRoutes } from './setup-routes.js';
import { summaryRoutes } from './summary-routes.js';

export { ReportRegistry, createReportRegistry, dailyCounts, kernelReportWidgets } from './report-registry.js';
export type { ReportKind, ReportPoint, ReportRange, ReportResult, ReportWidget } from './report-registry.js';
export { SETUP_STEPS } from './setup-routes.js';

export interface DashboardDataDeps {
  /** The report widgets; default: a registry holding the kernel's own widgets. */
  registry?: ReportRegistry;
  /**
   * With hooks, the 'reports.register' action adds a widget to the registry: that is how plugins
   * (through their context's hooks) and tests (through kernel.hooks) contribute widgets.
   */
  hooks?: HookBus;
}

/** Data behind the dashboard home, /dashboard/reports, /dashboard/billing and /dashboard/setup. */
export async function dashboardDataRoutes(app: FastifyInstance, deps: DashboardDataDeps = {}): Promise<void> {
  const registry = deps.registry ?? createReportRegistry();
  deps.hooks?.addAction('reports.register', (widget) => {
    registry.register(widget);
  });
  await summaryRoutes(app);
  await reportRoutes(app, { registry });
  await billingRoutes(app);
  await setupRoutes(app);
}
