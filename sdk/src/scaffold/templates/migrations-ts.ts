import { tsString, type TemplateContext } from './context.js';

export function migrationsTs(ctx: TemplateContext): string {
  return `import { createTenantTable, sql, type MigrationMap } from '@lectern/sdk';
import { ITEMS_TABLE } from './manifest.js';

/** Applied in name order at boot, each once. Never edit a released migration: add '0002-...'. */
export const migrations: MigrationMap = {
  '0001-items': {
    async up(db) {
      // createTenantTable adds account_id, forces row-level security and creates the policy; keys lead with account_id.
      await createTenantTable(db, ITEMS_TABLE, (t) =>
        t
          .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(sql\`gen_random_uuid()\`))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('tag', 'text')
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql\`now()\`))
          .addPrimaryKeyConstraint(${tsString(`${ctx.itemsTable}_pkey`)}, ['account_id', 'id'])
          .addUniqueConstraint(${tsString(`${ctx.itemsTable}_title_key`)}, ['account_id', 'title']),
      );
    },
    async down(db) {
      await db.schema.dropTable(ITEMS_TABLE).execute();
    },
  },
};
`;
}
