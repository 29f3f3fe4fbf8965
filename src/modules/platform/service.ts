import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import { sqlManager } from "../common/sql-manager"
import { PlatformApiKey } from "./models/platform-api-key"
import { SandboxOrganization } from "./models/sandbox-organization"

/** How stale `last_used_at` may get: a key used all day costs one write a minute, not one per request. */
export const LAST_USED_RESOLUTION_MS = 60_000

/** Platform module: API keys of the platform API and the sandbox organizations they may act on. */
class PlatformModuleService extends MedusaService({
  PlatformApiKey,
  SandboxOrganization,
}) {
  /**
   * Records that a key was used at `at`, unless it was recorded less than LAST_USED_RESOLUTION_MS before (so that
   * concurrent requests and several processes write at most about once a minute per key). True when written.
   */
  @InjectManager()
  async touchApiKey(id: string, at: Date, @MedusaContext() sharedContext: Context<SqlEntityManager> = {}): Promise<boolean> {
    const rows: unknown[] = await sqlManager(sharedContext).execute(
      `UPDATE platform_api_key SET last_used_at = ? WHERE id = ? AND revoked_at IS NULL
         AND (last_used_at IS NULL OR last_used_at <= ?::timestamptz - make_interval(secs => ?)) RETURNING id`,
      [at.toISOString(), id, at.toISOString(), LAST_USED_RESOLUTION_MS / 1000]
    )
    return rows.length > 0
  }

  /** Revokes a key of the organization (once: a revoked key keeps its first revocation time). Null when unknown. */
  @InjectManager()
  async revokeApiKey(
    organizationId: string,
    id: string,
    at: Date,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<{ id: string; hash: string; revoked_at: Date } | null> {
    const rows: { id: string; hash: string; revoked_at: Date | string }[] = await sqlManager(sharedContext).execute(
      `UPDATE platform_api_key SET revoked_at = COALESCE(revoked_at, ?::timestamptz), updated_at = now()
         WHERE id = ? AND organization_id = ? AND deleted_at IS NULL RETURNING id, hash, revoked_at`,
      [at.toISOString(), id, organizationId]
    )
    const [row] = rows
    return row ? { id: row.id, hash: row.hash, revoked_at: new Date(row.revoked_at) } : null
  }
}

export default PlatformModuleService
