import { ApiError, apiUpload } from '@lectern/admin/kit';
import type { TextUploadWire } from '@lectern/sdk/wire';

/**
 * SPEC §7 POST /api/upload/text: multipart {file, info: JSON {path, account_id}}; the file lands in
 * the account's private `texts` bucket. The path must be assignments/<id>.txt; one per student and
 * assignment keeps students from overwriting each other's files.
 */
export const assignmentFilePath = (assignmentId: string, studentId: string) => `assignments/${assignmentId}_${studentId}.txt`;

/** Stores the file in the account's private `texts` bucket under `path`. */
export async function uploadText(file: File, path: string, accountId: string): Promise<{ path: string; fullPath: string }> {
  const form = new FormData();
  form.append('info', JSON.stringify({ path, account_id: accountId }));
  form.append('file', file, file.name);
  const { data } = await apiUpload<TextUploadWire>('/api/upload/text', form);
  // The answer's schema leaves data's fields optional (storage-js's shape); the server always sets them.
  if (data.path === undefined || data.fullPath === undefined) throw new ApiError('undefined_data', 'Undefined data', 200);
  return { path: data.path, fullPath: data.fullPath };
}
