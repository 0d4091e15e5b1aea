import { Type, type PluginApp } from '@lectern/sdk';

/** Every webhook's answer: received, and whether the event id had been handled before. */
export const WebhookReceived = Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() }, { additionalProperties: false });

/** A webhook's body as the provider sent it: raw bytes (a Buffer) the route checks the signature over. */
export const RawEvent = (provider: string) => Type.Unknown({ description: `The event exactly as ${provider} sent it (kept raw for the signature)` });

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

/** A raw webhook body as text ('' when the body is not the raw bytes). */
export function rawText(body: unknown): string {
  return Buffer.isBuffer(body) ? body.toString('utf8') : '';
}

/** The body's JSON when `isEvent` accepts it as the provider's event, else null (as is a body that is not JSON). */
export function parsedEvent<Event>(raw: string, isEvent: (value: Partial<Event>) => boolean): Event | null {
  try {
    const value = JSON.parse(raw) as Partial<Event> | null;
    return value !== null && typeof value === 'object' && isEvent(value) ? (value as Event) : null;
  } catch {
    return null;
  }
}
