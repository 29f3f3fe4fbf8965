/** What to log or record of a thrown value: its `message` when it has one, else its string form. */
export function errorMessage(error: unknown): string {
  const message = (error as { message?: unknown } | null | undefined)?.message
  return typeof message === "string" ? message : String(error)
}
