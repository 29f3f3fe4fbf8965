import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

// Response bodies differ per route and the tests assert their shape, so they are untyped here.
type Body = any // eslint-disable-line @typescript-eslint/no-explicit-any
type Response = { status: number; data: Body; headers: Record<string, string | string[] | undefined> }

/** The axios client the Medusa HTTP test runner hands each suite. */
export type Api = {
  get: (url: string, config?: object) => Promise<Response>
  post: (url: string, body?: unknown, config?: object) => Promise<Response>
  patch: (url: string, body?: unknown, config?: object) => Promise<Response>
  delete: (url: string, config?: object) => Promise<Response>
  put: (url: string, body?: unknown, config?: object) => Promise<Response>
  request: (config: object) => Promise<Response>
}

/** Lets a test assert on error statuses instead of catching axios' throw. */
export const anyStatus = { validateStatus: () => true }

export const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` }, ...anyStatus })

/** A Medusa admin user (gallery administrator) with an emailpass login; returns its token. */
export async function createAdmin(container: MedusaContainer, api: Api, email: string, password = "secret-pass") {
  const userModule = container.resolve(Modules.USER)
  const authModule = container.resolve(Modules.AUTH)
  const user = await userModule.createUsers({ email })
  const { authIdentity } = await authModule.register("emailpass", { body: { email, password } })
  await authModule.updateAuthIdentities({ id: authIdentity!.id, app_metadata: { user_id: user.id } })
  return login(api, "user", email, password)
}

export async function login(api: Api, actor: "user" | "member", email: string, password: string): Promise<string> {
  const res = await api.post(`/auth/${actor}/emailpass`, { email, password }, anyStatus)
  if (res.status !== 200) throw new Error(`login ${actor} ${email} failed: ${res.status} ${JSON.stringify(res.data)}`)
  return res.data.token
}

/** An artist through the public registration flow: register, complete the member record, log in again. */
export async function registerMember(api: Api, email: string, password = "secret-pass") {
  const registered = await api.post("/auth/member/emailpass/register", { email, password }, anyStatus)
  if (registered.status !== 200) throw new Error(`register ${email}: ${registered.status}`)
  const created = await api.post("/api/members", { email, first_name: "Test" }, bearer(registered.data.token))
  if (created.status !== 201) throw new Error(`member ${email}: ${created.status} ${JSON.stringify(created.data)}`)
  return { member: created.data.member, token: await login(api, "member", email, password) }
}

/** An organization created by a member (who becomes its owner). */
export async function createOrganization(api: Api, token: string, name: string, slug: string) {
  const res = await api.post("/api/organizations", { name, slug }, bearer(token))
  if (res.status !== 201) throw new Error(`organization ${slug}: ${res.status} ${JSON.stringify(res.data)}`)
  return res.data.organization
}

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"))
}
