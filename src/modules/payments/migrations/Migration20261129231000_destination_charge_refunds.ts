import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Refunds of destination charges in the sandbox (docs/refunds.md, "Store orders"): a refund made with
 * `reverse_transfer` and `refund_application_fee` records the application fee it returned and the reversal of the
 * connected account's transfer it made, as Stripe's refund object does.
 */
export class Migration20261129231000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "sandbox_refund" add column if not exists "reverse_transfer" boolean not null default false, add column if not exists "refund_application_fee" boolean not null default false, add column if not exists "application_fee_refunded" integer null, add column if not exists "transfer_reversal_id" text null, add column if not exists "transfer_reversal_amount" integer null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "sandbox_refund" drop column if exists "reverse_transfer", drop column if exists "refund_application_fee", drop column if exists "application_fee_refunded", drop column if exists "transfer_reversal_id", drop column if exists "transfer_reversal_amount";`);
  }

}
