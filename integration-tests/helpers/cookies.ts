import { anyStatus } from "./accounts"
import { parseSetCookie } from "./set-cookie"

export type ParsedCookie = { value: string; attrs: Map<string, string | true> }

type WithHeaders = { headers: Record<string, unknown> }

/** The `name` cookie a response sets, parsed: value and attributes (lower-cased names); null when it sets none. */
export function responseCookie(res: WithHeaders, name: string): ParsedCookie | null {
  const raw = res.headers["set-cookie"] as string[] | string | undefined
  const headers = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]
  const header = headers.find((h) => h.startsWith(`${name}=`))
  if (!header) return null
  const { pair, attrs } = parseSetCookie(header)
  return { value: pair.slice(name.length + 1), attrs }
}

/** Request config sending one cookie (and accepting any status). */
export const withCookie = (name: string, value: string) => ({ headers: { cookie: `${name}=${value}` }, ...anyStatus })
