import { z } from "@medusajs/framework/zod"
import { IMAGE_MESSAGES, parseImageWidth, type ImageWidth } from "../../../../lib/images"
import { firstQueryValue } from "../../../utils/validation"

/** GET /api/gallery/images/...: `w` (optional) is one of IMAGE_WIDTHS; without it the image is served as stored. */
export const ImageQuery = z.object({
  w: z.preprocess(firstQueryValue, z.unknown()).transform((value, ctx): ImageWidth | null => {
    const parsed = parseImageWidth(value)
    if (parsed.ok) return parsed.width
    ctx.addIssue({ code: "custom", message: IMAGE_MESSAGES.widthInvalid })
    return z.NEVER
  }),
})
export type ImageQuery = z.output<typeof ImageQuery>
