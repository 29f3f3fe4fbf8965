import {
  checkImageUpload,
  detectImageType,
  IMAGE_MESSAGES,
  imageSrcSet,
  imageUploadMaxBytes,
  isServableImageKey,
  isServedImageUrl,
  parseImageWidth,
  sizedImageUrl,
  uploadFilename,
} from "../images"

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])))

const PNG = bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, "IHDR")
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, "JFIF")
const GIF87 = bytes("GIF87a", 1, 0, 1, 0)
const GIF89 = bytes("GIF89a", 1, 0, 1, 0)
const WEBP = bytes("RIFF", 0x24, 0, 0, 0, "WEBPVP8 ")
const MB = 1024 * 1024

describe("detectImageType", () => {
  it("tells the four types apart by their first bytes", () => {
    expect(detectImageType(PNG)).toBe("png")
    expect(detectImageType(JPEG)).toBe("jpeg")
    expect(detectImageType(GIF87)).toBe("gif")
    expect(detectImageType(GIF89)).toBe("gif")
    expect(detectImageType(WEBP)).toBe("webp")
  })

  it("knows nothing else: SVG, HTML, PDF, a RIFF that is not WebP, truncated signatures, nothing", () => {
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(detectImageType(bytes("<!doctype html><script>"))).toBeNull()
    expect(detectImageType(bytes("%PDF-1.7"))).toBeNull()
    expect(detectImageType(bytes("RIFF", 0x24, 0, 0, 0, "WAVEfmt "))).toBeNull()
    expect(detectImageType(bytes(0x89, "PNG"))).toBeNull()
    expect(detectImageType(bytes(0xff, 0xd8))).toBeNull()
    expect(detectImageType(bytes("GIF8"))).toBeNull()
    expect(detectImageType(new Uint8Array())).toBeNull()
  })
})

describe("checkImageUpload", () => {
  const check = (file: { declaredType?: string; bytes: Uint8Array; size?: number }, max = 5 * MB) =>
    checkImageUpload({ ...file, size: file.size ?? file.bytes.length }, max)

  it("accepts the four types by their bytes, declared as any image type or as nothing telling", () => {
    expect(check({ declaredType: "image/png", bytes: PNG })).toEqual({ ok: true, type: "png" })
    expect(check({ declaredType: "image/jpeg", bytes: JPEG })).toEqual({ ok: true, type: "jpeg" })
    expect(check({ declaredType: "image/jpg", bytes: JPEG })).toEqual({ ok: true, type: "jpeg" })
    expect(check({ declaredType: "image/webp", bytes: WEBP })).toEqual({ ok: true, type: "webp" })
    expect(check({ declaredType: "image/gif", bytes: GIF89 })).toEqual({ ok: true, type: "gif" })
    expect(check({ declaredType: "application/octet-stream", bytes: PNG })).toEqual({ ok: true, type: "png" })
    expect(check({ declaredType: "", bytes: WEBP })).toEqual({ ok: true, type: "webp" })
    expect(check({ bytes: GIF87 })).toEqual({ ok: true, type: "gif" })
  })

  it("trusts the bytes over the declared image type: a PNG renamed .jpg is stored as the PNG it is", () => {
    expect(check({ declaredType: "image/jpeg", bytes: PNG })).toEqual({ ok: true, type: "png" })
  })

  it("refuses with 400 naming the field what is not one of the four, whatever it is declared as", () => {
    const refused = { ok: false, status: 400, message: IMAGE_MESSAGES.typeRefused, field: "file" }
    expect(check({ declaredType: "image/png", bytes: bytes("<svg/>") })).toEqual(refused)
    expect(check({ declaredType: "image/svg+xml", bytes: bytes("<svg/>") })).toEqual(refused)
    expect(check({ declaredType: "text/html", bytes: PNG })).toEqual(refused)
    expect(check({ declaredType: "image/svg+xml", bytes: PNG })).toEqual(refused)
    expect(check({ declaredType: "image/tiff", bytes: bytes("II*", 0) })).toEqual(refused)
    expect(IMAGE_MESSAGES.typeRefused).toBe("file must be a JPEG, PNG, WebP or GIF image")
  })

  it("refuses with 413 naming the limit a file larger than it (exactly the limit passes)", () => {
    expect(check({ declaredType: "image/png", bytes: PNG, size: 5 * MB })).toEqual({ ok: true, type: "png" })
    expect(check({ declaredType: "image/png", bytes: PNG, size: 5 * MB + 1 })).toEqual({
      ok: false,
      status: 413,
      message: "file is too large: an image may be at most 5 MB",
      field: "file",
    })
    expect(IMAGE_MESSAGES.tooLarge(2.5 * MB)).toBe("file is too large: an image may be at most 2.5 MB")
  })
})

describe("imageUploadMaxBytes", () => {
  it("is 5 MB unless IMAGE_UPLOAD_MAX_MB says otherwise", () => {
    expect(imageUploadMaxBytes({})).toBe(5 * MB)
    expect(imageUploadMaxBytes({ IMAGE_UPLOAD_MAX_MB: " " })).toBe(5 * MB)
    expect(imageUploadMaxBytes({ IMAGE_UPLOAD_MAX_MB: "10" })).toBe(10 * MB)
    expect(imageUploadMaxBytes({ IMAGE_UPLOAD_MAX_MB: "0.5" })).toBe(MB / 2)
    expect(imageUploadMaxBytes({ IMAGE_UPLOAD_MAX_MB: "50" })).toBe(50 * MB)
  })

  it.each(["0", "-1", "51", "5MB", "five", "1e3", "Infinity"])("refuses %p, naming the variable", (raw) => {
    expect(() => imageUploadMaxBytes({ IMAGE_UPLOAD_MAX_MB: raw })).toThrow(/^IMAGE_UPLOAD_MAX_MB must be a number of megabytes/)
  })
})

describe("parseImageWidth", () => {
  it("takes no width (the original) or one of the served widths", () => {
    expect(parseImageWidth(undefined)).toEqual({ ok: true, width: null })
    for (const w of [200, 400, 800, 1200, 1600]) expect(parseImageWidth(String(w))).toEqual({ ok: true, width: w })
  })

  it.each(["", "401", "0", "-400", "400.0", "4e2", " 400", "99999", "abc"])("refuses %p", (raw) => {
    expect(parseImageWidth(raw)).toEqual({ ok: false })
  })

  it("refuses what is not a single string (a repeated or nested parameter)", () => {
    expect(parseImageWidth(["400"])).toEqual({ ok: false })
    expect(parseImageWidth({ a: "400" })).toEqual({ ok: false })
    expect(parseImageWidth(400)).toEqual({ ok: false })
  })
})

describe("isServableImageKey", () => {
  it("serves keys of one path segment, including names the Medusa admin's uploads keep", () => {
    expect(isServableImageKey("1732800000000-harbour-at-dusk-1a2b3c4d.png")).toBe(true)
    expect(isServableImageKey("atelier-harbour-01JD3X.webp")).toBe(true)
    expect(isServableImageKey("1732800000000-Mon tableau é.jpg")).toBe(true)
  })

  it("never a private file, a path, a dot file, control characters, or an empty or overlong key", () => {
    expect(isServableImageKey("private-1732800000000-products.csv")).toBe(false)
    expect(isServableImageKey("../medusa-config.js")).toBe(false)
    expect(isServableImageKey("a/b.png")).toBe(false)
    expect(isServableImageKey("a\\b.png")).toBe(false)
    expect(isServableImageKey(".env")).toBe(false)
    expect(isServableImageKey("..")).toBe(false)
    expect(isServableImageKey("a\u0000.png")).toBe(false)
    expect(isServableImageKey("")).toBe(false)
    expect(isServableImageKey(`${"a".repeat(252)}.png`)).toBe(false)
  })
})

describe("uploadFilename", () => {
  it("keeps a safe form of the original name with a random part and the extension of what the bytes are", () => {
    expect(uploadFilename("Harbour at Dusk.JPG", "png", "1a2b3c4d")).toBe("harbour-at-dusk-1a2b3c4d.png")
    expect(uploadFilename("Café — nuit.jpeg", "jpeg", "ff00ff00")).toBe("cafe-nuit-ff00ff00.jpg")
    expect(uploadFilename("../../etc/passwd", "gif", "00000000")).toBe("etc-passwd-00000000.gif")
  })

  it("names a file without a usable name `image`, and shortens a long one", () => {
    expect(uploadFilename(undefined, "webp", "12345678")).toBe("image-12345678.webp")
    expect(uploadFilename("日本.png", "png", "12345678")).toBe("image-12345678.png")
    expect(uploadFilename(`${"x".repeat(100)}.png`, "png", "12345678")).toBe(`${"x".repeat(60)}-12345678.png`)
  })
})

describe("sizedImageUrl and imageSrcSet", () => {
  const stored = "http://localhost:9000/api/gallery/images/1732800000000-harbour-1a2b3c4d.png"
  const demo = "https://atelier.example/api/gallery/images/demo/desert-bloom.webp"

  it("asks the image route for a width; any other URL is left as it is", () => {
    expect(sizedImageUrl(stored, 400)).toBe(`${stored}?w=400`)
    expect(sizedImageUrl(demo, 1200)).toBe(`${demo}?w=1200`)
    expect(sizedImageUrl(`${stored}?w=1600`, 200)).toBe(`${stored}?w=200`)
    expect(sizedImageUrl("/api/gallery/images/demo/quiet-hours.webp#top", 800)).toBe("/api/gallery/images/demo/quiet-hours.webp?w=800#top")
    expect(sizedImageUrl("https://cdn.example/api/gallery/other.png", 400)).toBe("https://cdn.example/api/gallery/other.png")
    expect(sizedImageUrl("https://images.example/harbour.jpg", 400)).toBe("https://images.example/harbour.jpg")
    expect(sizedImageUrl("https://cdn.example/x?u=/api/gallery/images/a.png", 400)).toBe("https://cdn.example/x?u=/api/gallery/images/a.png")
    expect(isServedImageUrl("http://localhost:9000/api/gallery/images/")).toBe(false)
  })

  it("offers the served widths as a srcset, none for images hosted elsewhere", () => {
    expect(imageSrcSet(`${stored}?w=400`, [400, 800])).toBe(`${stored}?w=400 400w, ${stored}?w=800 800w`)
    expect(imageSrcSet("https://images.example/harbour.jpg", [400, 800])).toBeUndefined()
  })
})
