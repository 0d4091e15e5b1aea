/**
 * What to log of a payment provider's error: its status, code and message, never the error object
 * itself: the SDKs' errors carry the request they made, Authorization header included.
 */
export function providerError(error: unknown): { message: string; statusCode?: number; code?: string } {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as { message?: unknown; statusCode?: unknown; status?: unknown; code?: unknown };
  const status = typeof fields.statusCode === 'number' ? fields.statusCode : typeof fields.status === 'number' ? fields.status : undefined;
  return {
    message: typeof fields.message === 'string' ? fields.message.slice(0, 500) : String(error).slice(0, 500),
    ...(status === undefined ? {} : { statusCode: status }),
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
  };
}
