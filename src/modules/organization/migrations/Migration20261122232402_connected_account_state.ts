import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The connected account's state (payout onboarding, `account.updated`): transfers go only to an account that can
 * receive them. Accounts recorded before this state existed received transfers; they keep doing so until the
 * provider's next `account.updated` reports their real state.
 */
export class Migration20261122232402 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "organization" add column if not exists "charges_enabled" boolean not null default false, add column if not exists "payouts_enabled" boolean not null default false, add column if not exists "details_submitted" boolean not null default false, add column if not exists "transfers_active" boolean not null default false, add column if not exists "account_synced_at" timestamptz null;`);
    this.addSql(`update "organization" set "payouts_enabled" = true, "transfers_active" = true where "stripe_account_id" is not null and "stripe_account_id" <> '' and "account_synced_at" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "organization" drop column if exists "charges_enabled", drop column if exists "payouts_enabled", drop column if exists "details_submitted", drop column if exists "transfers_active", drop column if exists "account_synced_at";`);
  }

}
