import type { PluginApp } from '@lectern/sdk';

/** Every webhook's answer: received, and whether the event id had been handled before. */
export const WebhookReceived = {
  type: 'object',
  required: ['received', 'duplicate'],
  additionalProperties: false,
  properties: { received: { type: 'boolean' }, duplicate: { type: 'boolean' } },
} as const;

/**
 * Declares routes in a scope whose JSON bodies stay the raw bytes (a Buffer): providers sign the
 * exact bytes they send, so nothing may parse and re-serialise them first.
 */
export async function withRawJson(app: PluginApp, declare: (raw: PluginApp) => void | Promise<void>): Promise<void> {
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    await declare(raw);
  });
}
