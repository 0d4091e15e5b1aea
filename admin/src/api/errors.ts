/**
 * An error the API answered with: its stable code, the i18n key of its message (`messageKey`, from
 * the server's error catalogues; null when the answer carried none), the server's English message
 * and the HTTP status.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly messageKey: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
