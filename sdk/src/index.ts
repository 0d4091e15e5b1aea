// Route schemas take `tags`, `summary` and `description` (the OpenAPI document the kernel generates);
// `preserve` keeps the reference in the SDK's emitted declarations, so plugins get it too.
/// <reference types="@fastify/swagger" preserve="true" />

/**
 * @lectern/sdk: everything a plugin author needs. Plugins import from here, never from the
 * kernel's internals or from other plugins.
 */
// The kernel's plugin surface, kept in one list there (core/src/plugin-api.ts): what is not in it,
// plugins do not get.
export * from '@lectern/core/plugin-api';
export { pdfFonts, type PdfFonts } from './pdf-fonts.js';
export {
  defineTables,
  type DbHandle,
  type PluginDb,
  type TablesAccessor,
  type KernelViews,
  type MembersView,
  type UsersView,
  type RolesView,
  type ContentItemsView,
} from './tables.js';
export {
  sql,
  type Kysely,
  type Migration,
  type ColumnType,
  type ColumnDefinitionBuilder,
  type Generated,
  type Selectable,
  type Insertable,
  type Updateable,
} from 'kysely';
