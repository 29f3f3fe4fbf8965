import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** Shipping charged by artist stores (docs/store-checkout.md "Shipping"): earlier store payments charged none. */
export class Migration20261129120000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "store_payment" add column if not exists "shipping_cents" integer not null default 0, add column if not exists "shipping_option_id" text null, add column if not exists "shipping_option_name" text null, add column if not exists "shipping_address" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "store_payment" drop column if exists "shipping_cents", drop column if exists "shipping_option_id", drop column if exists "shipping_option_name", drop column if exists "shipping_address";`);
  }

}
