import { Module } from "@medusajs/framework/utils"
import CurationModuleService from "./service"

export const CURATION_MODULE = "curation"

export default Module(CURATION_MODULE, {
  service: CurationModuleService,
})
