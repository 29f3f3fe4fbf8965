import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { GuestViewer } from "../../lib/guest-workspace"
import { missingAccountFields } from "../../lib/guest-workspace"
import type { StoredSettings } from "../../lib/organization-settings"
import { ArtistProduct } from "./models/artist-product"
import { Member } from "./models/member"
import { Membership } from "./models/membership"
import { Organization } from "./models/organization"
import { OrganizationSettings } from "./models/organization-settings"

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

/** A settings row as stored (null = not set, the default applies). */
export type OrganizationSettingsRow = StoredSettings & { id: string; organization_id: string }

/** A guest workspace as one of its members sees it (promotion rules in src/lib/guest-workspace.ts). */
export type GuestWorkspace = {
  id: string
  name: string
  is_guest: boolean
  expires_at: Date | null
  viewer: GuestViewer
}

type MembershipForGuest = {
  role: string
  member: { first_name: string | null; last_name: string | null } | null
  organization: {
    id: string
    name: string
    is_guest: boolean
    expires_at: Date | string | null
    settings: { display_name: string | null } | null
  } | null
}

class OrganizationModuleService extends MedusaService({
  Organization,
  Member,
  Membership,
  ArtistProduct,
  OrganizationSettings,
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

  /**
   * The organization's guest fields and what `memberId` (one of its members) lacks to promote it, in one query
   * (membership joined with its member, organization and the organization's settings). 404 when the member does not
   * belong to it.
   */
  async getGuestWorkspace(organizationId: string, memberId: string): Promise<GuestWorkspace> {
    const [row]: MembershipForGuest[] = await this.listMemberships(
      { organization_id: organizationId, member_id: memberId },
      {
        take: 1,
        select: [
          "id",
          "role",
          "member.first_name",
          "member.last_name",
          "organization.id",
          "organization.name",
          "organization.is_guest",
          "organization.expires_at",
          "organization.settings.display_name",
        ],
        relations: ["member", "organization", "organization.settings"],
      }
    )
    if (!row?.organization || !row.member) throw new MedusaError(MedusaError.Types.NOT_FOUND, ORGANIZATION_NOT_FOUND)
    const { organization, member } = row
    return {
      id: organization.id,
      name: organization.name,
      is_guest: organization.is_guest,
      expires_at: organization.expires_at ? new Date(organization.expires_at) : null,
      viewer: {
        isOwner: row.role === "owner",
        missingAccountFields: missingAccountFields(member, { display_name: organization.settings?.display_name ?? null }),
      },
    }
  }

  /** The organization's settings row, or null when it never saved one. */
  async findOrganizationSettings(organizationId: string): Promise<OrganizationSettingsRow | null> {
    const [row] = await this.listOrganizationSettings({ organization_id: organizationId }, { take: 1 })
    return (row as OrganizationSettingsRow | undefined) ?? null
  }

  /**
   * Writes `changes` (only the fields given) to the organization's settings row, creating it on the first save.
   * Returns the row before (null when there was none) and after. Two first saves racing: the unique index on
   * organization_id lets one create the row, the other finds it and updates it.
   */
  async saveOrganizationSettings(
    organizationId: string,
    changes: StoredSettings
  ): Promise<{ previous: OrganizationSettingsRow | null; saved: OrganizationSettingsRow }> {
    const update = async (previous: OrganizationSettingsRow) => ({
      previous,
      saved: (await this.updateOrganizationSettings({ id: previous.id, ...changes })) as OrganizationSettingsRow,
    })
    const existing = await this.findOrganizationSettings(organizationId)
    if (existing) return update(existing)
    try {
      const saved = await this.createOrganizationSettings({ organization_id: organizationId, ...changes })
      return { previous: null, saved: saved as OrganizationSettingsRow }
    } catch (error) {
      const raced = await this.findOrganizationSettings(organizationId)
      if (!raced) throw error
      return update(raced)
    }
  }
}

export default OrganizationModuleService
