import { describe, expect, it } from 'vitest';
import { jobIdFor } from './job-id.js';

describe('jobIdFor', () => {
  it('gives the same UUID for the same key and different ones for different keys', () => {
    const id = jobIdFor('account:subscription:2026-01-31T00:00:00.000Z:due');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobIdFor('account:subscription:2026-01-31T00:00:00.000Z:due')).toBe(id);
    expect(jobIdFor('account:subscription:2026-01-31T00:00:00.000Z:grace')).not.toBe(id);
  });
});
