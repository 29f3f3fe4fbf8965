import type { IFileModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { ByteBudgetCache } from "../../lib/byte-budget-cache"
import { demoArtworkSvg, DEMO_ARTWORK_WIDTH } from "../../lib/demo-artwork"
import { detectImageType, IMAGE_MIME_TYPES, isServableImageKey, type ImageWidth } from "../../lib/images"
import { renderSvg, resizeImage, type RenderedImage } from "./image-renderer"

// What the image route serves (docs/products.md, "Images"): files of Medusa's file module (uploads, whatever the
// provider) and the demo's drawn pictures, as they are or `width` pixels wide. Sized images and the demo's pictures
// are made once and kept in memory (least recently used first out, 64 MB); a stored original is read each time (the
// browser and any proxy keep it: its URL never changes).

const CACHE_BUDGET_BYTES = 64 * 1024 * 1024
const made = new ByteBudgetCache<RenderedImage & { byteLength: number }>(CACHE_BUDGET_BYTES)
// Concurrent requests for an image not made yet wait for the one making it.
const making = new Map<string, Promise<RenderedImage | null>>()

export type ImageSource = { kind: "stored"; key: string } | { kind: "demo"; name: string }

const cacheKey = (source: ImageSource, width: ImageWidth | null) =>
  `${source.kind}:${source.kind === "stored" ? source.key : source.name}@${width ?? "original"}`

function remember(key: string, image: RenderedImage) {
  made.set(key, { ...image, byteLength: image.body.length })
}

/** A file the store does not have (the local provider's ENOENT, S3's NoSuchKey / 404). */
function isMissingFile(error: unknown): boolean {
  const e = error as { code?: string; name?: string; Code?: string; $metadata?: { httpStatusCode?: number } }
  return e?.code === "ENOENT" || e?.code === "EISDIR" || e?.name === "NoSuchKey" || e?.Code === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404
}

async function readStored(container: MedusaContainer, key: string): Promise<Buffer | null> {
  if (!isServableImageKey(key)) return null
  const files = container.resolve<IFileModuleService>(Modules.FILE)
  try {
    return await files.getAsBuffer(key)
  } catch (error) {
    if (isMissingFile(error)) return null
    throw error
  }
}

async function make(container: MedusaContainer, source: ImageSource, width: ImageWidth | null): Promise<RenderedImage | null> {
  if (source.kind === "demo") {
    const svg = demoArtworkSvg(source.name)
    return svg ? renderSvg(svg, width ?? DEMO_ARTWORK_WIDTH) : null
  }
  const bytes = await readStored(container, source.key)
  // Only the four image types are served: a file of another kind (an export Medusa keeps, an SVG) is not an image here.
  const type = bytes ? detectImageType(bytes) : null
  if (!bytes || !type) return null
  if (width === null) return { body: bytes, contentType: IMAGE_MIME_TYPES[type] }
  return resizeImage(bytes, type, width)
}

/** The image, or null when there is no such image. */
export async function servedImage(
  container: MedusaContainer,
  source: ImageSource,
  width: ImageWidth | null
): Promise<RenderedImage | null> {
  const key = cacheKey(source, width)
  const cached = made.get(key)
  if (cached) return { body: cached.body, contentType: cached.contentType }
  const pending = making.get(key)
  if (pending) return pending
  const run = make(container, source, width)
    .then((image) => {
      // Originals of stored files are not kept: they are up to the upload limit each, and a read is cheap.
      if (image && (source.kind === "demo" || width !== null)) remember(key, image)
      return image
    })
    .finally(() => making.delete(key))
  making.set(key, run)
  return run
}

/** Keeps an image made elsewhere (the upload's thumbnail, made while checking the file) as the route would make it. */
export function keepSizedImage(key: string, width: ImageWidth, image: RenderedImage) {
  remember(cacheKey({ kind: "stored", key }, width), image)
}
