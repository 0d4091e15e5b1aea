import { ApiError } from './errors';
import { currentAccessToken } from '../auth/supabase';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (query === undefined) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

/**
 * Calls the kernel's API as the signed-in member. SPEC §5: data fetches throw on any backend error
 * or undefined data, so callers (react-query) see failures as errors, never as empty results.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = await currentAccessToken();
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(withQuery(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    credentials: 'same-origin',
  });
  return jsonOf<T>(response);
}

/**
 * A response's JSON body, or an ApiError with the server's stable code and message key (what
 * errorText translates) when it failed or said nothing.
 */
async function jsonOf<T>(response: Response): Promise<T> {
  const text = await response.text();
  let data: unknown = undefined;
  if (text !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const body = (typeof data === 'object' && data !== null ? data : {}) as { error?: unknown; message?: unknown; messageKey?: unknown };
    const field = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
    throw new ApiError(
      field(body.error) ?? `http_${response.status}`,
      field(body.message) ?? response.statusText,
      response.status,
      field(body.messageKey) ?? null,
    );
  }
  if (data === undefined) throw new ApiError('undefined_data', 'Undefined data', response.status);
  return data as T;
}

/** Downloads a text resource (CSV exports) with the member's credentials. */
export async function apiText(path: string, query?: RequestOptions['query']): Promise<string> {
  const token = await currentAccessToken();
  const response = await fetch(withQuery(path, query), { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new ApiError(`http_${response.status}`, response.statusText, response.status);
  return response.text();
}

/** Downloads a binary resource (a certificate PDF) with the member's credentials. */
export async function apiBlob(path: string, query?: RequestOptions['query']): Promise<Blob> {
  const token = await currentAccessToken();
  const response = await fetch(withQuery(path, query), { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new ApiError(`http_${response.status}`, response.statusText, response.status);
  return response.blob();
}

/** Sends a multipart form (file uploads) as the signed-in member; answers the JSON body like `api`. */
export async function apiUpload<T>(path: string, form: FormData): Promise<T> {
  const token = await currentAccessToken();
  const response = await fetch(path, {
    method: 'POST',
    body: form,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    credentials: 'same-origin',
  });
  return jsonOf<T>(response);
}
