// Showing an API error next to the form field it is about. Atelier names the field in the error (the SDK's
// `AtelierApiError.field`: `email`, `shippingAddress`, `shippingAddress.city`); a form maps those names onto its
// own fields and shows anything else above the form.

type ApiErrorLike = Error & { field?: string | null }

export type FormErrors = { fields: Record<string, string>; form: string | null }

export const noErrors: FormErrors = { fields: {}, form: null }

/**
 * Places `error` on the form field its `field` names: an exact entry of `fields`, else the longest entry that is a
 * dotted prefix of it (`shippingAddress` for `shippingAddress.city`). Unknown fields, and errors without one, go to
 * the form.
 */
export function formErrorsOf(error: unknown, fields: readonly string[]): FormErrors {
  const message = error instanceof Error ? error.message : String(error)
  const field = (error as ApiErrorLike | null)?.field ?? null
  if (!field) return { fields: {}, form: message }
  const match = fields.includes(field)
    ? field
    : [...fields].sort((a, b) => b.length - a.length).find((name) => field.startsWith(`${name}.`))
  return match ? { fields: { [match]: message }, form: null } : { fields: {}, form: message }
}
