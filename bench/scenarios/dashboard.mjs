// The creator dashboard's product list against Medusa's admin product list (the same kind of page: an owner's
// products with variants and prices), each with its own token.
import { client } from "../lib/http.mjs"
import { autocannonRun } from "../lib/load.mjs"

const DEMO_PASSWORD = "atelier-demo"

/** A member token (studio-north's owner) for /api/products and an administrator token for /admin/products. */
export async function setupDashboard({ baseUrl }) {
  const call = client(baseUrl)
  const member = await call("POST", "/auth/member/emailpass", { body: { email: "north@atelier.test", password: DEMO_PASSWORD } })
  const admin = await call("POST", "/auth/user/emailpass", { body: { email: "admin@atelier.test", password: DEMO_PASSWORD } })
  return { memberToken: member.token, adminToken: admin.token }
}

/** GET /api/products?limit=20 (member token; the member's only organization). */
export function dashboardProductList(ctx, { baseUrl, concurrency, durationS }) {
  return autocannonRun({
    url: `${baseUrl}/api/products?limit=20`,
    headers: { authorization: `Bearer ${ctx.memberToken}` },
    connections: concurrency,
    durationS,
  })
}

/** GET /admin/products?limit=20 (administrator token; Medusa's default fields). */
export function adminProductList(ctx, { baseUrl, concurrency, durationS }) {
  return autocannonRun({
    url: `${baseUrl}/admin/products?limit=20`,
    headers: { authorization: `Bearer ${ctx.adminToken}` },
    connections: concurrency,
    durationS,
  })
}
