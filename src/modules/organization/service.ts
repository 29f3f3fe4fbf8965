import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"
import { ArtistProduct } from "./models/artist-product"
import { Member } from "./models/member"
import { Membership } from "./models/membership"
import { Organization } from "./models/organization"

export const ORGANIZATION_NOT_FOUND = "Organization not found"

/** A connected account's state as the payment provider reported it. */
export type ConnectedAccountStateInput = {
  accountId: string
  chargesEnabled: boolean
  payoutsEnabled: boolean
  detailsSubmitted: boolean
  transfersActive: boolean
  syncedAt: Date
}

/** The organization whose account state was recorded, and whether that account can now receive payouts. */
export type RecordedAccountState = { organizationId: string; canReceivePayouts: boolean; becamePayable: boolean }

class OrganizationModuleService extends MedusaService({
  Organization,
  Member,
  Membership,
  ArtistProduct,
}) {
  /** The organization (its id) when it exists and is not deleted; 404 `Organization not found` otherwise. */
  async requireOrganization(organizationId: string): Promise<{ id: string }> {
    const [organization] = await this.listOrganizations({ id: organizationId }, { take: 1, select: ["id"] })
    if (!organization) throw new MedusaError(MedusaError.Types.NOT_FOUND, ORGANIZATION_NOT_FOUND)
    return { id: organization.id }
  }

  /**
   * Stores the organization's connected account unless it already has one; returns the account id stored now (the
   * existing one when another request got there first), or null when there is no such organization. One conditional
   * UPDATE: racing requests cannot both win.
   */
  @InjectManager()
  async attachConnectedAccount(
    input: { organizationId: string; accountId: string },
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<string | null> {
    const manager = this.sqlManager_(sharedContext)
    await manager.execute(
      `UPDATE organization SET stripe_account_id = ?, updated_at = now()
       WHERE id = ? AND deleted_at IS NULL AND (stripe_account_id IS NULL OR stripe_account_id = '')`,
      [input.accountId, input.organizationId]
    )
    const [row] = (await manager.execute(
      `SELECT stripe_account_id FROM organization WHERE id = ? AND deleted_at IS NULL`,
      [input.organizationId]
    )) as unknown as { stripe_account_id: string | null }[]
    return row?.stripe_account_id ?? null
  }

  /**
   * Records the state of the account `accountId` on the organization that holds it. Null when no organization holds
   * it, or when the stored state was read later than this one (two concurrent syncs: the older read never rolls the
   * newer back). `becamePayable`: the
   * account could not receive payouts before this report and can now. One statement.
   */
  @InjectManager()
  async recordConnectedAccountState(
    input: ConnectedAccountStateInput,
    @MedusaContext() sharedContext: Context<SqlEntityManager> = {}
  ): Promise<RecordedAccountState | null> {
    const rows = (await this.sqlManager_(sharedContext).execute(
      `WITH previous AS (
         SELECT id, (payouts_enabled AND transfers_active) AS was_payable
         FROM organization
         WHERE stripe_account_id = ? AND deleted_at IS NULL
         FOR UPDATE
       )
       UPDATE organization o
       SET charges_enabled = ?, payouts_enabled = ?, details_submitted = ?, transfers_active = ?,
           account_synced_at = ?, updated_at = now()
       FROM previous
       WHERE o.id = previous.id AND (o.account_synced_at IS NULL OR o.account_synced_at <= ?)
       RETURNING o.id, previous.was_payable, (o.payouts_enabled AND o.transfers_active) AS is_payable`,
      [
        input.accountId,
        input.chargesEnabled,
        input.payoutsEnabled,
        input.detailsSubmitted,
        input.transfersActive,
        input.syncedAt,
        input.syncedAt,
      ]
    )) as unknown as { id: string; was_payable: boolean; is_payable: boolean }[]
    const [row] = rows
    if (!row) return null
    return { organizationId: row.id, canReceivePayouts: row.is_payable, becamePayable: row.is_payable && !row.was_payable }
  }

  protected sqlManager_(sharedContext: Context<SqlEntityManager>): SqlEntityManager {
    const manager = sharedContext.transactionManager ?? sharedContext.manager
    if (!manager) {
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The organization module has no database manager")
    }
    return manager
  }
}

export default OrganizationModuleService
