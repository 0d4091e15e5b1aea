import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../../errors/errors.js';

/** The account's video library (Bunny Stream) settings. */
export interface BunnyCreds {
  /** Stream library id (public: players embed it). */
  libraryId?: string;
  /** CDN host videos and thumbnails are served from (public). */
  cdnHost?: string;
  /** Player settings (public): autoplay, preload, colours, captions… */
  player?: Record<string, unknown>;
  /** Library API key (secret: uploads and management). */
  apiKey?: string;
  /** Token-authentication key for signed video URLs (secret). */
  tokenAuthKey?: string;
}

declare module '../../options/options-service.js' {
  interface OptionTypes {
    'storage.bunnyCreds': BunnyCreds;
  }
}

const OPTION = 'storage.bunnyCreds';
const SECRET_FIELDS = ['apiKey', 'tokenAuthKey'] as const;

const Creds = {
  type: 'object',
  additionalProperties: false,
  properties: {
    libraryId: { type: 'string', maxLength: 100 },
    cdnHost: { type: 'string', maxLength: 253 },
    player: { type: 'object', additionalProperties: true, maxProperties: 50 },
    apiKey: { type: 'string', maxLength: 200 },
    tokenAuthKey: { type: 'string', maxLength: 200 },
  },
} as const;

const Answer = {
  200: {
    type: 'object',
    required: ['status', 'bunnyCreds'],
    properties: { status: { type: 'boolean', description: 'true when the account has video settings' }, bunnyCreds: { ...Creds, type: ['object', 'null'] } },
  },
} as const;

/**
 * SPEC §7 POST /api/account/defaults {account_id, type: 'bunnyCreds'} → {status, bunnyCreds}:
 * members get the public parts (library, CDN host, player), owners also the keys. Owners set them
 * with PUT. Stored in the options table under storage.bunnyCreds.
 */
export async function accountDefaultsRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: { account_id: string; type: 'bunnyCreds' } }>(
    '/api/account/defaults',
    {
      config: { capability: 'read' },
      schema: {
        tags: ['storage'],
        summary: "Read the account's video-library settings",
        body: {
          type: 'object',
          required: ['account_id', 'type'],
          additionalProperties: false,
          properties: { account_id: { type: 'string', maxLength: 200 }, type: { type: 'string', enum: ['bunnyCreds'] } },
        },
        response: Answer,
      },
    },
    async (request) => {
      const { ctx } = request;
      if (request.body.account_id !== ctx.account.id) throw new AppError(Errors.accountMismatch);
      const stored = await ctx.options.get(OPTION);
      if (stored === undefined) return { status: false, bunnyCreds: null };
      const creds: BunnyCreds = { ...stored };
      if (!(await ctx.can('manage_options'))) for (const field of SECRET_FIELDS) delete creds[field];
      return { status: true, bunnyCreds: creds };
    },
  );

  app.put<{ Body: { account_id?: string; type: 'bunnyCreds'; bunnyCreds: BunnyCreds } }>(
    '/api/account/defaults',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['storage'],
        summary: "Set the account's video-library settings",
        body: {
          type: 'object',
          required: ['type', 'bunnyCreds'],
          additionalProperties: false,
          properties: { account_id: { type: 'string', maxLength: 200 }, type: { type: 'string', enum: ['bunnyCreds'] }, bunnyCreds: Creds },
        },
        response: Answer,
      },
    },
    async (request) => {
      const { ctx } = request;
      if (request.body.account_id !== undefined && request.body.account_id !== ctx.account.id) throw new AppError(Errors.accountMismatch);
      await ctx.options.set(OPTION, request.body.bunnyCreds);
      return { status: true, bunnyCreds: request.body.bunnyCreds };
    },
  );
}
