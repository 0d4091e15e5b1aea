/** Only a path on this site may follow sign-in: redirectedFrom must not send anyone elsewhere. */
export function safeReturnPath(value: string | null): string {
  return value !== null && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/dashboard';
}
