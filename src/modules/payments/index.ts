import { Module } from "@medusajs/framework/utils"
import warnLocalGatewayInProduction from "./loaders/warn-local-gateway-in-production"
import PaymentsModuleService from "./service"

export const PAYMENTS_MODULE = "payments"

export default Module(PAYMENTS_MODULE, {
  service: PaymentsModuleService,
  loaders: [warnLocalGatewayInProduction],
})

export type { default as PaymentsModuleService } from "./service"
export * from "./types"
export { signWebhookPayload } from "./webhook-signature"
export { sandboxOnboardingPath, type SandboxAccountView } from "./providers/local-gateway"
