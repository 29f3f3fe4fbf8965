import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { LocalEmailNotificationService } from "./service"

/** Notification module provider `local` (medusa-config.ts, without RESEND_API_KEY): logs emails, gives message ids. */
export default ModuleProvider(Modules.NOTIFICATION, { services: [LocalEmailNotificationService] })
