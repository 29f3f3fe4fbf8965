import { useState } from "react"
import { sizedImageUrl } from "../../../../src/lib/images"

/** Two colours from the title, so that a work without a loadable image still has a recognisable tile. */
function tileColors(title: string): [string, string] {
  let hash = 0
  for (const char of title) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return [`hsl(${hash % 360} 45% 72%)`, `hsl(${(hash >>> 9) % 360} 50% 45%)`]
}

/**
 * The work's image (by URL; the image route's at its smallest width, 200 px, enough for the 40-64 px it is shown at);
 * a coloured tile with its initial when there is none or it does not load.
 */
export function Thumbnail({ src, title, className = "size-10" }: { src: string | undefined; title: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null)
  if (src && failed !== src) {
    return (
      <img src={sizedImageUrl(src, 200)} alt={title} loading="lazy" onError={() => setFailed(src)} className={`bg-ui-bg-component rounded-md object-cover ${className}`} />
    )
  }
  const [from, to] = tileColors(title)
  return (
    <div
      role="img"
      aria-label={title}
      className={`txt-compact-small-plus flex items-center justify-center rounded-md text-white ${className}`}
      style={{ background: `linear-gradient(135deg, ${from}, ${to})` }}
    >
      {title.trim().charAt(0).toUpperCase()}
    </div>
  )
}
