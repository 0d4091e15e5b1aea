import { tsString, type TemplateContext } from './context.js';

export function migrationsTs(ctx: TemplateContext): string {
  return `import { createTenantTable, sql, type MigrationMap } from '@lectern/sdk';
import { ITEMS_TABLE } from './manifest.js';

/**
 * The plugin's schema, applied in name order at boot; each migration runs once, in its own
 * transaction. Never edit a released migration: add the next one ('0002-...').
 */
export const migrations: MigrationMap = {
  '0001-items': {
    async up(db) {
      // createTenantTable adds account_id, forces row-level security and creates the policy.
      await createTenantTable(db, ITEMS_TABLE, (t) =>
        t
          .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(sql\`gen_random_uuid()\`))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql\`now()\`))
          .addPrimaryKeyConstraint(${tsString(`${ctx.itemsTable}_pkey`)}, ['account_id', 'id']),
      );
      // Indexes lead with account_id, like the primary key.
      await db.schema.createIndex(${tsString(`${ctx.itemsTable}_created_idx`)}).on(ITEMS_TABLE).columns(['account_id', 'created_at']).execute();
    },
    async down(db) {
      await db.schema.dropTable(ITEMS_TABLE).execute();
    },
  },
};
`;
}
