import { Module } from "@medusajs/framework/utils"
import OrganizationModuleService from "./service"

export const ORGANIZATION_MODULE = "organization"

export default Module(ORGANIZATION_MODULE, {
  service: OrganizationModuleService,
})

export type { default as OrganizationModuleService } from "./service"
