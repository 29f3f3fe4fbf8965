import { countGalleryCheckoutPaid, countRateLimitRefusal, metrics, observeHttpRequest } from ".."

async function value(name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  const metric = metrics().registry.getSingleMetric(name)
  if (!metric) return undefined
  const { values } = await metric.get()
  const found = values.find((v) => Object.entries(labels).every(([k, l]) => String(v.labels[k]) === l))
  return found?.value
}

describe("the process's instruments", () => {
  it("is one registry per process, whichever copy of the module asks", () => {
    expect(metrics()).toBe(metrics())
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("atelier.metrics")]).toBe(metrics())
  })

  it("counts a request under its family and status class, never its path", async () => {
    const count = 'atelier_http_request_duration_seconds_count{family="/api/gallery",status_class="4xx"}'
    expect(await metrics().registry.metrics()).toContain(`${count} 0`)
    observeHttpRequest("/api/gallery/orders/gord_01SECRET?x=1", 404, 0.012)
    const text = await metrics().registry.metrics()
    expect(text).toContain(`${count} 1`)
    expect(text).toContain('atelier_http_request_duration_seconds_bucket{le="0.025",family="/api/gallery",status_class="4xx"} 1')
    expect(text).toContain('atelier_http_request_duration_seconds_count{family="/v1",status_class="5xx"} 0')
    expect(text).not.toContain("gord_01SECRET")
  })

  it("counts refusals by limiter, and paid checkouts with their money", async () => {
    countRateLimitRefusal("app-anonymous")
    countRateLimitRefusal("app-anonymous")
    expect(await value("atelier_rate_limit_refusals_total", { limiter: "app-anonymous" })).toBe(2)
    countGalleryCheckoutPaid(12345)
    countGalleryCheckoutPaid(100)
    expect(await value("atelier_gallery_checkouts_paid_total")).toBe(2)
    expect(await value("atelier_gallery_checkouts_paid_usd_total")).toBeCloseTo(124.45, 10)
  })
})
