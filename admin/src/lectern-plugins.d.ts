// The installed plugin packages' admin modules, blocks and catalogues, served by `lecternPlugins()` (vite.config.ts).
/// <reference types="@lectern/sdk/virtual" />
