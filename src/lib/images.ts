// Product images (docs/products.md, "Images"): which files an artist may upload, how they are told apart (by their
// bytes, not by what the browser declares), the size limit, and the widths the gallery serves them at. Pure: the
// upload route, the image route, the seed and the browser apps share these rules.

export const IMAGE_TYPES = ["jpeg", "png", "webp", "gif"] as const
export type ImageType = (typeof IMAGE_TYPES)[number]

export const IMAGE_MIME_TYPES: Record<ImageType, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
}

export const IMAGE_EXTENSIONS: Record<ImageType, string> = { jpeg: "jpg", png: "png", webp: "webp", gif: "gif" }

/** What the upload form's file input accepts (`accept`): the types above, by MIME type and extension. */
export const IMAGE_ACCEPT = [...Object.values(IMAGE_MIME_TYPES), ".jpg", ".jpeg", ".png", ".webp", ".gif"].join(",")

/** The form field that carries the file in `POST /api/uploads`. */
export const UPLOAD_FIELD = "file"

export const DEFAULT_IMAGE_UPLOAD_MAX_MB = 5
/** The largest limit IMAGE_UPLOAD_MAX_MB may set: the file is held in memory while it is checked and stored. */
export const IMAGE_UPLOAD_MAX_MB_CEILING = 50
/** Width x height at most (a 40-megapixel camera's frame): a small file may still decode into a huge bitmap. */
export const IMAGE_MAX_PIXELS = 40_000_000

/** The widths (px) the image route serves: lists use the thumbnail, a work's page the large one. */
export const IMAGE_WIDTHS = [200, 400, 800, 1200, 1600] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]
export const THUMBNAIL_WIDTH: ImageWidth = 400
export const LARGE_IMAGE_WIDTH: ImageWidth = 1200

/** The path of the image route; an image URL under it can be asked for at any of IMAGE_WIDTHS (`?w=`). */
export const IMAGE_ROUTE_PATH = "/api/gallery/images"
/** Served images never change under their URL (a new upload gets a new key): caches may keep them for a year. */
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable"

const TYPE_NAMES = "JPEG, PNG, WebP or GIF"

export const IMAGE_MESSAGES = {
  fileRequired: `Choose an image to upload (field ${UPLOAD_FIELD}: a ${TYPE_NAMES} file)`,
  oneFile: `Upload one image at a time, in the field ${UPLOAD_FIELD}`,
  typeRefused: `${UPLOAD_FIELD} must be a ${TYPE_NAMES} image`,
  tooLarge: (maxBytes: number) => `${UPLOAD_FIELD} is too large: an image may be at most ${formatMegabytes(maxBytes)}`,
  tooManyPixels: `${UPLOAD_FIELD} is too large: an image may have at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`,
  unreadable: `${UPLOAD_FIELD} could not be read as an image: the file may be damaged`,
  widthInvalid: `w must be one of ${IMAGE_WIDTHS.join(", ")} (pixels)`,
  notFound: "Image not found",
} as const

function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024)
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte)

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

/** The image type of a file by its first bytes (its "magic number"), or null when it is none of IMAGE_TYPES. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg"
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png"
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif"
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp"
  return null
}

/**
 * Declared types a browser or client may send with an image: the four image types (and the old `image/jpg` and
 * `image/pjpeg`), or nothing telling (`application/octet-stream`, empty), in which case the bytes decide.
 */
function isAcceptableDeclaredType(declared: string | undefined): boolean {
  const type = (declared ?? "").split(";")[0].trim().toLowerCase()
  if (!type || type === "application/octet-stream") return true
  return (Object.values(IMAGE_MIME_TYPES) as string[]).includes(type) || type === "image/jpg" || type === "image/pjpeg"
}

/** An image stored by `POST /api/uploads` (its `id` is the file module's key; `url` goes into `product_images`). */
export type StoredImage = { id: string; url: string; mime_type: string; size: number; width: number; height: number }

export type UploadCheck =
  | { ok: true; type: ImageType }
  | { ok: false; status: 400 | 413; message: string; field: typeof UPLOAD_FIELD }

/**
 * Whether an uploaded file may be stored: at most `maxBytes`, declared as an image type (or as nothing telling) and
 * whose bytes ARE one of the four types. A file renamed from .png to .jpg is accepted as what its bytes say.
 */
export function checkImageUpload(file: { declaredType?: string; size: number; bytes: Uint8Array }, maxBytes: number): UploadCheck {
  if (file.size > maxBytes) return { ok: false, status: 413, message: IMAGE_MESSAGES.tooLarge(maxBytes), field: UPLOAD_FIELD }
  const type = detectImageType(file.bytes)
  if (!type || !isAcceptableDeclaredType(file.declaredType)) {
    return { ok: false, status: 400, message: IMAGE_MESSAGES.typeRefused, field: UPLOAD_FIELD }
  }
  return { ok: true, type }
}

/** The upload limit in bytes: IMAGE_UPLOAD_MAX_MB (megabytes, decimals allowed) or 5 MB. Throws on a bad value. */
export function imageUploadMaxBytes(env: Record<string, string | undefined>): number {
  const raw = env.IMAGE_UPLOAD_MAX_MB?.trim()
  if (!raw) return DEFAULT_IMAGE_UPLOAD_MAX_MB * 1024 * 1024
  const mb = Number(raw)
  if (!/^\d+(\.\d+)?$/.test(raw) || !(mb > 0) || mb > IMAGE_UPLOAD_MAX_MB_CEILING) {
    throw new Error(`IMAGE_UPLOAD_MAX_MB must be a number of megabytes above 0 and at most ${IMAGE_UPLOAD_MAX_MB_CEILING} (got "${raw}")`)
  }
  return Math.floor(mb * 1024 * 1024)
}

/** `?w=` of the image route: absent (the original) or one of IMAGE_WIDTHS; anything else is refused. */
export function parseImageWidth(value: unknown): { ok: true; width: ImageWidth | null } | { ok: false } {
  if (value === undefined) return { ok: true, width: null }
  if (typeof value !== "string" || !/^\d{1,5}$/.test(value)) return { ok: false }
  const width = Number(value)
  return (IMAGE_WIDTHS as readonly number[]).includes(width) ? { ok: true, width: width as ImageWidth } : { ok: false }
}

/**
 * A key of the file store the image route serves: one path segment (no slash, backslash or control character, not
 * starting with a dot, at most 255 characters), never a private file (the local provider's `private-` keys: Medusa's
 * product imports and exports). Names the Medusa admin's own uploads keep (spaces, accents) are allowed.
 */
export function isServableImageKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 255 &&
    !/[/\\\u0000-\u001f\u007f]/.test(key) &&
    !key.startsWith(".") &&
    !key.startsWith("private-")
  )
}

/**
 * The name a stored upload gets (the file store adds its own unique part): the original name made safe (lowercase
 * letters, digits and hyphens, at most 60), a random part so that two uploads in the same millisecond never meet,
 * and the extension of what the bytes are.
 */
export function uploadFilename(originalName: string | undefined, type: ImageType, random: string): string {
  const base = (originalName ?? "")
    .replace(/\.[^./\\]*$/, "")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 60)
    .replace(/-+$/, "")
  return `${base || "image"}-${random}.${IMAGE_EXTENSIONS[type]}`
}

const SERVED_IMAGE_PATH = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/]+)?\/api\/gallery\/images\/[^?#]+$/i

function splitUrl(url: string): { path: string; query: string; hash: string } {
  const [, path = "", query = "", hash = ""] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(url) ?? []
  return { path, query: query.slice(1), hash }
}

/** Whether `url` is served by the image route (uploads and the demo's works), which serves it at any IMAGE_WIDTHS. */
export function isServedImageUrl(url: string): boolean {
  return SERVED_IMAGE_PATH.test(splitUrl(url).path)
}

/**
 * The URL of an image at `width` pixels wide: images served by the image route get `?w=`; any other URL (an image
 * hosted elsewhere) is returned as it is. Relative URLs stay relative.
 */
export function sizedImageUrl(url: string, width: ImageWidth): string {
  if (!isServedImageUrl(url)) return url
  const { path, query, hash } = splitUrl(url)
  const params = new URLSearchParams(query)
  params.set("w", String(width))
  return `${path}?${params.toString()}${hash}`
}

/** `srcset` for an image served at `widths` (each with its `w` descriptor), or undefined for images hosted elsewhere. */
export function imageSrcSet(url: string, widths: readonly ImageWidth[]): string | undefined {
  if (!isServedImageUrl(url)) return undefined
  return widths.map((width) => `${sizedImageUrl(url, width)} ${width}w`).join(", ")
}
