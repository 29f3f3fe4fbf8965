import { Module } from "@medusajs/framework/utils"
import ChannelsModuleService from "./service"

export const CHANNELS_MODULE = "channels"

export default Module(CHANNELS_MODULE, {
  service: ChannelsModuleService,
})

export type { default as ChannelsModuleService, ConnectionView, PendingAuthorization, Revocation } from "./service"
export { ChannelConflictError, ChannelProviderError } from "./providers/http"
