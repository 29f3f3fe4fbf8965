import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Persistent daily rollups of the admin analytics (src/queries/analytics/rollups.ts), written by hand: they are
 * derived data maintained by refreshGalleryAnalyticsRollups (the refresh-gallery-analytics job every 15 minutes, and
 * the query path when the last refresh is over an hour old), not models. Shared by every server process.
 * - gallery_analytics_day: per UTC day, the gallery-wide figures (paid orders and revenue by paid_at, items sold,
 *   orders created that day by current status, referrals created, standing conversions).
 * - gallery_analytics_day_artist: per UTC day and organization, paid artist orders, revenue and items (top artists).
 * - gallery_analytics_day_cart: per UTC day, carts whose first stored item was added that day (rebuilt whole on every
 *   refresh: cart rows are deleted, which leaves no updated_at behind).
 * - gallery_analytics_refresh: one row (id 1): the watermark (rows updated after it are re-aggregated next time).
 * The updated_at indexes let a refresh find the orders changed since the watermark without scanning those tables
 * (referrals belong to another module and are small: they are scanned).
 */
export class Migration20261122000000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE IF NOT EXISTS "gallery_analytics_day" (
      "day" date NOT NULL PRIMARY KEY,
      "orders" integer NOT NULL DEFAULT 0,
      "revenue_cents" bigint NOT NULL DEFAULT 0,
      "items_sold" bigint NOT NULL DEFAULT 0,
      "referrals" integer NOT NULL DEFAULT 0,
      "conversions" integer NOT NULL DEFAULT 0,
      "attributed_cents" bigint NOT NULL DEFAULT 0,
      "status_pending" integer NOT NULL DEFAULT 0,
      "status_paid" integer NOT NULL DEFAULT 0,
      "status_processing" integer NOT NULL DEFAULT 0,
      "status_partially_shipped" integer NOT NULL DEFAULT 0,
      "status_shipped" integer NOT NULL DEFAULT 0,
      "status_delivered" integer NOT NULL DEFAULT 0
    );`);
    this.addSql(`CREATE TABLE IF NOT EXISTS "gallery_analytics_day_artist" (
      "day" date NOT NULL,
      "organization_id" text NOT NULL,
      "orders" integer NOT NULL DEFAULT 0,
      "revenue_cents" bigint NOT NULL DEFAULT 0,
      "items_sold" bigint NOT NULL DEFAULT 0,
      PRIMARY KEY ("day", "organization_id")
    );`);
    this.addSql(`CREATE TABLE IF NOT EXISTS "gallery_analytics_day_cart" (
      "day" date NOT NULL PRIMARY KEY,
      "new_carts" integer NOT NULL DEFAULT 0
    );`);
    this.addSql(`CREATE TABLE IF NOT EXISTS "gallery_analytics_refresh" (
      "id" smallint NOT NULL PRIMARY KEY CHECK ("id" = 1),
      "watermark" timestamptz NOT NULL,
      "refreshed_at" timestamptz NOT NULL DEFAULT now(),
      "days_refreshed" integer NOT NULL DEFAULT 0,
      "duration_ms" integer NOT NULL DEFAULT 0
    );`);
    // Rows changed since the watermark.
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_order_updated_at" ON "gallery_order" ("updated_at");`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_artist_order_updated_at" ON "gallery_artist_order" ("updated_at");`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_gallery_artist_order_item_updated_at" ON "gallery_artist_order_item" ("updated_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`DROP INDEX IF EXISTS "IDX_gallery_order_updated_at";`);
    this.addSql(`DROP INDEX IF EXISTS "IDX_gallery_artist_order_updated_at";`);
    this.addSql(`DROP INDEX IF EXISTS "IDX_gallery_artist_order_item_updated_at";`);
    this.addSql(`DROP TABLE IF EXISTS "gallery_analytics_refresh";`);
    this.addSql(`DROP TABLE IF EXISTS "gallery_analytics_day_cart";`);
    this.addSql(`DROP TABLE IF EXISTS "gallery_analytics_day_artist";`);
    this.addSql(`DROP TABLE IF EXISTS "gallery_analytics_day";`);
  }

}
