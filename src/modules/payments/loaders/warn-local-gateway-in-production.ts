import type { LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { LOCAL_GATEWAY_IN_PRODUCTION_WARNING } from "../../../lib/payment-environment"
import type { PaymentsModuleOptions } from "../types"

/** At every boot of a production process on the local gateway (an operator's explicit opt-in): a loud warning. */
export default async function warnLocalGatewayInProduction({
  container,
  options,
}: LoaderOptions<PaymentsModuleOptions>): Promise<void> {
  if (!options?.localGatewayInProduction || options.stripeApiKey) return
  container.resolve(ContainerRegistrationKeys.LOGGER).warn(LOCAL_GATEWAY_IN_PRODUCTION_WARNING)
}
