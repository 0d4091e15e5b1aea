import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../mail/outbox.js';
import { pluginMailer } from './service-adapters.js';

/** What a plugin's mail becomes in the outbox: the unsubscribe address only as a clean http(s) URL. */
describe('plugin mail', () => {
  const queued: OutboxMessage[][] = [];
  const mailer = pluginMailer({
    send: async () => {},
    queueFor: async (_accountId, messages) => {
      queued.push(messages);
      return messages.map((_, index) => String(index));
    },
  });
  const base = { to: 'a@example.com', subject: 'Hi', text: 'Hello' };

  it('carries a clean unsubscribe address to the List-Unsubscribe header and drops anything else', async () => {
    await mailer.sendMany('acct', [
      { ...base, unsubscribeUrl: 'https://site.example/subscribe/unsubscribe?contact=1&token=2' },
      { ...base, unsubscribeUrl: 'https://site.example/x\r\nBcc: someone@example.com' },
      { ...base, unsubscribeUrl: 'javascript:alert(1)' },
      { ...base, unsubscribeUrl: 'https://site.example/<b>' },
      base,
    ]);
    expect(queued[0]!.map((message) => message.listUnsubscribe)).toEqual([
      'https://site.example/subscribe/unsubscribe?contact=1&token=2',
      null,
      null,
      null,
      null,
    ]);
  });
});
