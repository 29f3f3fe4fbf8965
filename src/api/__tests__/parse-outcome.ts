import type { z } from "@medusajs/framework/zod"
import { parseInput } from "../utils/validation"

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string; field?: string }

/** What parseInput makes of `raw`: the parsed value, or the 400's message and field. */
export async function outcome<S extends z.ZodType>(schema: S, raw: unknown): Promise<Outcome<z.output<S>>> {
  try {
    return { ok: true, value: await parseInput(schema, raw) }
  } catch (error) {
    const e = error as { message: string; field?: string; type?: string }
    if (e.type !== "invalid_data") throw error
    return e.field === undefined ? { ok: false, message: e.message } : { ok: false, message: e.message, field: e.field }
  }
}

/** The 400 message for `raw`, or null when it parses. */
export async function messageOf<S extends z.ZodType>(schema: S, raw: unknown): Promise<string | null> {
  const result = await outcome(schema, raw)
  return result.ok ? null : result.message
}
