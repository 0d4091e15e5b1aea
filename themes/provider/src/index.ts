/** @lectern/theme-provider: the kernel imports `theme` (a ThemeDefinition) from here. */
import type { ThemeDefinition } from '@lectern/sdk';
import { THEME_NAME, clientDir } from './client-dir.js';
import { renderPage } from './render.js';
import { STATIC_PATHS } from './site-map.js';

export const theme: ThemeDefinition = {
  name: THEME_NAME,
  clientDir,
  staticPaths: STATIC_PATHS,
  render: renderPage,
};
