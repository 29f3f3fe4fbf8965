import { fromEtsyListing, fromGumroadProduct, htmlToText } from "../channel-listings"

describe("Etsy listings as draft products", () => {
  const listing = {
    listing_id: 1234567890,
    title: "  Fjord at Dawn  ",
    description: "Hand-pulled print.\nSigned.",
    quantity: 7,
    price: { amount: 4599, divisor: 100, currency_code: "USD" },
    images: [{ url_fullxfull: "https://i.etsystatic.com/a.jpg" }, { url_fullxfull: "javascript:alert(1)" }, {}],
  }

  it("keeps title, description, USD price, images and quantity", () => {
    expect(fromEtsyListing(listing)).toEqual({
      listing_id: "1234567890",
      title: "Fjord at Dawn",
      description: "Hand-pulled print.\nSigned.",
      price: 45.99,
      images: ["https://i.etsystatic.com/a.jpg"],
      quantity: 7,
    })
  })

  it("rounds a finer divisor half-up to the cent, and leaves other currencies unpriced", () => {
    expect(fromEtsyListing({ ...listing, price: { amount: 12345, divisor: 1000, currency_code: "USD" } })?.price).toBe(12.35)
    expect(fromEtsyListing({ ...listing, price: { amount: 4599, divisor: 100, currency_code: "EUR" } })?.price).toBeNull()
    expect(fromEtsyListing({ ...listing, price: "45.99" })?.price).toBeNull()
  })

  it("skips a listing without an id or a title; strips NUL; bounds the title", () => {
    expect(fromEtsyListing({ ...listing, listing_id: undefined })).toBeNull()
    expect(fromEtsyListing({ ...listing, title: "   " })).toBeNull()
    expect(fromEtsyListing(null)).toBeNull()
    expect(fromEtsyListing({ ...listing, title: "A\u0000B" })?.title).toBe("AB")
    expect(fromEtsyListing({ ...listing, title: "x".repeat(500) })?.title).toHaveLength(200)
    expect(fromEtsyListing({ ...listing, quantity: -1 })?.quantity).toBe(0)
  })
})

describe("Gumroad products as draft products", () => {
  const product = {
    id: "A-m3CDDC5dlrSdKZp0RFhA==",
    name: "Brush pack",
    description: "<p>Forty <b>brushes</b> &amp; a guide.</p><p>Line two<br>and three</p><script>x()</script>",
    price: 1500,
    currency: "usd",
    preview_url: "https://public-files.gumroad.com/preview.png",
    thumbnail_url: "https://public-files.gumroad.com/thumb.png",
    max_purchase_count: null,
  }

  it("keeps name, description as text, price from cents, both images, unlimited quantity", () => {
    expect(fromGumroadProduct(product)).toEqual({
      listing_id: "A-m3CDDC5dlrSdKZp0RFhA==",
      title: "Brush pack",
      description: "Forty brushes & a guide.\nLine two\nand three",
      price: 15,
      images: ["https://public-files.gumroad.com/preview.png", "https://public-files.gumroad.com/thumb.png"],
      quantity: null,
    })
  })

  it("counts a purchase limit as stock; other currencies stay unpriced", () => {
    expect(fromGumroadProduct({ ...product, max_purchase_count: 25 })?.quantity).toBe(25)
    expect(fromGumroadProduct({ ...product, currency: "eur" })?.price).toBeNull()
    expect(fromGumroadProduct({ ...product, id: "bad id with spaces" })).toBeNull()
  })

  it("htmlToText decodes entities once and never leaves tags", () => {
    expect(htmlToText("&lt;b&gt; &amp;amp; <i>x</i>")).toBe("<b> &amp; x")
    expect(htmlToText("a<style>p{}</style>b")).toBe("ab")
  })
})
