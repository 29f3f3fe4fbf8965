import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The destination charge's automatic transfer to the artist (`tr_...`) of a store payment, stored at settlement
 * (docs/disputes.md, "Store payments"): a lost dispute reverses it. Null for payments settled before, or when the
 * provider did not report it: the reversal then asks the provider for it.
 */
export class Migration20261130080000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "store_payment" add column if not exists "transfer_id" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "store_payment" drop column if exists "transfer_id";`);
  }

}
