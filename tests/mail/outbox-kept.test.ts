import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

describe('without SMTP_URL mail stays in the outbox', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    site = await t.createAccount();
    owner = await t.createMember(site, { role: 'owner' });
  });
  afterAll(() => t?.close());

  it('keeps each message readable by the owner, and only by that account', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/emails/site/email',
      as: owner,
      payload: { to: 'learner@example.test', account_id: site.id, tokens: { body: 'Welcome {{name}}', name: 'x' } },
    });
    expect(response.statusCode).toBe(200);
    const { id } = response.json() as { id: string };
    const deadline = Date.now() + 15_000;
    let item: Record<string, unknown> | undefined;
    while (Date.now() < deadline) {
      const list = await t.request({ url: '/api/emails/outbox?status=kept', as: owner });
      item = (list.json() as { items: Array<Record<string, unknown>> }).items.find((i) => i.id === id);
      if (item) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(item).toMatchObject({ to: 'learner@example.test', subject: 'New mail', status: 'kept', text: 'Welcome {{name}}' });

    const other = await t.createAccount();
    const otherOwner = await t.createMember(other, { role: 'owner' });
    const theirs = await t.request({ url: '/api/emails/outbox', as: otherOwner });
    expect((theirs.json() as { total: number }).total).toBe(0);
  });
});
