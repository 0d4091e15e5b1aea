/** localStorage/sessionStorage that never throws (blocked storage, private modes, quotas). */
export function readStorage(kind: 'local' | 'session', key: string): string | null {
  try {
    return (kind === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(kind: 'local' | 'session', key: string, value: string): void {
  try {
    (kind === 'local' ? window.localStorage : window.sessionStorage).setItem(key, value);
  } catch {
    // Nothing to do: the choice lasts for this page only.
  }
}
