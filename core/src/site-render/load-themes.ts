import type { ThemeDefinition } from './contract.js';
import type { SiteThemes } from './site-routes.js';

export class ThemeLoadError extends Error {
  override name = 'ThemeLoadError';
}

function isTheme(value: unknown): value is ThemeDefinition {
  const theme = value as Partial<ThemeDefinition> | null;
  return (
    theme !== null && typeof theme === 'object' && typeof theme.name === 'string' && typeof theme.clientDir === 'string' && typeof theme.render === 'function'
  );
}

/** Imports a theme package's `theme` export; a package that is not installed gives undefined. */
async function importTheme(specifier: string): Promise<ThemeDefinition | undefined> {
  let module: { theme?: unknown };
  try {
    module = (await import(specifier)) as { theme?: unknown };
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes(specifier)) return undefined;
    throw new ThemeLoadError(`The theme package ${specifier} failed to load: ${(error as Error).message}`);
  }
  if (!isTheme(module.theme)) throw new ThemeLoadError(`The theme package ${specifier} must export \`theme\` with name, clientDir and render()`);
  return module.theme;
}

/**
 * The installed themes: SITE_THEME (default @lectern/theme-default) for tenant sites and
 * PROVIDER_THEME (default @lectern/theme-provider) for the platform's own site.
 */
export async function loadThemes(env: Record<string, string | undefined> = process.env): Promise<SiteThemes> {
  const site = await importTheme(env.SITE_THEME ?? '@lectern/theme-default');
  const provider = await importTheme(env.PROVIDER_THEME ?? '@lectern/theme-provider');
  return { ...(site === undefined ? {} : { site }), ...(provider === undefined ? {} : { provider }) };
}
