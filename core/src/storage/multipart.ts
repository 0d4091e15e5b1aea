import { Readable } from 'node:stream';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import { StorageErrors, storageError } from './storage-errors.js';

export interface MultipartForm {
  fields: Record<string, string>;
  /** The first file part: supabase-js sends it with an empty field name, SPEC §7 uploads as "file". */
  file?: { field: string; filename: string; contentType: string; bytes: Buffer };
}

/** Reads a buffered multipart/form-data body into its text fields and first file. */
export function parseMultipart(contentType: string, body: Buffer): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    const form: MultipartForm = { fields: {} };
    let parser: BusboyInstance;
    try {
      parser = new Busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fields: 20, fieldSize: 64 * 1024 } });
    } catch {
      reject(storageError(StorageErrors.invalidUpload, 'The multipart body has no boundary'));
      return;
    }
    parser.on('field', (name: string, value: string) => {
      form.fields[name] = value;
    });
    parser.on('file', (field: string, stream: Readable, filename: string, _encoding: string, mimetype: string) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        form.file ??= { field, filename, contentType: mimetype, bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('error', () => reject(storageError(StorageErrors.invalidUpload, 'The multipart body could not be read')));
    parser.on('finish', () => resolve(form));
    Readable.from([body]).pipe(parser);
  });
}
