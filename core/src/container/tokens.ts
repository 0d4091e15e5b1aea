import type { InjectionToken } from 'tsyringe';

/** A typed injection token. esbuild emits no decorator metadata, so every service has one. */
export type Token<T> = InjectionToken<T> & { readonly __type?: T };

export function createToken<T>(name: string): Token<T> {
  return Symbol.for(`lectern:${name}`) as unknown as Token<T>;
}

/** The kernel's own tokens; plugins create theirs with createToken (the SDK re-exports it). */
export const Tokens = {
  Config: createToken<unknown>('kernel.config'),
  Database: createToken<unknown>('kernel.database'),
  Hooks: createToken<unknown>('kernel.hooks'),
  Options: createToken<unknown>('kernel.options'),
  Accounts: createToken<unknown>('kernel.accounts'),
  Members: createToken<unknown>('kernel.members'),
  Bus: createToken<unknown>('kernel.bus'),
  Account: createToken<unknown>('request.account'),
  RequestContext: createToken<unknown>('request.context'),
  Transaction: createToken<unknown>('request.transaction'),
} as const;
