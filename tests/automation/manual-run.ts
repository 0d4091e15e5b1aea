import type { TestKernel, TestMember } from '@lectern/sdk/testing';

export interface TracedRun {
  id: string;
  status: string;
  steps: Array<{ kind: string; key: string; status: string; error: string | null; attempts: number }>;
}

/**
 * Sets up a manual automation with `actions` (and `conditions`) on the manager's site, starts it for a member (the
 * event's user) and waits for the run to settle: the way an owner's automation reaches a plugin's
 * actions, through the engine's API and jobs.
 */
export async function runActions(
  t: TestKernel,
  manager: TestMember,
  actions: Array<{ key: string; args: Record<string, unknown> }>,
  userId: string,
  options: { beforeRun?: () => Promise<void>; conditions?: Array<{ key: string; args: Record<string, unknown> }> } = {},
): Promise<TracedRun> {
  const created = await t.request({
    method: 'POST',
    url: '/api/automations',
    as: manager,
    payload: { name: 'By hand', trigger_type: 'manual', actions, conditions: options.conditions ?? [] },
  });
  if (created.statusCode !== 201) throw new Error(`automation refused: ${created.body}`);
  const id = (created.json() as { id: string }).id;
  // E.g. switch the plugin off between saving the automation and running it.
  await options.beforeRun?.();
  const started = await t.request({ method: 'POST', url: `/api/automations/${id}/run`, as: manager, payload: { user_id: userId } });
  if (started.statusCode !== 202) throw new Error(`run refused: ${started.body}`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const runs = (await t.request({ url: `/api/automations/runs?automation_id=${id}`, as: manager })).json() as { items: TracedRun[] };
    const run = runs.items[0];
    if (run !== undefined && ['completed', 'failed', 'skipped'].includes(run.status)) return run;
    if (Date.now() > deadline) throw new Error(`the run of ${id} did not settle: ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
