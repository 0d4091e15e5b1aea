import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from './index.js';

describe('the theme definition', () => {
  it('is named default and points at the package build folder', () => {
    expect(theme.name).toBe('default');
    expect(theme.clientDir.split(path.sep).slice(-4)).toEqual(['themes', 'default', 'dist', 'client']);
  });
});
