import type { Readable } from 'node:stream';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import { StorageErrors, storageError } from './storage-errors.js';
import type { AppError } from '../errors/errors.js';

export interface MultipartForm {
  fields: Record<string, string>;
  /** The file part: supabase-js sends it with an empty field name, SPEC §7 uploads as "file". */
  file?: { field: string; filename: string; contentType: string; bytes: Buffer };
}

const LIMITS = { files: 1, fields: 20, fieldSize: 64 * 1024, headerPairs: 20 } as const;
/** A part's header block (Content-Disposition, Content-Type…) is a few hundred bytes; busboy would silently cut longer ones. */
const MAX_PART_HEADER_BYTES = 8 * 1024;
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i;

const refuse = (message: string): AppError => storageError(StorageErrors.invalidMultipart, message);

/**
 * Reads a buffered multipart/form-data body into its text fields and its one file. Every way a
 * body can be malformed (no boundary, a boundary the body never uses, a body cut off inside a
 * part, too many parts or fields, oversized part headers) rejects with `invalid_multipart` (400):
 * busboy reports a truncated file on the file's own stream, and an 'error' event nobody listens
 * to would take the whole process down.
 */
export function parseMultipart(contentType: string, body: Buffer): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    const boundary = BOUNDARY.exec(contentType);
    if (boundary === null) return reject(refuse('The multipart content type has no boundary'));
    const headerProblem = partHeaderProblem(body, boundary[1] ?? boundary[2] ?? '');
    if (headerProblem !== null) return reject(refuse(headerProblem));

    let parser: BusboyInstance;
    try {
      parser = new Busboy({ headers: { 'content-type': contentType }, limits: LIMITS });
    } catch {
      return reject(refuse('The multipart content type could not be read'));
    }
    const form: MultipartForm = { fields: {} };
    let settled = false;
    let filesOpen = 0;
    let finished = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      reject(refuse(message));
    };
    const succeedWhenDone = () => {
      if (settled || !finished || filesOpen > 0) return;
      settled = true;
      resolve(form);
    };

    parser.on('field', (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (valueTruncated) return fail(`The form field "${name}" is longer than ${LIMITS.fieldSize} bytes`);
      form.fields[name] = value;
    });
    parser.on('file', (field: string, stream: Readable, filename: string, _encoding: string, mimetype: string) => {
      filesOpen++;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A body that ends inside this part errors here, on the file's stream.
      stream.on('error', () => fail('The multipart body ends inside a part'));
      stream.on('end', () => {
        filesOpen--;
        form.file ??= { field, filename, contentType: mimetype, bytes: Buffer.concat(chunks) };
        succeedWhenDone();
      });
    });
    parser.on('filesLimit', () => fail('The form may carry one file'));
    parser.on('fieldsLimit', () => fail(`The form may carry at most ${LIMITS.fields} fields`));
    parser.on('partsLimit', () => fail('The form has too many parts'));
    parser.on('error', () => fail('The multipart body is incomplete or does not use its boundary'));
    parser.on('finish', () => {
      finished = true;
      succeedWhenDone();
    });
    parser.end(body);
  });
}

/**
 * Finds a part whose header block is unreasonably long (or never ends): busboy would truncate it
 * without a word and go on with whatever it kept.
 */
function partHeaderProblem(body: Buffer, boundary: string): string | null {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const headersStart = at + delimiter.length;
    // The closing delimiter (--boundary--) has no headers after it.
    if (body[headersStart] === 0x2d && body[headersStart + 1] === 0x2d) return null;
    const end = body.indexOf('\r\n\r\n', headersStart, 'latin1');
    const length = (end === -1 ? body.length : end) - headersStart;
    if (length > MAX_PART_HEADER_BYTES) return `A part's headers are longer than ${MAX_PART_HEADER_BYTES} bytes`;
    if (end === -1) return null;
    at = body.indexOf(delimiter, end);
  }
  return null;
}
