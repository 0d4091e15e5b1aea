export { lecternPlugins, virtualModuleSource, VIRTUAL_ID, type LecternPluginsOptions } from './lectern-plugins.js';
export { findPluginPackages, type PluginPackage } from '@lectern/core/plugin-packages';
