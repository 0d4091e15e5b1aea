// The installed plugin packages' site browser modules, served by `lecternPlugins()` (vite.config.ts).
/// <reference types="@lectern/sdk/virtual" />
