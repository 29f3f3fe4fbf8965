import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Retry state of a pending payout, for the payouts job: how many transfer attempts it made, when the first one was
 * (Stripe forgets a transfer's idempotency key 24 hours after its first use; the administrators are alerted once a
 * payout has failed for a day), when the next one is due (exponential back-off), and when the alert went out.
 */
export class Migration20261122203322 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "gallery_payout" add column if not exists "attempt_count" integer not null default 0, add column if not exists "first_attempted_at" timestamptz null, add column if not exists "next_attempt_at" timestamptz null, add column if not exists "failure_alerted_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "gallery_payout" drop column if exists "attempt_count", drop column if exists "first_attempted_at", drop column if exists "next_attempt_at", drop column if exists "failure_alerted_at";`);
  }

}
