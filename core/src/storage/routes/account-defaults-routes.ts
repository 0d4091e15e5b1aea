import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { JsonObject, Nullable, StringEnum, type Wire } from '../../schema/kit.js';
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

const Creds = Type.Object(
  {
    libraryId: Type.Optional(Type.String({ maxLength: 100 })),
    cdnHost: Type.Optional(Type.String({ maxLength: 253 })),
    player: Type.Optional(Type.Unsafe<Record<string, unknown>>({ ...JsonObject, maxProperties: 50 })),
    apiKey: Type.Optional(Type.String({ maxLength: 200 })),
    tokenAuthKey: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const AccountDefaultsSchema = Type.Object({
  status: Type.Boolean({ description: 'true when the account has video settings' }),
  bunnyCreds: Nullable(Creds),
});
const Answer = { 200: AccountDefaultsSchema };
export type AccountDefaultsWire = Wire<Static<typeof AccountDefaultsSchema>>;

const AccountId = Type.String({ maxLength: 200 });
const CredsType = StringEnum(['bunnyCreds']);

/**
 * SPEC §7 POST /api/account/defaults {account_id, type: 'bunnyCreds'} → {status, bunnyCreds}:
 * members get the public parts (library, CDN host, player), owners also the keys. Owners set them
 * with PUT. Stored in the options table under storage.bunnyCreds.
 */
export async function accountDefaultsRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  app.post(
    '/api/account/defaults',
    {
      config: { capability: 'read' },
      schema: {
        tags: ['storage'],
        summary: "Read the account's video-library settings",
        body: Type.Object({ account_id: AccountId, type: CredsType }, { additionalProperties: false }),
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

  app.put(
    '/api/account/defaults',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['storage'],
        summary: "Set the account's video-library settings",
        body: Type.Object({ account_id: Type.Optional(AccountId), type: CredsType, bunnyCreds: Creds }, { additionalProperties: false }),
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
