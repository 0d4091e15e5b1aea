import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anyone may call the route, signed in or not. A route needs this or `capability`. */
    public?: boolean;
    /** The caller needs one of these capabilities through their role in the account. */
    capability?: string | string[];
    /** An extra permission check that runs after the capability check. */
    check?: (request: FastifyRequest) => boolean | Promise<boolean>;
    /** false: the route does not belong to an account (health, docs) and gets no transaction. */
    tenancy?: boolean;
    /** The feature flag gating the route (set for plugin routes by the kernel). */
    feature?: string;
    /** The plugin that declared the route (set by the kernel). */
    plugin?: string;
    /**
     * A page rather than an API: a visitor without a session (or without the capability) is
     * redirected to `redirectTo` (default "/") with `redirectedFrom` holding the page's path,
     * instead of getting a 401/403 body.
     */
    page?: boolean;
    redirectTo?: string;
    /** Stays open on a site whose bill lapsed (read-only or suspended): the way to pay, and the dashboard's shell around it. */
    billing?: boolean;
  }
}

export {};
