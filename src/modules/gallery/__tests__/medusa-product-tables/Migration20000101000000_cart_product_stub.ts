import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Test-only: the columns of the tables the cart's add statement reads for a product's eligibility
 * (CART_PRODUCT_STATE_SQL in src/queries/medusa/products.ts): Medusa's `product`, the organization module's
 * `artist_product` and `organization`, and the link table between artist products and products. The gallery module
 * runs alone in gallery.module.spec.ts, so that suite runs this first (it is not a migration of the module); the real
 * tables and their columns are checked by integration-tests/http/medusa-schema.spec.ts and exercised by the HTTP
 * cart suite.
 */
export class Migration20000101000000_cart_product_stub extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "product" ("id" text not null primary key, "status" text not null default 'draft', "deleted_at" timestamptz null);`
    )
    this.addSql(
      `create table if not exists "organization" ("id" text not null primary key, "gallery_approved" boolean not null default false, "deleted_at" timestamptz null);`
    )
    this.addSql(
      `create table if not exists "artist_product" ("id" text not null primary key, "organization_id" text not null, "gallery_eligible" boolean not null default false, "archived_at" timestamptz null, "deleted_at" timestamptz null);`
    )
    this.addSql(
      `create table if not exists "organization_artist_product_product_product" ("id" text not null primary key, "artist_product_id" text not null, "product_id" text not null, "deleted_at" timestamptz null);`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop table if exists "organization_artist_product_product_product", "artist_product", "organization", "product" cascade;`
    )
  }
}
