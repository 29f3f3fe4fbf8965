import { toCents } from "../../lib/money"
import { storedDays, type ShippingRate } from "../../lib/shipping-rates"
import { toKnex, type PgSource } from "../pg"

/**
 * SQL over Medusa's stock location, fulfilment, pricing and inventory tables for the artists' shipping
 * (docs/shipping.md): where an organization ships from, its rates as the dashboard edits them, and the stock of its
 * products held at other locations (what the move to its own location moves). The hot-path read of the rates for a
 * checkout is src/queries/medusa/shipping-quotes.ts.
 */

// ------------------------------------------------------------------------------------------------------------
// Where an organization ships from

export type ShippingOriginAddress = {
  address_1: string | null
  address_2: string | null
  city: string | null
  province: string | null
  postal_code: string | null
  country_code: string | null
  phone: string | null
}

export type OrganizationShippingLocation = {
  location_id: string
  name: string
  /** The location's shipping fulfilment set, where the rates' service zones are; null when it has none. */
  fulfillment_set_id: string | null
  /** The ships-from address (country upper-case); null before one is set. */
  address: ShippingOriginAddress | null
}

const ORGANIZATION_LOCATION_SQL = `
  SELECT sl.id AS location_id, sl.name, fs.id AS fulfillment_set_id, a.id AS address_id,
         a.address_1, a.address_2, a.city, a.province, a.postal_code, upper(a.country_code) AS country_code, a.phone
  FROM organization_organization_stock_location_stock_location osl
  JOIN stock_location sl ON sl.id = osl.stock_location_id AND sl.deleted_at IS NULL
  LEFT JOIN stock_location_address a ON a.id = sl.address_id AND a.deleted_at IS NULL
  LEFT JOIN LATERAL (
    SELECT f.id FROM location_fulfillment_set lfs
    JOIN fulfillment_set f ON f.id = lfs.fulfillment_set_id AND f.deleted_at IS NULL AND f.type = 'shipping'
    WHERE lfs.stock_location_id = sl.id AND lfs.deleted_at IS NULL
    ORDER BY f.created_at, f.id LIMIT 1
  ) fs ON true
  WHERE osl.organization_id = ? AND osl.deleted_at IS NULL
  ORDER BY osl.created_at LIMIT 1`

/** The organization's own stock location (src/links/organization-stock-location.ts); null when it has none. */
export async function getOrganizationShippingLocation(source: PgSource, organizationId: string): Promise<OrganizationShippingLocation | null> {
  const { rows } = await toKnex(source).raw(ORGANIZATION_LOCATION_SQL, [organizationId])
  const row = rows[0] as (ShippingOriginAddress & { location_id: string; name: string; fulfillment_set_id: string | null; address_id: string | null }) | undefined
  if (!row) return null
  const { location_id, name, fulfillment_set_id, address_id, ...address } = row
  return { location_id, name, fulfillment_set_id, address: address_id ? address : null }
}

// ------------------------------------------------------------------------------------------------------------
// The rates as the dashboard edits them

/** A stored rate with the Medusa records it is made of. */
export type StoredShippingRate = ShippingRate & {
  service_zone_id: string
  service_zone_name: string
  created_at: string
  updated_at: string
}

const ORGANIZATION_RATES_SQL = `
  SELECT so.id, so.name, so.service_zone_id, sz.name AS service_zone_name, so.created_at, so.updated_at,
         coalesce((so.data->>'rest_of_world')::boolean, false) AS rest_of_world,
         so.data->>'additional_item_amount' AS additional_item_amount,
         so.data->>'min_delivery_days' AS min_delivery_days,
         so.data->>'max_delivery_days' AS max_delivery_days,
         (SELECT p.amount FROM price p
           WHERE p.price_set_id = sops.price_set_id AND p.currency_code = 'usd' AND p.rules_count = 0
             AND p.price_list_id IS NULL AND p.deleted_at IS NULL
           ORDER BY p.created_at LIMIT 1) AS first_item_amount,
         (SELECT min(pr.value::numeric) FROM price p
           JOIN price_rule pr ON pr.price_id = p.id AND pr.deleted_at IS NULL
           WHERE p.price_set_id = sops.price_set_id AND p.currency_code = 'usd' AND p.amount = 0
             AND p.price_list_id IS NULL AND p.deleted_at IS NULL AND pr.attribute = 'item_total' AND pr.operator = 'gte'
         ) AS free_shipping_threshold,
         ARRAY(SELECT DISTINCT upper(gz.country_code) FROM geo_zone gz
                WHERE gz.service_zone_id = sz.id AND gz.deleted_at IS NULL ORDER BY 1) AS zone_countries
  FROM organization_organization_stock_location_stock_location osl
  JOIN location_fulfillment_set lfs ON lfs.stock_location_id = osl.stock_location_id AND lfs.deleted_at IS NULL
  JOIN fulfillment_set fs ON fs.id = lfs.fulfillment_set_id AND fs.deleted_at IS NULL
  JOIN service_zone sz ON sz.fulfillment_set_id = fs.id AND sz.deleted_at IS NULL
  JOIN shipping_option so ON so.service_zone_id = sz.id AND so.deleted_at IS NULL AND so.data->>'atelier_rate' = '1'
  LEFT JOIN shipping_option_price_set sops ON sops.shipping_option_id = so.id AND sops.deleted_at IS NULL
  WHERE osl.organization_id = ? AND osl.deleted_at IS NULL`

type RateRow = {
  id: string
  name: string
  service_zone_id: string
  service_zone_name: string
  created_at: Date | string
  updated_at: Date | string
  rest_of_world: boolean
  additional_item_amount: string | null
  min_delivery_days: string | null
  max_delivery_days: string | null
  first_item_amount: string | null
  free_shipping_threshold: string | null
  zone_countries: string[]
}

const iso = (value: Date | string) => new Date(value).toISOString()

function storedRate(row: RateRow): StoredShippingRate {
  return {
    id: row.id,
    name: row.name,
    // A rest-of-world rate names no country: its zone holds whatever the other rates leave (restOfWorldCountries).
    countries: row.rest_of_world ? [] : row.zone_countries,
    restOfWorld: row.rest_of_world,
    firstItemCents: toCents(Number(row.first_item_amount ?? 0)),
    additionalItemCents: toCents(Number(row.additional_item_amount ?? 0)),
    freeShippingThresholdCents: row.free_shipping_threshold === null ? null : toCents(Number(row.free_shipping_threshold)),
    minDeliveryDays: storedDays(row.min_delivery_days),
    maxDeliveryDays: storedDays(row.max_delivery_days),
    service_zone_id: row.service_zone_id,
    service_zone_name: row.service_zone_name,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
}

/** Every rate of the organization, oldest first (ONE statement). */
export async function listOrganizationShippingRates(source: PgSource, organizationId: string): Promise<StoredShippingRate[]> {
  const { rows } = await toKnex(source).raw(`${ORGANIZATION_RATES_SQL} ORDER BY so.created_at, so.id`, [organizationId])
  return (rows as RateRow[]).map(storedRate)
}

/** One rate of the organization; null when the organization has no rate of that id (another's is null too). */
export async function getOrganizationShippingRate(
  source: PgSource,
  organizationId: string,
  rateId: string
): Promise<StoredShippingRate | null> {
  const { rows } = await toKnex(source).raw(`${ORGANIZATION_RATES_SQL} AND so.id = ?`, [organizationId, rateId])
  return rows[0] ? storedRate(rows[0] as RateRow) : null
}

// ------------------------------------------------------------------------------------------------------------
// Stock held elsewhere

export type MisplacedInventoryLevel = {
  inventory_item_id: string
  location_id: string
  stocked_quantity: number
  reserved_quantity: number
  incoming_quantity: number
}

const LEVELS_OUTSIDE_SQL = `
  SELECT DISTINCT il.inventory_item_id, il.location_id, il.stocked_quantity, il.reserved_quantity, il.incoming_quantity
  FROM artist_product ap
  JOIN organization_artist_product_product_product apl ON apl.artist_product_id = ap.id AND apl.deleted_at IS NULL
  JOIN product_variant pv ON pv.product_id = apl.product_id AND pv.deleted_at IS NULL
  JOIN product_variant_inventory_item pvi ON pvi.variant_id = pv.id AND pvi.deleted_at IS NULL
  JOIN inventory_level il ON il.inventory_item_id = pvi.inventory_item_id AND il.deleted_at IS NULL
  WHERE ap.organization_id = ? AND ap.deleted_at IS NULL AND il.location_id <> ?
  ORDER BY il.inventory_item_id, il.location_id`

/**
 * The inventory levels of the organization's products (their variants' inventory items) at any location but
 * `locationId`: what is stocked or reserved elsewhere than where the organization ships from.
 */
export async function listInventoryLevelsOutside(
  source: PgSource,
  organizationId: string,
  locationId: string
): Promise<MisplacedInventoryLevel[]> {
  const { rows } = await toKnex(source).raw(LEVELS_OUTSIDE_SQL, [organizationId, locationId])
  return (
    rows as { inventory_item_id: string; location_id: string; stocked_quantity: string; reserved_quantity: string; incoming_quantity: string }[]
  ).map((row) => ({
    inventory_item_id: row.inventory_item_id,
    location_id: row.location_id,
    stocked_quantity: Number(row.stocked_quantity),
    reserved_quantity: Number(row.reserved_quantity),
    incoming_quantity: Number(row.incoming_quantity),
  }))
}
