import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { MARKETING_MODULE } from "../../../../modules/marketing"
import type MarketingModuleService from "../../../../modules/marketing/service"
import type { UnsubscribeTarget } from "../../../../lib/unsubscribe-token"
import { unsubscribeFromStoreWorkflow } from "../../../../workflows/store-cart-recovery/workflows/unsubscribe-from-store"

export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is invalid"

const PAGE_STYLE =
  "body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111}" +
  "button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #111;background:#111;color:#fff;cursor:pointer}"

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${title}</title><style>${PAGE_STYLE}</style></head><body><h1>${title}</h1>${body}</body></html>`
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string)

function readTarget(req: MedusaRequest): UnsubscribeTarget {
  const marketing: MarketingModuleService = req.scope.resolve(MARKETING_MODULE)
  const target = marketing.readUnsubscribeToken(String(req.params.token ?? ""))
  if (!target) throw new MedusaError(MedusaError.Types.INVALID_DATA, INVALID_UNSUBSCRIBE_LINK)
  return target
}

/**
 * GET /api/unsubscribe/{token}: a small confirmation page whose button POSTs to the same address. A GET changes
 * nothing (mail scanners open links); 400 page for a token this server did not sign.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  let target: UnsubscribeTarget
  try {
    target = readTarget(req)
  } catch {
    res.status(400).type("html").send(page("Invalid link", `<p>${INVALID_UNSUBSCRIBE_LINK}.</p>`))
    return
  }
  res.type("html").send(
    page(
      "Unsubscribe",
      `<p>Stop emails from this store to <strong>${escapeHtml(target.email)}</strong>?</p>` +
        `<form method="post"><button type="submit">Unsubscribe</button></form>`
    )
  )
}

/**
 * POST /api/unsubscribe/{token}: the one-click unsubscribe of RFC 8058 (mail clients POST `List-Unsubscribe=One-Click`)
 * and the confirmation page's button. No login: the signed token is the credential. Idempotent. 400 for a token this
 * server did not sign (tampered or malformed). Answers a page to browsers, `{success, email}` otherwise.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const target = readTarget(req)
  await unsubscribeFromStoreWorkflow(req.scope).run({ input: target })
  if (req.accepts(["json", "html"]) === "html") {
    res.type("html").send(page("Unsubscribed", `<p>${escapeHtml(target.email)} will get no more emails from this store.</p>`))
    return
  }
  res.json({ success: true, email: target.email })
}
