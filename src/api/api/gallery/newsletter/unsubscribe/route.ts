import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { unsubscribeFromNewsletterWorkflow } from "../../../../../workflows/newsletter/workflows/unsubscribe-from-newsletter"
import type { UnsubscribeBody } from "../validators"

/**
 * POST /api/gallery/newsletter/unsubscribe {email} (spec 4.7). No Authorization; sends no email.
 *
 * Deactivates the subscriber (isActive false, unsubscribedAt set; the record is kept). Unsubscribing an already
 * unsubscribed email succeeds again and keeps its first unsubscription time.
 * Errors: 400 Email is required; 404 Email not found.
 */
export async function POST(req: MedusaRequest<UnsubscribeBody>, res: MedusaResponse) {
  const { email } = req.validatedBody
  await unsubscribeFromNewsletterWorkflow(req.scope).run({ input: { email, at: new Date().toISOString() } })
  res.json({ success: true })
}
