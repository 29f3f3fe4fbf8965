/** One Set-Cookie header split into its `name=value` pair and its attributes (lower-cased names; flags are `true`). */
export function parseSetCookie(header: string): { pair: string; attrs: Map<string, string | true> } {
  const [pair, ...rest] = header.split(";").map((part) => part.trim())
  const attrs = new Map<string, string | true>()
  for (const part of rest) {
    const eq = part.indexOf("=")
    if (eq === -1) attrs.set(part.toLowerCase(), true)
    else attrs.set(part.slice(0, eq).toLowerCase(), part.slice(eq + 1))
  }
  return { pair, attrs }
}
