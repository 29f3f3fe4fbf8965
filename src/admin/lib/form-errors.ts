import type { ApiError } from "./api"

/**
 * Where a form shows an API error: next to the field the API named (X-Error-Field, e.g. `rules`, `items.0.position`),
 * mapped onto the form's own field names, else above the form. Pure.
 */
export type FormErrors<F extends string> = { fields: Partial<Record<F, string>>; form: string | null }

export const NO_ERRORS = { fields: {}, form: null } as const

/**
 * `aliases` maps API field paths (their first segment) to the form's fields, for forms whose inputs are named
 * differently from the body (`manualInclusions` shown in the rules editor, say). Unknown fields land on the form.
 */
export function formErrorsOf<F extends string>(
  error: Pick<ApiError, "message" | "field"> | null | undefined,
  fields: readonly F[],
  aliases: Partial<Record<string, F>> = {}
): FormErrors<F> {
  if (!error) return { fields: {}, form: null }
  const head = error.field ? error.field.split(".")[0] : null
  const target = head ? (aliases[head] ?? (fields as readonly string[]).find((f) => f === head)) : undefined
  if (target) return { fields: { [target]: error.message } as Partial<Record<F, string>>, form: null }
  return { fields: {}, form: error.message }
}
