// Lookups in the benchmarks' scratch database with the demo data.

/** The sales channel of the demo organization `slug` (its store's Medusa orders live there). */
export async function organizationSalesChannel(sql, slug) {
  const { rows } = await sql(
    `SELECT osc.sales_channel_id FROM organization o
       JOIN organization_organization_sales_channel_sales_channel osc ON osc.organization_id = o.id AND osc.deleted_at IS NULL
      WHERE o.slug = $1`,
    [slug]
  )
  return rows[0].sales_channel_id
}
