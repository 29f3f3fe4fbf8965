// The name of Medusa's store (its admin's header, Medusa's own emails and APIs): Atelier. Pure.

export const ATELIER_STORE_NAME = "Atelier"

/** What Medusa names the store it creates at its first boot. */
export const MEDUSA_DEFAULT_STORE_NAME = "Medusa Store"

/** The name to give a store called `current`: Atelier in place of Medusa's default; null to keep a chosen name. */
export function storeRename(current: string | null | undefined): string | null {
  const name = current?.trim() ?? ""
  return name === "" || name === MEDUSA_DEFAULT_STORE_NAME ? ATELIER_STORE_NAME : null
}
