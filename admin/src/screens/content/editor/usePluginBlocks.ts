import { blockConfigs } from '@lectern/theme-default/blocks';
import { useQuery } from '@tanstack/react-query';
import pluginBlockModules from 'virtual:lectern-plugins/blocks';
import { useBootstrap } from '../../../api/bootstrap';
import { enabledBlockPlugins, mergePluginBlocks, NO_PLUGIN_BLOCKS, type PluginBlocks, type PluginBlocksModule } from './plugin-blocks';

// Installed plugin packages' blocks modules by plugin name (`@lectern/sdk/vite`), each its own
// chunk: only those of plugins on for the account load.
const BLOCK_FILES = pluginBlockModules as Readonly<Record<string, () => Promise<PluginBlocksModule>>>;
const THEME_BLOCKS = new Set(Object.keys(blockConfigs));

/**
 * The blocks the account's plugins add to the visual editor. `ready` is false while their files
 * load; the editor waits so a stored plugin block does not open as an unknown one. A file that fails
 * to load is left out (the editor still opens, without that plugin's blocks).
 */
export function usePluginBlocks(): { ready: boolean; blocks: PluginBlocks } {
  const enabled = useBootstrap().data?.plugins;
  const plugins = enabledBlockPlugins(Object.keys(BLOCK_FILES), Array.isArray(enabled) ? enabled : []);
  const query = useQuery({
    queryKey: ['plugin-blocks', ...plugins],
    queryFn: async () => {
      const settled = await Promise.allSettled(plugins.map(async (plugin) => ({ plugin, module: await BLOCK_FILES[plugin]!() })));
      const loaded = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      return mergePluginBlocks(loaded, THEME_BLOCKS);
    },
    enabled: plugins.length > 0,
    staleTime: Infinity,
  });
  if (plugins.length === 0) return { ready: true, blocks: NO_PLUGIN_BLOCKS };
  return { ready: !query.isPending, blocks: query.data ?? NO_PLUGIN_BLOCKS };
}
