import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { GuestViewer } from "../../lib/guest-workspace"
import { missingAccountFields } from "../../lib/guest-workspace"
import type { StoredSettings } from "../../lib/organization-settings"
import { ArtistProduct } from "./models/artist-product"
import { Member } from "./models/member"
import { Membership } from "./models/membership"
import { Organization } from "./models/organization"
import { OrganizationSettings } from "./models/organization-settings"

export const ORGANIZATION_NOT_FOUND = "Organization not found"

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
