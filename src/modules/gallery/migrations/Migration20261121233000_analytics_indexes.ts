import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Covering, partial indexes for the analytics aggregates (src/queries/analytics/), written by hand:
 * they are not declared on the models (INCLUDE columns and status predicates are beyond the model DSL).
 * Each index's WHERE clause is repeated verbatim by the queries so that the planner can use it, and the INCLUDE
 * columns let the aggregates run as index-only scans (after VACUUM has set the visibility map).
 */
export class Migration20261121233000 extends Migration {

  override async up(): Promise<void> {
    // Admin revenue timeline: parent orders that were paid (paid or later, not cancelled), by paid_at.
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_order_analytics_paid" ON "gallery_order" ("paid_at") INCLUDE ("subtotal_cents") WHERE deleted_at IS NULL AND status NOT IN ('pending', 'cancelled');`);
    // Admin orders by status: orders created in the range.
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_order_analytics_created" ON "gallery_order" ("created_at") INCLUDE ("status") WHERE deleted_at IS NULL;`);
    // Admin top artists: paid artist orders by paid_at, with what the per-organization sums need.
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_artist_order_analytics_paid" ON "gallery_artist_order" ("paid_at") INCLUDE ("id", "organization_id", "subtotal_cents", "gallery_order_id") WHERE deleted_at IS NULL AND status <> 'pending';`);
    // Artist analytics: one organization's paid artist orders by paid_at.
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_artist_order_analytics_org_paid" ON "gallery_artist_order" ("organization_id", "paid_at") INCLUDE ("id", "subtotal_cents", "gallery_order_id") WHERE deleted_at IS NULL AND status <> 'pending';`);
    // Items sold and top products: an artist order's items without reading the item rows.
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_artist_order_item_analytics" ON "gallery_artist_order_item" ("artist_order_id") INCLUDE ("quantity", "price_cents", "product_id") WHERE deleted_at IS NULL;`);
    // Cancelled parents (a few percent of orders): the anti-join that drops their artist orders reads only these.
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_order_analytics_cancelled" ON "gallery_order" ("id") WHERE status = 'cancelled';`);
  }

  override async down(): Promise<void> {
    this.addSql(`DROP INDEX IF EXISTS "IDX_gallery_order_analytics_paid";`);
    this.addSql(`DROP INDEX IF EXISTS "IDX_gallery_order_analytics_created";`);
    this.addSql(`DROP INDEX IF EXISTS "IDX_gallery_artist_order_analytics_paid";`);
    this.addSql(`DROP INDEX IF EXISTS "IDX_gallery_artist_order_analytics_org_paid";`);
    this.addSql(`DROP INDEX IF EXISTS "IDX_gallery_artist_order_item_analytics";`);
    this.addSql(`DROP INDEX IF EXISTS "IDX_gallery_order_analytics_cancelled";`);
  }

}
