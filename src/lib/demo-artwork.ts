// The demo works' pictures (docs/products.md, "Images"): abstract artwork drawn as SVG from a fixed recipe per
// picture, so that the demo data has real images without shipping or downloading any (ours to use, a few
// kilobytes of code). Deterministic: the same name always draws the same picture. The image route renders them.

export const DEMO_ARTWORK_WIDTH = 1200
export const DEMO_ARTWORK_HEIGHT = 900
/** The demo pictures are served as WebP (`/api/gallery/images/demo/<name>.webp`). */
export const DEMO_ARTWORK_EXTENSION = "webp"

type Scene = "fjord" | "study" | "postcards" | "bloom" | "market" | "linocut"
type Presentation = "canvas" | "detail" | "print" | "wall"

/** Every demo picture: the scene it draws and how it is shown (the work itself, a detail, a print, on a wall). */
export const DEMO_ARTWORKS: Record<string, { scene: Scene; presentation: Presentation }> = {
  "fjord-first-light": { scene: "fjord", presentation: "canvas" },
  "fjord-first-light-detail": { scene: "fjord", presentation: "detail" },
  "fjord-print": { scene: "fjord", presentation: "print" },
  "untitled-study": { scene: "study", presentation: "canvas" },
  "harbor-postcards": { scene: "postcards", presentation: "canvas" },
  "desert-bloom": { scene: "bloom", presentation: "canvas" },
  "desert-bloom-wall": { scene: "bloom", presentation: "wall" },
  "desert-bloom-print": { scene: "bloom", presentation: "print" },
  "morning-market": { scene: "market", presentation: "canvas" },
  "quiet-hours": { scene: "linocut", presentation: "canvas" },
}

/** `<name>.webp` -> the picture's name when it is a demo picture, else null. */
export function demoArtworkName(fileName: string): string | null {
  const match = /^([a-z0-9-]+)\.webp$/.exec(fileName)
  return match && Object.prototype.hasOwnProperty.call(DEMO_ARTWORKS, match[1]) ? match[1] : null
}

/** The URL of a demo picture under the image route of the server at `imageBaseUrl` (`<public URL>/api/gallery/images`). */
export function demoArtworkUrl(imageBaseUrl: string, name: string): string {
  return `${imageBaseUrl.replace(/\/+$/, "")}/demo/${name}.${DEMO_ARTWORK_EXTENSION}`
}

/** Whether a URL is a demo picture's, on any server (the seed moves them when the server's address changed). */
export function isDemoArtworkUrl(url: string): boolean {
  return /\/api\/gallery\/images\/demo\/[a-z0-9-]+\.webp$/.test(url)
}

// ------------------------------------------------------------------------------------------------------------
// Drawing

const W = DEMO_ARTWORK_WIDTH
const H = DEMO_ARTWORK_HEIGHT

/** A small seeded generator (mulberry32 over an FNV-1a hash of the seed): the same seed, the same numbers. */
function random(seed: string): () => number {
  let state = 2166136261
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const n = (value: number) => Math.round(value * 10) / 10

/** A ridge line from left to right: `points` steps, around `base`, up to `amplitude` above it. */
function ridge(rnd: () => number, base: number, amplitude: number, points: number): string {
  const step = W / points
  const coords = Array.from({ length: points + 1 }, (_, i) => `${n(i * step)},${n(base - rnd() * amplitude)}`)
  return `M0,${H} L${coords.join(" L")} L${W},${H} Z`
}

function linearGradient(id: string, stops: [number, string][], vertical = true): string {
  const direction = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"'
  return `<linearGradient id="${id}" ${direction}>${stops.map(([at, color]) => `<stop offset="${at}" stop-color="${color}"/>`).join("")}</linearGradient>`
}

/** Oil on linen: dawn over a fjord, three mountain ridges, the sun's light on the water. */
function fjord(rnd: () => number): string {
  const horizon = H * 0.62
  const sunX = W * 0.62
  const reflections = Array.from({ length: 14 }, (_, i) => {
    const y = horizon + 14 + i * 20
    const width = 160 - i * 8 + rnd() * 40
    return `<rect x="${n(sunX - width / 2 + (rnd() - 0.5) * 30)}" y="${n(y)}" width="${n(width)}" height="5" rx="2.5" fill="#fbe3b0" opacity="${n(0.75 - i * 0.045)}"/>`
  }).join("")
  const ripples = Array.from({ length: 10 }, (_, i) => {
    const y = horizon + 30 + i * 28
    const x = rnd() * W * 0.8
    return `<path d="M${n(x)},${n(y)} q60,-6 120,0 t120,0" stroke="#c9d8e6" stroke-width="2" fill="none" opacity="0.35"/>`
  }).join("")
  return `<defs>${linearGradient("sky", [[0, "#f5b99a"], [0.45, "#f6dcc0"], [1, "#cfdce8"]])}${linearGradient("water", [[0, "#9db3c7"], [1, "#3f556e"]])}
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff3d6" stop-opacity="0.95"/><stop offset="1" stop-color="#fff3d6" stop-opacity="0"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${horizon - 290}" r="230" fill="url(#glow)"/>
<circle cx="${sunX}" cy="${horizon - 290}" r="64" fill="#fde7b8"/>
<path d="${ridge(rnd, horizon - 110, 130, 12)}" fill="#a9bccf" opacity="0.9"/>
<path d="${ridge(rnd, horizon - 40, 190, 9)}" fill="#7489a3"/>
<path d="${ridge(rnd, horizon + 10, 140, 7)}" fill="#465c77"/>
<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#water)"/>
${reflections}${ripples}
<path d="M0,${horizon - 30} C200,${horizon - 60} 330,${horizon + 80} 520,${H} L0,${H} Z" fill="#2c3b4f"/>`
}

/** Charcoal on paper, not finished: loose circles, a few strokes, the grid it was laid out on. */
function study(rnd: () => number): string {
  const grid = Array.from({ length: 11 }, (_, i) => `<path d="M${i * 120},0 V${H}" stroke="#b9b2a6" stroke-width="1" opacity="0.5"/>`).join("")
  const circles = Array.from({ length: 7 }, () => {
    const r = 60 + rnd() * 170
    return `<circle cx="${n(200 + rnd() * 800)}" cy="${n(180 + rnd() * 540)}" r="${n(r)}" fill="none" stroke="#3a3733" stroke-width="${n(2 + rnd() * 6)}" opacity="${n(0.35 + rnd() * 0.45)}"/>`
  }).join("")
  const strokes = Array.from({ length: 9 }, () => {
    const x = 100 + rnd() * 900
    const y = 120 + rnd() * 660
    return `<path d="M${n(x)},${n(y)} q${n(80 + rnd() * 160)},${n(-120 + rnd() * 240)} ${n(200 + rnd() * 200)},${n(-60 + rnd() * 120)}" stroke="#26231f" stroke-width="${n(3 + rnd() * 10)}" stroke-linecap="round" fill="none" opacity="${n(0.5 + rnd() * 0.4)}"/>`
  }).join("")
  return `<rect width="${W}" height="${H}" fill="#eee7db"/>${grid}
<rect x="640" y="230" width="300" height="360" fill="#c96f4a" opacity="0.55"/>${circles}${strokes}`
}

/** Six harbour postcards laid out on a table, each in its own light. */
function postcards(rnd: () => number): string {
  const palettes = [
    ["#9cc7e0", "#2f6f95", "#f2f0e6"],
    ["#f4b183", "#3d5a80", "#fdf0d5"],
    ["#c3d8b4", "#46735a", "#faf3dd"],
    ["#f7d488", "#21618c", "#ffffff"],
    ["#d7c4e4", "#574b90", "#f8f1ff"],
    ["#a8dadc", "#1d3557", "#f1faee"],
  ]
  const cards = palettes.map(([sky, sea, sail], i) => {
    const x = 70 + (i % 3) * 365 + (rnd() - 0.5) * 20
    const y = 90 + Math.floor(i / 3) * 380 + (rnd() - 0.5) * 20
    const tilt = n((rnd() - 0.5) * 6)
    const boatX = 70 + rnd() * 140
    return `<g transform="translate(${n(x)},${n(y)}) rotate(${tilt} 160 170)">
<rect x="6" y="8" width="320" height="330" fill="#000" opacity="0.12"/>
<rect width="320" height="330" fill="#fffdf7"/>
<rect x="16" y="16" width="288" height="200" fill="${sky}"/>
<circle cx="${n(230 + rnd() * 50)}" cy="${n(60 + rnd() * 40)}" r="26" fill="${sail}" opacity="0.9"/>
<rect x="16" y="150" width="288" height="66" fill="${sea}"/>
<path d="M${n(boatX)},150 l70,0 l-12,16 l-46,0 Z" fill="#3b2f2f"/>
<path d="M${n(boatX + 34)},148 l0,-78 l34,68 Z" fill="${sail}"/>
<path d="M16,184 q36,-8 72,0 t72,0 t72,0 t72,0" stroke="${sky}" stroke-width="3" fill="none" opacity="0.6"/>
<rect x="16" y="236" width="180" height="10" rx="5" fill="#d8d2c4"/>
<rect x="16" y="258" width="130" height="10" rx="5" fill="#e4dfd3"/>
<rect x="252" y="236" width="52" height="62" fill="none" stroke="#c9c1b1" stroke-width="3"/></g>`
  })
  return `<rect width="${W}" height="${H}" fill="#8a6b4f"/><rect width="${W}" height="${H}" fill="#a07d5c" opacity="0.5"/>${cards.join("")}`
}

/** Acrylic on canvas: a flower opening over desert dunes, a cactus beside it. */
function bloom(rnd: () => number): string {
  const cx = W * 0.56
  const cy = H * 0.44
  const petals = Array.from({ length: 12 }, (_, i) => {
    const angle = (360 / 12) * i + rnd() * 8
    const color = i % 2 ? "#e2557d" : "#f290b1"
    return `<ellipse cx="${cx}" cy="${n(cy - 120)}" rx="58" ry="130" fill="${color}" transform="rotate(${n(angle)} ${cx} ${cy})" opacity="0.92"/>`
  }).join("")
  const seeds = Array.from({ length: 18 }, () => {
    const a = rnd() * Math.PI * 2
    const r = rnd() * 48
    return `<circle cx="${n(cx + Math.cos(a) * r)}" cy="${n(cy + Math.sin(a) * r)}" r="5" fill="#9b5a1a" opacity="0.7"/>`
  }).join("")
  return `<defs>${linearGradient("sand", [[0, "#fbe6c2"], [0.55, "#f3c892"], [1, "#e09a62"]])}</defs>
<rect width="${W}" height="${H}" fill="url(#sand)"/>
<circle cx="${W * 0.22}" cy="${H * 0.22}" r="120" fill="#fff4dc" opacity="0.85"/>
<path d="M0,${H * 0.72} C300,${H * 0.6} 600,${H * 0.82} ${W},${H * 0.66} L${W},${H} L0,${H} Z" fill="#d58f5d"/>
<path d="M0,${H * 0.86} C380,${H * 0.76} 760,${H * 0.95} ${W},${H * 0.82} L${W},${H} L0,${H} Z" fill="#b76c44"/>
<path d="M${cx},${cy + 40} C${cx - 10},${cy + 200} ${cx + 20},${cy + 320} ${cx - 6},${H * 0.9}" stroke="#4f7a4c" stroke-width="16" fill="none"/>
<ellipse cx="${cx - 70}" cy="${cy + 250}" rx="70" ry="24" fill="#5f8f5a" transform="rotate(-25 ${cx - 70} ${cy + 250})"/>
${petals}<circle cx="${cx}" cy="${cy}" r="64" fill="#f5c04a"/>${seeds}
<g fill="#5b8a55"><rect x="150" y="${H * 0.5}" width="64" height="${H * 0.4}" rx="32"/><rect x="92" y="${H * 0.58}" width="40" height="120" rx="20"/>
<rect x="112" y="${H * 0.66}" width="60" height="34" rx="17"/><rect x="232" y="${H * 0.54}" width="40" height="110" rx="20"/><rect x="196" y="${H * 0.62}" width="56" height="32" rx="16"/></g>`
}

/** A two-colour risograph print: market stalls under striped awnings, fruit in crates, the two inks a little off. */
function market(rnd: () => number): string {
  const pink = "#ff48b0"
  const blue = "#0078bf"
  const stalls = [0, 1, 2].map((i) => {
    const x = 90 + i * 350
    const stripes = Array.from({ length: 6 }, (_, s) => `<path d="M${x + s * 50},250 l50,0 l-25,60 Z" fill="${s % 2 ? pink : blue}"/>`).join("")
    const fruit = Array.from({ length: 12 }, (_, f) => {
      const color = rnd() > 0.5 ? pink : blue
      return `<circle cx="${x + 40 + (f % 6) * 44}" cy="${560 + Math.floor(f / 6) * 46}" r="${n(17 + rnd() * 5)}" fill="${color}"/>`
    }).join("")
    return `${stripes}<rect x="${x + 10}" y="310" width="280" height="200" fill="${blue}" opacity="0.25"/>
<rect x="${x + 20}" y="520" width="260" height="140" fill="none" stroke="${blue}" stroke-width="8"/>${fruit}
<rect x="${x}" y="240" width="300" height="14" fill="${blue}"/><rect x="${x + 6}" y="254" width="10" height="430" fill="${blue}"/><rect x="${x + 284}" y="254" width="10" height="430" fill="${blue}"/>`
  })
  return `<defs><pattern id="dots" width="12" height="12" patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="3" fill="${pink}"/></pattern></defs>
<rect width="${W}" height="${H}" fill="#f5f0e3"/>
<circle cx="960" cy="150" r="95" fill="url(#dots)" opacity="0.9"/>
<rect x="0" y="700" width="${W}" height="200" fill="url(#dots)" opacity="0.35"/>
<g opacity="0.88" style="mix-blend-mode:multiply">${stalls.join("")}</g>
<g transform="translate(4,-3)" opacity="0.5" style="mix-blend-mode:multiply"><rect x="60" y="690" width="1080" height="12" fill="${pink}"/></g>`
}

/** A linocut: roofs and a moon cut out of black ink, the carved lines of the night sky. */
function linocut(rnd: () => number): string {
  const carved = Array.from({ length: 16 }, (_, i) => {
    const y = 70 + i * 30
    return `<path d="M${n(rnd() * 200)},${y} q150,${n(-14 + rnd() * 28)} 300,0 t300,0 t300,0" stroke="#efe6d2" stroke-width="${n(2 + rnd() * 3)}" fill="none" opacity="0.8"/>`
  }).join("")
  const stars = Array.from({ length: 26 }, () => `<circle cx="${n(rnd() * W)}" cy="${n(40 + rnd() * 380)}" r="${n(2 + rnd() * 3)}" fill="#efe6d2"/>`).join("")
  const windows = Array.from({ length: 9 }, (_, i) => {
    const x = 120 + i * 110 + rnd() * 30
    const y = 600 + rnd() * 140
    return `<rect x="${n(x)}" y="${n(y)}" width="34" height="46" fill="${i % 3 === 1 ? "#e8b64c" : "#efe6d2"}"/>`
  }).join("")
  return `<rect width="${W}" height="${H}" fill="#f1eadb"/>
<rect x="40" y="40" width="${W - 80}" height="${H - 80}" fill="#1b1c22"/>
${carved}${stars}
<circle cx="860" cy="220" r="110" fill="#efe6d2"/><circle cx="905" cy="195" r="100" fill="#1b1c22"/>
<path d="M40,${H - 40} L40,560 L200,430 L360,560 L360,500 L520,380 L700,520 L700,470 L880,360 L1060,500 L${W - 40},440 L${W - 40},${H - 40} Z" fill="#0e0f13"/>
${windows}
<rect x="40" y="40" width="${W - 80}" height="${H - 80}" fill="none" stroke="#f1eadb" stroke-width="6"/>`
}

const SCENES: Record<Scene, (rnd: () => number) => string> = { fjord, study, postcards, bloom, market, linocut }

function canvas(content: string, viewBox = `0 0 ${W} ${H}`): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="${viewBox}">${content}</svg>`
}

/** The work inside a frame of `width` x `height` at (x, y), drawn at its own scale. */
function nested(scene: string, x: number, y: number, width: number, height: number): string {
  return `<svg x="${x}" y="${y}" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">${scene}</svg>`
}

/** A print: the work on cotton paper with a white margin and the edition pencilled under it. */
function asPrint(scene: string): string {
  return `<rect width="${W}" height="${H}" fill="#d9d4ca"/><rect x="110" y="60" width="980" height="780" fill="#fbfaf6"/>
<rect x="116" y="66" width="980" height="780" fill="#000" opacity="0.06"/><rect x="110" y="60" width="980" height="780" fill="#fbfaf6"/>
${nested(scene, 190, 120, 820, 615)}
<path d="M190,775 h90 M930,775 h80" stroke="#8a857c" stroke-width="3" stroke-linecap="round"/>`
}

/** The work hung on a gallery wall, in a black frame, with its shadow and the floor. */
function onWall(scene: string): string {
  return `<defs>${linearGradient("wall", [[0, "#efebe4"], [1, "#dcd6cc"]])}</defs>
<rect width="${W}" height="${H}" fill="url(#wall)"/><rect y="760" width="${W}" height="140" fill="#b39a7c"/>
<rect y="756" width="${W}" height="8" fill="#f7f4ef"/>
<rect x="352" y="146" width="520" height="410" fill="#000" opacity="0.18"/>
<rect x="330" y="120" width="520" height="410" fill="#1f1f1f"/>${nested(scene, 350, 140, 480, 370)}
<path d="M1010,760 l20,-120 h80 l20,120 Z" fill="#c96f4a"/><path d="M1070,640 c-40,-80 -10,-150 0,-190 c10,40 40,110 0,190" fill="#4f7a4c"/>`
}

/**
 * The SVG of a demo picture (1200 x 900), or null for a name that is not one. The detail is the lower middle of the
 * work, enlarged; a print and a wall view show the work inside.
 */
export function demoArtworkSvg(name: string): string | null {
  if (!Object.prototype.hasOwnProperty.call(DEMO_ARTWORKS, name)) return null
  const { scene, presentation } = DEMO_ARTWORKS[name]
  // The work's own drawing is seeded by its scene, so that a detail, a print and a wall view show the same work.
  const work = SCENES[scene](random(scene))
  if (presentation === "detail") return canvas(work, `${W * 0.4} ${H * 0.35} ${W * 0.45} ${H * 0.45}`)
  if (presentation === "print") return canvas(asPrint(work))
  if (presentation === "wall") return canvas(onWall(work))
  return canvas(work)
}
