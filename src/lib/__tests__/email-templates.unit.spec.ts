import { renderEmail } from "../email-templates"

describe("rendering a notification for a provider that sends finished emails", () => {
  it("sends a notification's content as given", () => {
    expect(renderEmail({ template: "marketing-campaign", data: { subject: "ignored" }, content: { subject: "Hi", html: "<p>Hello <b>you</b></p>" } })).toEqual({
      subject: "Hi",
      html: "<p>Hello <b>you</b></p>",
      text: "Hello you",
    })
  })

  it("renders the order emails from their data, escaped", () => {
    const confirmation = renderEmail({
      template: "gallery-order-confirmation",
      data: { publicId: "GAL-1", total: 80.5, artistOrders: [{ items: [{ productName: "<Dawn>", quantity: 2, price: 34.99 }] }] },
    })
    expect(confirmation.subject).toBe("Your gallery order GAL-1")
    expect(confirmation.html).toContain("Total charged: $80.50.")
    expect(confirmation.html).toContain("<li>&lt;Dawn&gt; × 2 — $34.99</li>")
    expect(confirmation.text).toContain("- <Dawn> x 2: $34.99")

    // Shipping an artist charged (docs/shipping.md) is listed per artist; with none the email does not mention it.
    expect(confirmation.text).not.toContain("Shipping")
    const withShipping = renderEmail({
      template: "gallery-order-confirmation",
      data: {
        publicId: "GAL-2",
        total: 42.1,
        shipping: 8.5,
        artistOrders: [
          { artistName: "Studio North", shipping: 8.5, shippingMethod: "Tracked", items: [] },
          { artistName: "Studio East", shipping: 0, shippingMethod: null, items: [] },
        ],
      },
    })
    expect(withShipping.text).toContain("Shipping: $8.50 (Studio North, Tracked: $8.50).")
    const artistEmail = renderEmail({
      template: "gallery-artist-new-order",
      data: { publicId: "GAL-2", subtotal: 19.99, shipping: 8.5, shippingMethod: "Tracked", artistPayout: 26.09, items: [] },
    })
    expect(artistEmail.text).toContain("You have a new gallery order (GAL-2): $19.99, shipping $8.50 (Tracked), your payout $26.09.")

    const shipped = renderEmail({ template: "gallery-order-shipped", data: { artistName: "Studio North", publicId: "GAL-1", trackingUrl: "https://track.test/1", items: [] } })
    expect(shipped.subject).toBe("Your order from Studio North has shipped")
    expect(shipped.text).toContain("Track it: https://track.test/1")

    const store = renderEmail({ template: "store-order-confirmation", data: { storeName: "Studio North", total: 45.5, items: [] } })
    expect(store.subject).toBe("Your order from Studio North")
    expect(store.text).toContain("Total charged: $45.50.")
    expect(store.text).not.toContain("Shipping")

    // A store sale's shipping (docs/store-checkout.md "Shipping"): the customer sees it, the artist also where to ship.
    const shippingAddress = { name: "Ada Collector", line1: "12 Rue X", line2: null, city: "Lyon", state: "ARA", postal_code: "69001", country: "FR" }
    const storeShipped = { storeName: "Studio North", subtotal: 34.99, shipping: 8.5, shippingMethod: "Tracked", shippingAddress, total: 43.49, items: [] }
    expect(renderEmail({ template: "store-order-confirmation", data: storeShipped }).text).toContain(
      "Shipping: $8.50 (Tracked).\n\nTotal charged: $43.49."
    )
    const storeArtist = renderEmail({ template: "store-artist-new-order", data: { ...storeShipped, customerEmail: "a@b.test" } })
    expect(storeArtist.text).toContain("You have a new order in your store: $34.99, shipping $8.50 (Tracked) from a@b.test.")
    expect(storeArtist.text).toContain("Ship to: Ada Collector, 12 Rue X, Lyon, ARA 69001, FR.")
    const storeArtistFree = renderEmail({ template: "store-artist-new-order", data: { subtotal: 34.99, shipping: 0, customerEmail: "a@b.test", items: [] } })
    expect(storeArtistFree.text).toBe("You have a new order in your store: $34.99 from a@b.test.")

    const reminder = renderEmail({
      template: "store-cart-reminder",
      data: { subject: "Your cart", store_name: "North", total: 10, items: [{ title: "Print", quantity: 1, price: 10 }], unsubscribe_url: "https://a.test/u" },
    })
    expect(reminder.subject).toBe("Your cart")
    expect(reminder.html).toContain(`<a href="https://a.test/u">Unsubscribe</a>`)
  })

  it("tells the buyer where an artist will now ship, and whom to contact if they did not change it", () => {
    const address = { name: "Ada <Collector>", line1: "12 Gallery Road", line2: null, city: "Portland", state: "OR", postal_code: "97201", country: "US" }
    const changed = renderEmail({
      template: "gallery-address-changed",
      data: { publicId: "GAL-2026-AB12CD", artistName: "Studio North", firstAddress: false, shippingAddress: address },
    })
    expect(changed.subject).toBe("Shipping address for Studio North changed on order GAL-2026-AB12CD")
    expect(changed.text).toContain("Ada <Collector>, 12 Gallery Road, Portland, OR 97201, US")
    expect(changed.html).toContain("<p>Ada &lt;Collector&gt;, 12 Gallery Road, Portland, OR 97201, US</p>")
    expect(changed.text).toContain("If you did not make this change, contact the gallery right away, before Studio North ships.")
    const first = renderEmail({
      template: "gallery-address-changed",
      data: { publicId: "GAL-1", artistName: "Studio South", firstAddress: true, shippingAddress: { ...address, line2: "Apt 3" } },
    })
    expect(first.subject).toBe("Shipping address for Studio South set on order GAL-1")
    expect(first.text).toContain("12 Gallery Road, Apt 3, Portland")
  })

  it("lists the data of a template it does not know, under the data's subject", () => {
    const email = renderEmail({ template: "something-new", data: { subject: "Note", count: 3, nested: { x: 1 } } })
    expect(email.subject).toBe("Note")
    expect(email.text).toBe("subject: Note\n\ncount: 3")
  })
})
