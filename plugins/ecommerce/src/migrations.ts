import { createTenantTable, sql, type ColumnDefinitionBuilder, type MigrationMap } from '@lectern/sdk';

const uuid = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`gen_random_uuid()`);
const now = sql`now()`;
/** A non-negative amount in minor units. */
const money = (column: string) => (c: ColumnDefinitionBuilder) => c.notNull().check(sql`${sql.ref(column)} >= 0`);

/**
 * The e-commerce schema (db/tables.ts says what each column means). Every table is a tenant table
 * and every key and index leads with account_id. Never edit a released migration: add the next one.
 */
export const migrations: MigrationMap = {
  '0001-ecommerce': {
    async up(db) {
      await createTenantTable(db, 'ecommerce_memberships', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('course_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
          .addColumn('content_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('ecommerce_memberships_pkey', ['account_id', 'id']),
      );

      await createTenantTable(db, 'ecommerce_products', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('status', 'text', (c) =>
            c
              .notNull()
              .defaultTo('published')
              .check(sql`status IN ('draft', 'published')`),
          )
          .addColumn('price_type', 'text', (c) => c.notNull().check(sql`price_type IN ('onetime', 'subscription')`))
          .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
          .addColumn('duration_value', 'integer')
          .addColumn('duration_parameter', 'text', (c) => c.check(sql`duration_parameter IN ('day', 'week', 'month', 'year')`))
          .addColumn('featured_image', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('cross_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
          .addColumn('course_id', 'uuid')
          .addColumn('membership_id', 'uuid')
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('ecommerce_products_pkey', ['account_id', 'id'])
          // A subscription renews on a schedule; a one-time price has none.
          .addCheckConstraint(
            'ecommerce_products_duration_check',
            sql`(price_type = 'subscription') = (duration_value IS NOT NULL AND duration_parameter IS NOT NULL AND duration_value > 0)`,
          )
          .addForeignKeyConstraint('ecommerce_products_membership_fk', ['account_id', 'membership_id'], 'ecommerce_memberships', ['account_id', 'id'], (fk) =>
            fk.onDelete('set null'),
          ),
      );
      await sql`CREATE INDEX ecommerce_products_listed_idx ON ecommerce_products (account_id, status, created_at DESC, id)`.execute(db);

      await createTenantTable(db, 'ecommerce_coupons', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('usage_limit', 'integer', (c) =>
            c
              .notNull()
              .defaultTo(0)
              .check(sql`usage_limit >= 0`),
          )
          .addColumn('usage_count', 'integer', (c) =>
            c
              .notNull()
              .defaultTo(0)
              .check(sql`usage_count >= 0`),
          )
          .addColumn('date_start', 'timestamptz')
          .addColumn('date_end', 'timestamptz')
          .addColumn('per_user_limit', 'integer', (c) =>
            c
              .notNull()
              .defaultTo(0)
              .check(sql`per_user_limit >= 0`),
          )
          .addColumn('discount_type', 'text', (c) => c.notNull().check(sql`discount_type IN ('flat', 'percentage')`))
          .addColumn('coupon_amount', 'numeric', (c) => c.notNull().check(sql`coupon_amount >= 0`))
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('ecommerce_coupons_pkey', ['account_id', 'id'])
          .addCheckConstraint('ecommerce_coupons_percentage_check', sql`discount_type <> 'percentage' OR coupon_amount <= 100`),
      );
      await sql`CREATE UNIQUE INDEX ecommerce_coupons_name_key ON ecommerce_coupons (account_id, lower(name))`.execute(db);

      await createTenantTable(db, 'ecommerce_orders', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('order_id', 'text', (c) => c.notNull())
          .addColumn('user_id', 'uuid', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('country', 'text')
          .addColumn('coupon', 'text')
          .addColumn('coupon_id', 'uuid')
          .addColumn('items', 'jsonb', (c) => c.notNull())
          .addColumn('subtotal', 'bigint', money('subtotal'))
          .addColumn('discount', 'bigint', money('discount'))
          .addColumn('total_amount', 'bigint', money('total_amount'))
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) =>
            c
              .notNull()
              .defaultTo('pending')
              .check(sql`status IN ('pending', 'paid', 'refunded', 'cancelled', 'failed')`),
          )
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('provider_ref', 'text')
          .addColumn('refunded_amount', 'bigint', (c) =>
            c
              .notNull()
              .defaultTo(0)
              .check(sql`refunded_amount >= 0`),
          )
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('paid_at', 'timestamptz')
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('ecommerce_orders_pkey', ['account_id', 'id'])
          .addUniqueConstraint('ecommerce_orders_number_key', ['account_id', 'order_id'])
          .addForeignKeyConstraint('ecommerce_orders_coupon_fk', ['account_id', 'coupon_id'], 'ecommerce_coupons', ['account_id', 'id'], (fk) =>
            fk.onDelete('set null'),
          ),
      );
      await sql`CREATE INDEX ecommerce_orders_listed_idx ON ecommerce_orders (account_id, created_at DESC, id)`.execute(db);
      await sql`CREATE INDEX ecommerce_orders_user_idx ON ecommerce_orders (account_id, user_id, created_at DESC)`.execute(db);
      await sql`CREATE INDEX ecommerce_orders_coupon_idx ON ecommerce_orders (account_id, coupon_id, user_id) WHERE coupon_id IS NOT NULL`.execute(db);
      await sql`CREATE UNIQUE INDEX ecommerce_orders_provider_ref_key ON ecommerce_orders (account_id, provider, provider_ref) WHERE provider_ref IS NOT NULL`.execute(
        db,
      );

      await createTenantTable(db, 'ecommerce_payments', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('order_id', 'uuid', (c) => c.notNull())
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('provider_payment_id', 'text', (c) => c.notNull())
          .addColumn('amount', 'bigint', money('amount'))
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('payment', 'refund')`))
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('ecommerce_payments_pkey', ['account_id', 'id'])
          .addUniqueConstraint('ecommerce_payments_provider_key', ['account_id', 'provider', 'kind', 'provider_payment_id'])
          .addForeignKeyConstraint('ecommerce_payments_order_fk', ['account_id', 'order_id'], 'ecommerce_orders', ['account_id', 'id'], (fk) =>
            fk.onDelete('cascade'),
          ),
      );
      await sql`CREATE INDEX ecommerce_payments_order_idx ON ecommerce_payments (account_id, order_id)`.execute(db);

      await createTenantTable(db, 'ecommerce_webhook_events', (t) =>
        t
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('event_id', 'text', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('ecommerce_webhook_events_pkey', ['account_id', 'provider', 'event_id']),
      );

      await createTenantTable(db, 'ecommerce_subscriptions', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('user_id', 'uuid', (c) => c.notNull())
          .addColumn('product_id', 'uuid', (c) => c.notNull())
          .addColumn('order_id', 'uuid', (c) => c.notNull())
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('provider_subscription_id', 'text')
          .addColumn('status', 'text', (c) =>
            c
              .notNull()
              .defaultTo('active')
              .check(sql`status IN ('active', 'past_due', 'ended')`),
          )
          .addColumn('current_period_end', 'timestamptz')
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('ended_at', 'timestamptz')
          .addPrimaryKeyConstraint('ecommerce_subscriptions_pkey', ['account_id', 'id'])
          .addForeignKeyConstraint('ecommerce_subscriptions_order_fk', ['account_id', 'order_id'], 'ecommerce_orders', ['account_id', 'id'], (fk) =>
            fk.onDelete('cascade'),
          ),
      );
      await sql`CREATE INDEX ecommerce_subscriptions_user_idx ON ecommerce_subscriptions (account_id, user_id)`.execute(db);
      await sql`CREATE UNIQUE INDEX ecommerce_subscriptions_provider_key ON ecommerce_subscriptions (account_id, provider, provider_subscription_id) WHERE provider_subscription_id IS NOT NULL`.execute(
        db,
      );

      await createTenantTable(db, 'ecommerce_member_memberships', (t) =>
        t
          .addColumn('membership_id', 'uuid', (c) => c.notNull())
          .addColumn('user_id', 'uuid', (c) => c.notNull())
          .addColumn('status', 'text', (c) =>
            c
              .notNull()
              .defaultTo('active')
              .check(sql`status IN ('active', 'ended')`),
          )
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('order_id', 'uuid')
          .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('ended_at', 'timestamptz')
          .addPrimaryKeyConstraint('ecommerce_member_memberships_pkey', ['account_id', 'membership_id', 'user_id'])
          .addForeignKeyConstraint(
            'ecommerce_member_memberships_level_fk',
            ['account_id', 'membership_id'],
            'ecommerce_memberships',
            ['account_id', 'id'],
            (fk) => fk.onDelete('cascade'),
          ),
      );
      await sql`CREATE INDEX ecommerce_member_memberships_user_idx ON ecommerce_member_memberships (account_id, user_id)`.execute(db);

      await createTenantTable(db, 'ecommerce_course_grants', (t) =>
        t
          .addColumn('user_id', 'uuid', (c) => c.notNull())
          .addColumn('course_id', 'uuid', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('ecommerce_course_grants_pkey', ['account_id', 'user_id', 'course_id', 'source']),
      );
      await sql`CREATE INDEX ecommerce_course_grants_source_idx ON ecommerce_course_grants (account_id, user_id, source)`.execute(db);
      await sql`CREATE INDEX ecommerce_member_memberships_order_idx ON ecommerce_member_memberships (account_id, order_id) WHERE order_id IS NOT NULL`.execute(
        db,
      );
      await sql`CREATE INDEX ecommerce_subscriptions_order_idx ON ecommerce_subscriptions (account_id, order_id)`.execute(db);

      await createTenantTable(db, 'ecommerce_carts', (t) =>
        t
          .addColumn('user_id', 'uuid', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('items', 'jsonb', (c) => c.notNull())
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('abandoned_at', 'timestamptz')
          .addPrimaryKeyConstraint('ecommerce_carts_pkey', ['account_id', 'user_id']),
      );
    },
    async down(db) {
      for (const table of [
        'ecommerce_course_grants',
        'ecommerce_carts',
        'ecommerce_member_memberships',
        'ecommerce_subscriptions',
        'ecommerce_webhook_events',
        'ecommerce_payments',
        'ecommerce_orders',
        'ecommerce_coupons',
        'ecommerce_products',
        'ecommerce_memberships',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
  '0002-ecommerce-renewals': {
    // An offline subscription's renewal is an order of its own that the owner marks paid.
    async up(db) {
      await db.schema.alterTable('ecommerce_orders').addColumn('renews_subscription_id', 'uuid').execute();
      await sql`CREATE INDEX ecommerce_orders_renewal_idx ON ecommerce_orders (account_id, renews_subscription_id) WHERE renews_subscription_id IS NOT NULL`.execute(
        db,
      );
      // The daily sweep of subscriptions billed here (no provider's id) that have not ended.
      await sql`CREATE INDEX ecommerce_subscriptions_billed_here_idx ON ecommerce_subscriptions (account_id, id) WHERE provider_subscription_id IS NULL AND status <> 'ended'`.execute(
        db,
      );
    },
    async down(db) {
      await sql`DROP INDEX IF EXISTS ecommerce_subscriptions_billed_here_idx`.execute(db);
      await sql`DROP INDEX IF EXISTS ecommerce_orders_renewal_idx`.execute(db);
      await db.schema.alterTable('ecommerce_orders').dropColumn('renews_subscription_id').execute();
    },
  },
  '0003-ecommerce-platform-plans': {
    // The platform's own shop sells the plans (issue 18): a product may be a plan, and its order names the site it pays for.
    async up(db) {
      await db.schema.alterTable('ecommerce_products').addColumn('platform_plan', 'text').execute();
      await db.schema.alterTable('ecommerce_orders').addColumn('billed_site_id', 'uuid').execute();
      // Cancelled at the end of the period paid for: no renewal is billed, the subscription ends then.
      await db.schema
        .alterTable('ecommerce_subscriptions')
        .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await sql`CREATE INDEX ecommerce_products_platform_plan_idx ON ecommerce_products (account_id, platform_plan) WHERE platform_plan IS NOT NULL`.execute(
        db,
      );
      await sql`CREATE INDEX ecommerce_orders_billed_site_idx ON ecommerce_orders (account_id, billed_site_id) WHERE billed_site_id IS NOT NULL`.execute(db);
    },
    async down(db) {
      await sql`DROP INDEX IF EXISTS ecommerce_orders_billed_site_idx`.execute(db);
      await sql`DROP INDEX IF EXISTS ecommerce_products_platform_plan_idx`.execute(db);
      await db.schema.alterTable('ecommerce_subscriptions').dropColumn('cancel_at_period_end').execute();
      await db.schema.alterTable('ecommerce_orders').dropColumn('billed_site_id').execute();
      await db.schema.alterTable('ecommerce_products').dropColumn('platform_plan').execute();
    },
  },
  '0004-ecommerce-sale-price': {
    // A one-time product may go on sale: a lower price until an optional end (SPEC §9 course_on_sale).
    async up(db) {
      await db.schema.alterTable('ecommerce_products').addColumn('sale_amount', 'bigint').addColumn('sale_ends_at', 'timestamptz').execute();
      await sql`ALTER TABLE ecommerce_products ADD CONSTRAINT ecommerce_products_sale_check CHECK (sale_amount IS NULL OR (sale_amount >= 0 AND sale_amount < amount))`.execute(
        db,
      );
    },
    async down(db) {
      await sql`ALTER TABLE ecommerce_products DROP CONSTRAINT IF EXISTS ecommerce_products_sale_check`.execute(db);
      await db.schema.alterTable('ecommerce_products').dropColumn('sale_ends_at').dropColumn('sale_amount').execute();
    },
  },
};
