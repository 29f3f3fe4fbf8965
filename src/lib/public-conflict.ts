// A 409 whose message is meant for the caller ("Campaign has already been sent"). Medusa's error handler words every
// CONFLICT with one generic sentence (its own conflicts can describe internals), so Atelier's global error handler
// keeps the message only of conflicts made here. The marker is an own property, so it survives a workflow step's
// error serialisation.
import { MedusaError } from "@medusajs/framework/utils"

export function conflictError(message: string): MedusaError {
  return Object.assign(new MedusaError(MedusaError.Types.CONFLICT, message), { publicConflict: true })
}

export function isPublicConflict(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { publicConflict?: unknown }).publicConflict === true
}
