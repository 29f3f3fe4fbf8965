import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** Shipping charged per artist (docs/shipping.md): existing orders charged none, so 0 and null are their truth. */
export class Migration20261128200000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gallery_order" add column if not exists "shipping_cents" integer not null default 0;`);
    this.addSql(`alter table if exists "gallery_artist_order" add column if not exists "shipping_cents" integer not null default 0, add column if not exists "shipping_option_id" text null, add column if not exists "shipping_option_name" text null, add column if not exists "shipping_country" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "gallery_order" drop column if exists "shipping_cents";`);
    this.addSql(`alter table if exists "gallery_artist_order" drop column if exists "shipping_cents", drop column if exists "shipping_option_id", drop column if exists "shipping_option_name", drop column if exists "shipping_country";`);
  }

}
