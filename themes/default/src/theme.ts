import type { ThemeDefinition } from '@lectern/sdk';
import { CLIENT_DIR } from './client-dir.js';
import { renderFailurePage, renderSitePage } from './render/render-page.js';

/** The default tenant-site theme, as the kernel loads it. */
export const theme: ThemeDefinition = {
  name: 'default',
  clientDir: CLIENT_DIR,
  render(data, extensions) {
    try {
      return renderSitePage(data, extensions === undefined ? {} : { extensions });
    } catch (error) {
      // The contract forbids throwing; say why on the process's warning channel and answer 500.
      process.emitWarning(
        `theme-default could not render ${String(data?.path)}: ${error instanceof Error ? error.message : String(error)}`,
        'ThemeRenderWarning',
      );
      return renderFailurePage(data);
    }
  },
};
