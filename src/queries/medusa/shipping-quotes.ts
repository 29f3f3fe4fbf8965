import type { ArtistShippingQuote } from "../../lib/gallery-checkout"
import { estimateOf, quoteArtistShipping, type ArtistCartPart, type QuotableRate } from "../../lib/shipping-rates"
import { toCents } from "../../lib/money"
import { preparedStatement, runPrepared, toKnex, type PgSource } from "../pg"

/**
 * Every shipping rate of a set of organizations, each with whether its zone covers that organization's destination
 * (docs/shipping.md). Bindings: organization ids (text[]) and their destinations (text[], lower-case ISO codes, ''
 * for none), pairwise. A rate is a shipping option written by the dashboard (`data.atelier_rate`) in a service zone of
 * a fulfilment set at the organization's stock location (src/links/organization-stock-location.ts): its USD price
 * without rules is the first item's amount, a 0 price under an `item_total >= x` rule makes it free from x. Every
 * join goes by an index (the link table's organization_id, location_fulfillment_set's stock_location_id, the
 * service zones' fulfillment_set_id, the options' service_zone_id, shipping_option_price_set's shipping_option_id,
 * the prices' price_set_id and the price rules' price_id); a destination is one lookup in the zone's geo zones.
 */
export const ARTIST_SHIPPING_RATES_SQL = `
  SELECT d.organization_id, so.id, so.name,
         so.data->>'additional_item_amount' AS additional_item_amount,
         so.data->>'min_delivery_days' AS min_delivery_days,
         so.data->>'max_delivery_days' AS max_delivery_days,
         base.amount AS first_item_amount,
         free.threshold AS free_shipping_threshold,
         EXISTS (
           SELECT 1 FROM geo_zone gz
           WHERE gz.service_zone_id = sz.id AND gz.country_code = d.country AND gz.deleted_at IS NULL
         ) AS ships_to_destination
  FROM unnest(?::text[], ?::text[]) AS d(organization_id, country)
  JOIN organization_organization_stock_location_stock_location osl
    ON osl.organization_id = d.organization_id AND osl.deleted_at IS NULL
  JOIN location_fulfillment_set lfs ON lfs.stock_location_id = osl.stock_location_id AND lfs.deleted_at IS NULL
  JOIN fulfillment_set fs ON fs.id = lfs.fulfillment_set_id AND fs.deleted_at IS NULL
  JOIN service_zone sz ON sz.fulfillment_set_id = fs.id AND sz.deleted_at IS NULL
  JOIN shipping_option so ON so.service_zone_id = sz.id AND so.deleted_at IS NULL AND so.data->>'atelier_rate' = '1'
  JOIN shipping_option_price_set sops ON sops.shipping_option_id = so.id AND sops.deleted_at IS NULL
  LEFT JOIN LATERAL (
    SELECT p.amount FROM price p
    WHERE p.price_set_id = sops.price_set_id AND p.currency_code = 'usd' AND p.rules_count = 0
      AND p.price_list_id IS NULL AND p.deleted_at IS NULL
    ORDER BY p.created_at LIMIT 1
  ) base ON true
  LEFT JOIN LATERAL (
    SELECT min(pr.value::numeric) AS threshold FROM price p
    JOIN price_rule pr ON pr.price_id = p.id AND pr.deleted_at IS NULL
    WHERE p.price_set_id = sops.price_set_id AND p.currency_code = 'usd' AND p.amount = 0 AND p.price_list_id IS NULL
      AND p.deleted_at IS NULL AND pr.attribute = 'item_total' AND pr.operator = 'gte'
  ) free ON true
  WHERE base.amount IS NOT NULL`

const ARTIST_SHIPPING_RATES = preparedStatement("artist_shipping_rates", ARTIST_SHIPPING_RATES_SQL)

type RateRow = {
  organization_id: string
  id: string
  name: string
  additional_item_amount: string | null
  min_delivery_days: string | null
  max_delivery_days: string | null
  first_item_amount: string
  free_shipping_threshold: string | null
  ships_to_destination: boolean
}

/** One artist's part of a cart and where it ships to (null: not known yet). */
export type ShippingDestination = ArtistCartPart & { orgId: string; country: string | null }

/**
 * Each artist's shipping quote for their destination (docs/shipping.md), by organization id: the options offered
 * there priced for their part of the cart, cheapest first, or none (`hasRates` with no options: the artist does not
 * ship there; `hasRates` false: the artist has no rates and ships free). ONE statement for all the artists, whatever
 * their number; a destination of null finds no option (the caller asks for a country). One entry per organization.
 */
export async function loadArtistShippingQuotes(
  source: PgSource,
  destinations: readonly ShippingDestination[]
): Promise<Map<string, ArtistShippingQuote>> {
  const quotes = new Map<string, ArtistShippingQuote>()
  if (!destinations.length) return quotes
  const { rows } = await runPrepared(toKnex(source), ARTIST_SHIPPING_RATES, [
    destinations.map((d) => d.orgId),
    destinations.map((d) => (d.country ?? "").toLowerCase()),
  ])
  const ratesByOrg = new Map<string, QuotableRate[]>()
  for (const row of rows as RateRow[]) {
    const rates = ratesByOrg.get(row.organization_id) ?? []
    rates.push({
      id: row.id,
      name: row.name,
      firstItemCents: toCents(Number(row.first_item_amount)),
      additionalItemCents: toCents(Number(row.additional_item_amount ?? 0)),
      freeShippingThresholdCents: row.free_shipping_threshold === null ? null : toCents(Number(row.free_shipping_threshold)),
      estimate: estimateOf(row.min_delivery_days, row.max_delivery_days),
      shipsToDestination: row.ships_to_destination,
    })
    ratesByOrg.set(row.organization_id, rates)
  }
  for (const destination of destinations) {
    quotes.set(destination.orgId, quoteArtistShipping(ratesByOrg.get(destination.orgId) ?? [], destination))
  }
  return quotes
}
