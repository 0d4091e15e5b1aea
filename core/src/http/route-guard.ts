import { KindGuard } from '@sinclair/typebox';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RequestScope } from '../tenancy/request-scope.js';

export class RouteDeclarationError extends Error {
  constructor(method: string, url: string, problems: string[]) {
    super(`Route ${method} ${url} is not declared properly: ${problems.join('; ')}`);
    this.name = 'RouteDeclarationError';
  }
}

/** A route as registered: what the route-wide security suite (tests/security) enumerates. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Who may call it (public or a capability) and whether it runs in an account's tenancy. */
  config: { public?: boolean; capability?: string | string[]; tenancy?: boolean; plugin?: string; feature?: string; page?: boolean };
  schema: { body?: unknown; querystring?: unknown; params?: unknown; headers?: unknown; consumes?: string[] };
}

const registries = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route the app registered, in registration order (one entry per method). */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registries.get(app) ?? [];
}

/** Routes the kernel serves from third-party plugins (the API docs UI, CORS preflights): public, no schema. */
const EXEMPT_PREFIXES = ['/api/docs'];
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

function methods(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** What a route is missing: who may call it, and a schema for each input and its output. */
export function findRouteProblems(route: RouteOptions): string[] {
  const problems: string[] = [];
  const config = (route.config ?? {}) as { public?: boolean; capability?: string | string[] };
  const hasCapability = config.capability !== undefined && (Array.isArray(config.capability) ? config.capability.length > 0 : config.capability !== '');
  if (config.public !== true && !hasCapability) problems.push('declare config.capability or config.public: true');
  if (config.public === true && hasCapability) problems.push('config.public and config.capability exclude each other');
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const response = schema.response as Record<string, unknown> | undefined;
  if (response === undefined || !Object.keys(response).some((code) => /^([23]\d\d|[23]xx|default)$/.test(code))) {
    problems.push('declare schema.response for its success status');
  }
  if (methods(route).some((m) => BODY_METHODS.has(m)) && schema.body === undefined) problems.push('declare schema.body');
  if (/[:*]/.test(route.url) && schema.params === undefined) problems.push('declare schema.params');
  // Inputs are TypeBox schemas, so a handler's types come from what is validated (Type.Unsafe where
  // JSON Schema says what TypeBox cannot): a plain JSON literal would leave the handler's types to be
  // written by hand beside it, and drift.
  for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
    if (schema[part] !== undefined && !KindGuard.IsSchema(schema[part])) problems.push(`declare schema.${part} with TypeBox (Type.Object…, Type.Unsafe)`);
  }
  return problems;
}

/**
 * Refuses, at boot, any route without an access declaration or schemas, and wraps every tenant
 * route's handler so it runs inside its account's transaction.
 */
export function installRouteGuard(app: FastifyInstance, scope: RequestScope): void {
  const registry: RegisteredRoute[] = [];
  registries.set(app, registry);
  // GET urls recorded so far: the HEAD route Fastify adds for each is not recorded again.
  const getUrls = new Set<string>();
  app.addHook('onRoute', (route) => {
    recordRoute(registry, getUrls, route);
    const corsPreflight = methods(route).every((m) => m === 'OPTIONS') && route.url.endsWith('*');
    if (corsPreflight || EXEMPT_PREFIXES.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`))) {
      route.config = { ...(route.config ?? {}), public: true, tenancy: false };
      return;
    }
    const problems = findRouteProblems(route);
    if (problems.length > 0) throw new RouteDeclarationError(methods(route).join(','), route.url, problems);
    const schema = route.schema as { response: Record<string, unknown> };
    schema.response = { '4xx': { $ref: 'ErrorBody#' }, '5xx': { $ref: 'ErrorBody#' }, ...schema.response };
    if (route.config?.tenancy === false) return;
    const handler = route.handler;
    route.handler = async function tenantHandler(request, reply) {
      return scope.run(request, reply, async () => handler.call(this, request, reply));
    };
  });
}

function recordRoute(registry: RegisteredRoute[], getUrls: Set<string>, route: RouteOptions): void {
  for (const method of methods(route)) {
    if (method === 'HEAD' && getUrls.has(route.url)) continue;
    if (method === 'GET') getUrls.add(route.url);
    // Read through the route: the guard below (and the kernel before it) completes its config.
    registry.push({
      method,
      url: route.url,
      get config() {
        return (route.config ?? {}) as RegisteredRoute['config'];
      },
      get schema() {
        return (route.schema ?? {}) as RegisteredRoute['schema'];
      },
    });
  }
}
