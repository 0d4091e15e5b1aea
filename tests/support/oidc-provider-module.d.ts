/**
 * The slice of oidc-provider (v9, which ships no types) the tests use to run a real OpenID
 * provider: construction, the node request handler, and finishing login/consent interactions.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface OidcAccount {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface OidcClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    [key: string]: unknown;
  }

  export interface OidcConfiguration {
    clients?: OidcClientMetadata[];
    findAccount?: (ctx: unknown, sub: string, token?: unknown) => Promise<OidcAccount | undefined> | OidcAccount | undefined;
    claims?: Record<string, string[] | null>;
    cookies?: { keys?: string[] };
    jwks?: { keys: Array<Record<string, unknown>> };
    features?: Record<string, { enabled: boolean; [key: string]: unknown }>;
    interactions?: { url?: (ctx: unknown, interaction: { uid: string }) => string | Promise<string> };
    pkce?: { required?: (ctx: unknown, client: unknown) => boolean };
    ttl?: Record<string, number>;
    [key: string]: unknown;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id: string };
    session?: { accountId?: string; uid?: string };
    grantId?: string;
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (input: { accountId: string; clientId: string }): GrantInstance;
    find(id: string): Promise<GrantInstance | undefined>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: OidcConfiguration);
    readonly issuer: string;
    readonly Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export default Provider;
}
