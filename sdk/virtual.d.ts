// Types of the virtual modules `lecternPlugins()` (`@lectern/sdk/vite`) serves. Loaders resolve to
// `unknown` on purpose: each build checks what a plugin's module exports before using it.
// Reference with: /// <reference types="@lectern/sdk/virtual" />

declare module 'virtual:lectern-plugins' {
  /** The installed plugin packages' names. */
  const names: readonly string[];
  export default names;
}

declare module 'virtual:lectern-plugins/admin' {
  /** Each plugin's admin module (`lectern.admin`), by plugin name. */
  const loaders: Readonly<Record<string, () => Promise<unknown>>>;
  export default loaders;
}

declare module 'virtual:lectern-plugins/blocks' {
  /** Each plugin's visual-editor blocks (`lectern.site.blocks`), by plugin name. */
  const loaders: Readonly<Record<string, () => Promise<unknown>>>;
  export default loaders;
}

declare module 'virtual:lectern-plugins/site-client' {
  /** Each plugin's site browser module (`lectern.site.client`), by plugin name. */
  const loaders: Readonly<Record<string, () => Promise<unknown>>>;
  export default loaders;
}

declare module 'virtual:lectern-plugins/locales' {
  /** Each plugin's admin catalogues (`lectern.locales`): plugin → language → file name (no .json) → loader. */
  const catalogues: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, () => Promise<{ default: Record<string, unknown> }>>>>>>>;
  export default catalogues;
}
