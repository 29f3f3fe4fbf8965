import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SETTINGS_FIELDS, type StoredSettings } from "../../../lib/organization-settings"
import { ORGANIZATION_MODULE } from "../../../modules/organization"
import type OrganizationModuleService from "../../../modules/organization/service"
import type { OrganizationSettingsRow } from "../../../modules/organization/service"

export type SaveOrganizationSettingsStepInput = { organization_id: string; changes: StoredSettings }

type Restore = { organization_id: string; created_id: string | null; previous: StoredSettings | null }

/** The fields of every kind a row holds, as they were (to put back on compensation). */
function storedFields(row: OrganizationSettingsRow): StoredSettings {
  const fields = Object.values(SETTINGS_FIELDS).flat()
  return Object.fromEntries(fields.map((field) => [field, row[field] ?? null])) as StoredSettings
}

/** Writes the given settings fields (creating the organization's row on its first save). */
export const saveOrganizationSettingsStep = createStep(
  "save-organization-settings",
  async (input: SaveOrganizationSettingsStepInput, { container }) => {
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    const { previous, saved } = await service.saveOrganizationSettings(input.organization_id, input.changes)
    const restore: Restore = {
      organization_id: input.organization_id,
      created_id: previous ? null : saved.id,
      previous: previous ? storedFields(previous) : null,
    }
    return new StepResponse(saved, restore)
  },
  async (restore, { container }) => {
    if (!restore) return
    const service: OrganizationModuleService = container.resolve(ORGANIZATION_MODULE)
    if (restore.created_id) await service.deleteOrganizationSettings(restore.created_id)
    else if (restore.previous) await service.saveOrganizationSettings(restore.organization_id, restore.previous)
  }
)
