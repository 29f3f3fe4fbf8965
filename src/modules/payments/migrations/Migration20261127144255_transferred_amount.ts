import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The local gateway keeps a charge's running transfer total on the charge itself, under a check constraint: a
 * transfer is then one statement that the database refuses when it would exceed the charge (docs/architecture.md,
 * "Local payment gateway"). Existing transfers are counted in before the constraint is added.
 */
export class Migration20261127144255 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "sandbox_payment_intent" add column if not exists "transferred_amount" integer not null default 0;`);
    this.addSql(`update "sandbox_payment_intent" i set "transferred_amount" = t.total
      from (select source_transaction, sum(amount)::int as total from "sandbox_transfer" where deleted_at is null group by source_transaction) t
      where i.charge_id = t.source_transaction;`);
    this.addSql(`alter table if exists "sandbox_payment_intent" add constraint sandbox_payment_intent_transfers_within_amount check(transferred_amount <= amount);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "sandbox_payment_intent" drop constraint if exists sandbox_payment_intent_transfers_within_amount;`);
    this.addSql(`alter table if exists "sandbox_payment_intent" drop column if exists "transferred_amount";`);
  }

}
