import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The platform API pages an organization's orders by keyset on (created_at, id), newest first, within its sales
 * channel (src/queries/medusa/platform-orders.ts). Medusa indexes `order.sales_channel_id` alone, which makes every
 * page sort all of the organization's orders; this index lets a page at any depth read just its rows. It is an
 * index on Medusa's table, created here because the platform API is what needs it (docs/platform-api.md); the
 * Medusa schema suite fails if Medusa ever drops or renames the columns.
 */
export class Migration20261123000500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_atelier_order_sales_channel_created_at" ON "order" (sales_channel_id, created_at DESC, id DESC) WHERE deleted_at IS NULL AND is_draft_order = false;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`DROP INDEX IF EXISTS "IDX_atelier_order_sales_channel_created_at";`)
  }
}
