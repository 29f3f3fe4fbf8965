import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { ResendNotificationService } from "./service"

/** Notification module provider `resend` (medusa-config.ts, when RESEND_API_KEY is set). */
export default ModuleProvider(Modules.NOTIFICATION, { services: [ResendNotificationService] })
