import { describe, expect, it } from 'vitest';
import { migrationTableName } from './migrator.js';

describe('migrationTableName', () => {
  it('names a ledger per package', () => {
    expect(migrationTableName('kernel')).toBe('lectern_migrations_kernel');
    expect(migrationTableName('plugin_course-notes')).toBe('lectern_migrations_plugin_course_notes');
  });

  it('keeps long names (and their lock tables) within 63 bytes and distinct', () => {
    const a = migrationTableName(`plugin_${'a'.repeat(39)}b`);
    const b = migrationTableName(`plugin_${'a'.repeat(39)}c`);
    expect(`${a}_lock`.length).toBeLessThanOrEqual(63);
    expect(a).not.toBe(b);
  });
});
