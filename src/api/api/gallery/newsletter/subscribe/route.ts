import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { subscribeToNewsletterWorkflow } from "../../../../../workflows/newsletter/workflows/subscribe-to-newsletter"
import type { SubscribeBody } from "../validators"

/**
 * POST /api/gallery/newsletter/subscribe {email, firstName?, lastName?} (spec 4.7). No Authorization; sends no email.
 *
 * Creates the subscriber, or returns the existing record of that email (compared case-insensitively) with isActive
 * true: an active one unchanged (original subscribedAt), an unsubscribed one reactivated (new subscribedAt).
 * 200 in both cases. Errors: 400 Email is required; 400 Invalid email address.
 */
export async function POST(req: MedusaRequest<SubscribeBody>, res: MedusaResponse) {
  const input = req.validatedBody
  const { result } = await subscribeToNewsletterWorkflow(req.scope).run({
    input: { ...input, at: new Date().toISOString() },
  })
  const { subscriber } = result
  res.json({
    success: true,
    subscriber: {
      id: subscriber.id,
      email: subscriber.email,
      isActive: subscriber.is_active,
      subscribedAt: subscriber.subscribed_at,
    },
  })
}
