// Text that PostgreSQL can store: no NUL character (text and jsonb refuse it) and no unpaired UTF-16 surrogate
// (not valid Unicode: the driver would silently replace it, jsonb refuses its escape). Pure: no I/O.

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Whether a string holds neither a NUL character nor an unpaired surrogate. */
export function isSafeText(value: string): boolean {
  return !UNSAFE.test(value)
}

/**
 * The path of the first unsafe string (value or object key) anywhere in a parsed JSON value or query object, or
 * null when there is none. Iterative, so a deeply nested body cannot overflow the stack. Paths read `a.b.0`.
 */
export function findUnsafeText(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: "" }]
  while (stack.length) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string }
    if (typeof current === "string") {
      if (!isSafeText(current)) return path
      continue
    }
    if (current === null || typeof current !== "object") continue
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [String(index), item])
      : Object.entries(current as Record<string, unknown>)
    // Pushed in reverse so the first field is looked at first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]
      const itemPath = path ? `${path}.${key}` : key
      if (!isSafeText(key)) return itemPath
      stack.push({ value: item, path: itemPath })
    }
  }
  return null
}
