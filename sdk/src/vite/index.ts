export { lecternPlugins, virtualModuleSource, VIRTUAL_ID, type LecternPluginsOptions } from './lectern-plugins.js';
