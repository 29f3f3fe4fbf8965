import type { OrganizationShippingLocation } from "../../../queries/medusa/shipping-rates"

/** Where the organization ships from, as the dashboard shows it: its stock location and address (nulls before one is set). */
export function shippingOriginView(location: OrganizationShippingLocation) {
  const address = location.address
  return {
    location_id: location.location_id,
    name: location.name,
    address_1: address?.address_1 ?? null,
    address_2: address?.address_2 ?? null,
    city: address?.city ?? null,
    province: address?.province ?? null,
    postal_code: address?.postal_code ?? null,
    /** ISO 3166-1 alpha-2, upper-case. */
    country_code: address?.country_code ?? null,
    phone: address?.phone ?? null,
  }
}
