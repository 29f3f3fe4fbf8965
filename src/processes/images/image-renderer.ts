import sharp, { type Metadata, type Sharp } from "sharp"
import { IMAGE_MAX_PIXELS, IMAGE_MIME_TYPES, type ImageType, type ImageWidth } from "../../lib/images"

// Decoding and resizing with sharp (libvips). Every decode is bounded by IMAGE_MAX_PIXELS, so that a small file that
// unpacks into a huge bitmap is refused instead of taking the server's memory.

export type RenderedImage = { body: Buffer; contentType: string }

/** Resized images keep their format, but a GIF becomes a still PNG (its first frame: lists show no animation). */
async function encoded(pipeline: Sharp, type: ImageType): Promise<RenderedImage> {
  switch (type) {
    case "jpeg":
      return { body: await pipeline.jpeg({ quality: 82 }).toBuffer(), contentType: IMAGE_MIME_TYPES.jpeg }
    case "webp":
      return { body: await pipeline.webp({ quality: 82 }).toBuffer(), contentType: IMAGE_MIME_TYPES.webp }
    case "png":
    case "gif":
      return { body: await pipeline.png().toBuffer(), contentType: IMAGE_MIME_TYPES.png }
  }
}

export type Inspection =
  | { outcome: "ok"; width: number; height: number; thumbnail: RenderedImage }
  | { outcome: "too_many_pixels" }
  | { outcome: "unreadable" }

/**
 * Whether an uploaded file decodes as the image its bytes announce (a truncated or forged file does not), within the
 * pixel limit. Decoding it whole is what proves it; the decode also makes its thumbnail, which the caller may keep.
 */
export async function inspectImage(bytes: Buffer, type: ImageType, thumbnailWidth: ImageWidth): Promise<Inspection> {
  let metadata: Metadata
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    return { outcome: "unreadable" }
  }
  const { width, height } = metadata
  if (!width || !height) return { outcome: "unreadable" }
  if (width * height > IMAGE_MAX_PIXELS) return { outcome: "too_many_pixels" }
  try {
    const thumbnail = await resizeImage(bytes, type, thumbnailWidth)
    return { outcome: "ok", width, height, thumbnail }
  } catch {
    return { outcome: "unreadable" }
  }
}

/** The image at most `width` pixels wide (never enlarged), turned upright by its EXIF orientation. */
export async function resizeImage(bytes: Buffer, type: ImageType, width: ImageWidth): Promise<RenderedImage> {
  const pipeline = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" })
    .rotate()
    .resize({ width, withoutEnlargement: true })
  return encoded(pipeline, type)
}

/** An SVG drawing rasterised as WebP, `width` pixels wide. */
export async function renderSvg(svg: string, width: number): Promise<RenderedImage> {
  const body = await sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 82 }).toBuffer()
  return { body, contentType: IMAGE_MIME_TYPES.webp }
}
