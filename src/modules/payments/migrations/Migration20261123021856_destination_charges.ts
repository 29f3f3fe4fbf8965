import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** Destination charges of artists' stores: the local intent records its platform fee and connected account. */
export class Migration20261123021856 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "sandbox_payment_intent" add column if not exists "application_fee_amount" integer null, add column if not exists "transfer_destination" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "sandbox_payment_intent" drop column if exists "application_fee_amount", drop column if exists "transfer_destination";`);
  }

}
