import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { sendCartReminders } from "../processes/cart-recovery/send-cart-reminders"
import { runScheduledJob } from "../lib/scheduled-job"

/** Every minute: the abandoned-cart reminders that are due, and the deletion of carts older than 30 days. */
async function sendStoreCartReminders(container: MedusaContainer) {
  const run = await sendCartReminders(container)
  if (run.sent || run.failed || run.purchased || run.expired) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`send-store-cart-reminders: ${run.sent} sent, ${run.purchased} closed by a purchase, ${run.failed} failed, ${run.expired} expired`)
  }
}

export const config = {
  name: "send-store-cart-reminders",
  schedule: "* * * * *",
}

export default function (container: MedusaContainer) {
  return runScheduledJob(config.name, () => sendStoreCartReminders(container))
}
