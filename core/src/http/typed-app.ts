import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';

/**
 * A Fastify instance whose type provider is TypeBox: a route whose schemas are TypeBox types gets its
 * body, params, querystring and reply types from them, so a route's types are written once, in its
 * schema. The kernel's routes and plugins' (PluginApp) are declared on it.
 */
export type TypedApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** The same instance, typed by its schemas (no runtime change: the provider is types only). */
export function typed(app: FastifyInstance): TypedApp {
  return app.withTypeProvider<TypeBoxTypeProvider>();
}
