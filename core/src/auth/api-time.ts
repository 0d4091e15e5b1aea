/** A stored time as GoTrue's API writes it: ISO 8601 in UTC, or left out when there is none. */
export const iso = (d: Date | null | undefined): string | undefined => (d ? new Date(d).toISOString() : undefined);
