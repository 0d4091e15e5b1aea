import { blockConfigs } from '@lectern/theme-default/blocks';
import { useQuery } from '@tanstack/react-query';
import { useBootstrap } from '../../../api/bootstrap';
import { enabledBlockFiles, mergePluginBlocks, NO_PLUGIN_BLOCKS, type PluginBlocks, type PluginBlocksModule } from './plugin-blocks';

// Every plugin's blocks file, each its own chunk: only those of plugins on for the account load.
// No plugin has one yet, and an empty glob is simply an empty object.
const BLOCK_FILES = import.meta.glob<PluginBlocksModule>('../../../../../plugins/*/site/blocks.tsx');
const THEME_BLOCKS = new Set(Object.keys(blockConfigs));

/**
 * The blocks the account's plugins add to the visual editor. `ready` is false while their files
 * load; the editor waits so a stored plugin block does not open as an unknown one. A file that fails
 * to load is left out (the editor still opens, without that plugin's blocks).
 */
export function usePluginBlocks(): { ready: boolean; blocks: PluginBlocks } {
  const enabled = useBootstrap().data?.plugins;
  const files = enabledBlockFiles(Object.keys(BLOCK_FILES), Array.isArray(enabled) ? enabled : []);
  const query = useQuery({
    queryKey: ['plugin-blocks', ...files.map((file) => file.plugin)],
    queryFn: async () => {
      const settled = await Promise.allSettled(files.map(async ({ plugin, path }) => ({ plugin, module: await BLOCK_FILES[path]!() })));
      const loaded = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      return mergePluginBlocks(loaded, THEME_BLOCKS);
    },
    enabled: files.length > 0,
    staleTime: Infinity,
  });
  if (files.length === 0) return { ready: true, blocks: NO_PLUGIN_BLOCKS };
  return { ready: !query.isPending, blocks: query.data ?? NO_PLUGIN_BLOCKS };
}
