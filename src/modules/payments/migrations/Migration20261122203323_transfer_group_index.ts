import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** The local gateway lists a transfer group's transfers (payouts job, sandbox transfer list): an index on the group. */
export class Migration20261122203323 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_sandbox_transfer_transfer_group" ON "sandbox_transfer" ("transfer_group") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_sandbox_transfer_transfer_group";`);
  }

}
