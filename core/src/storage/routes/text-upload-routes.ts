import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import type { Wire } from '../../schema/kit.js';
import { RawBody } from './schemas.js';
import { AppError, Errors } from '../../errors/errors.js';
import type { HookBus } from '../../hooks/hook-bus.js';
import { isText } from '../file-types.js';
import { parseMultipart } from '../multipart.js';
import type { StorageService } from '../storage-service.js';
import { TEXT_UPLOAD_FILTER, type TextUploadKind } from '../text-upload-access.js';

/** Course texts are small; anything bigger is not a unit, quiz or assignment text. */
const TEXT_BODY_LIMIT = 5 * 1024 * 1024;
/** SPEC §7: the three kinds of text and their item id. */
const TEXT_PATH = /^(units|quiz|assignments)\/([A-Za-z0-9_-]{1,100})\.txt$/;

const TextUploadSchema = Type.Object({
  data: Type.Object({ path: Type.Optional(Type.String()), id: Type.Optional(Type.String()), fullPath: Type.Optional(Type.String()) }),
});
export type TextUploadWire = Wire<Static<typeof TextUploadSchema>>;

interface TextInfo {
  path?: unknown;
  account_id?: unknown;
}

/**
 * SPEC §7 POST /api/upload/text: multipart {file, info: JSON {path, account_id}} → {data}. Stores
 * the text in the account's private `texts` bucket (replacing the previous version). Who may save
 * which text is the 'storage.textUpload' filter's answer: site managers, and whoever a plugin
 * allows (the LMS: a course's authors for units and quizzes, a student for their own assignment).
 * Kernel error format, like the rest of /api.
 */
export async function textUploadRoutes(server: FastifyInstance, opts: { storage: StorageService; hooks: HookBus }): Promise<void> {
  const app = typed(server);
  const { storage, hooks } = opts;
  // Only this scope reads multipart bodies (buffered, small); the rest of /api stays JSON.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: TEXT_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/api/upload/text',
    {
      config: { capability: 'read' },
      schema: {
        tags: ['storage'],
        summary: 'Store a unit, quiz or assignment text',
        description:
          'Allowed to site managers and to whoever the storage.textUpload filter allows. A malformed or truncated multipart body is a 400 invalid_multipart.',
        consumes: ['multipart/form-data'],
        body: RawBody,
        response: { 200: TextUploadSchema },
      },
    },
    async (request) => {
      const { ctx } = request;
      const contentType = request.headers['content-type'] ?? '';
      if (!/^multipart\/form-data/i.test(contentType)) throw new AppError(Errors.unsupportedMediaType, 'Send multipart/form-data with file and info');
      // An empty body arrives as undefined: it is a (malformed) multipart body all the same.
      const form = await parseMultipart(contentType, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
      let info: TextInfo;
      try {
        info = JSON.parse(form.fields.info ?? '') as TextInfo;
      } catch {
        throw new AppError(Errors.validation, 'info must be a JSON object with path and account_id');
      }
      if (info === null || typeof info !== 'object' || typeof info.path !== 'string' || typeof info.account_id !== 'string') {
        throw new AppError(Errors.validation, 'info must be a JSON object with path and account_id');
      }
      if (info.account_id !== ctx.account.id) throw new AppError(Errors.accountMismatch);
      const match = TEXT_PATH.exec(info.path);
      if (match === null) throw new AppError(Errors.validation, 'info.path must be units/{id}.txt, quiz/{id}.txt or assignments/{id}.txt');
      const path = info.path;
      const { allowed } = await hooks.applyFilters(
        TEXT_UPLOAD_FILTER,
        {
          db: ctx.db,
          accountId: ctx.account.id,
          userId: ctx.userId!,
          kind: match[1] as TextUploadKind,
          itemId: match[2]!,
          path,
          allowed: await ctx.can('manage_options'),
        },
        ctx.hookScope,
      );
      if (!allowed) throw new AppError(Errors.forbidden, 'You may not save this text');
      const file = form.file;
      if (file === undefined || file.field !== 'file') throw new AppError(Errors.validation, 'The form needs a file part named "file"');
      if (!isText(file.bytes)) throw new AppError(Errors.unsupportedMediaType, 'The file is not text');
      const bucket = await storage.bucket(ctx.db, ctx.account.id, 'texts');
      const row = await storage.putObject(
        ctx.db,
        { accountId: ctx.account.id, plan: ctx.account.plan, bucket, path, bytes: file.bytes, upsert: true, owner: ctx.userId },
        ctx,
      );
      return { data: { path, id: row.id, fullPath: `texts/${path}` } };
    },
  );
}
