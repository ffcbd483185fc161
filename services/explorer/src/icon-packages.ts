import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { z } from 'zod'

// Brand logos come from two npm packages, read from node_modules when the explorer starts (never
// downloaded at run time): @web3icons/core (MIT) for wallets, networks and tokens, simple-icons (CC0)
// for the social sign-in providers and a few wallets web3icons lacks. See services/explorer/README.md.

const require = createRequire(import.meta.url)

export type Web3IconKind = 'wallets' | 'networks' | 'tokens'
/** `background`: the logo on its brand-coloured square; `branded`: the logo alone, in its colours. */
export type Web3IconVariant = 'background' | 'branded'

const svgModule = z.object({ default: z.string().check(z.startsWith('<svg')) })

/** One logo of @web3icons/core, resized to the 96×96 of the explorer's other images. */
export async function web3IconSvg(kind: Web3IconKind, variant: Web3IconVariant, name: string) {
  const module = svgModule.parse(
    await import(/* @vite-ignore */ `@web3icons/core/svgs/${kind}/${variant}/${name}.svg.js`),
  )
  return module.default
    .trim()
    .replace(/^<svg([^>]*?) width="24" height="24"/, '<svg$1 width="96" height="96"')
}

const simpleIconsData = z.array(
  z.object({ slug: z.string(), hex: z.string().check(z.regex(/^[0-9A-F]{6}$/i)) }),
)
let brandColours: Promise<Map<string, string>> | undefined

function simpleIconColours() {
  brandColours ??= readFile(require.resolve('simple-icons/icons.json'), 'utf8').then(
    (text) => new Map(simpleIconsData.parse(JSON.parse(text)).map((icon) => [icon.slug, `#${icon.hex}`])),
  )
  return brandColours
}

const glyphPath = /<path d="([^"]+)"\/>/

/**
 * A simple-icons logo (a one-colour glyph) drawn white on its brand colour, so it reads on light and
 * dark themes alike. `circle` for social providers, `rounded` for wallets, as the other images are.
 */
export async function simpleIconSvg(slug: string, shape: 'circle' | 'rounded'): Promise<string> {
  const [source, colours] = await Promise.all([
    readFile(require.resolve(`simple-icons/icons/${slug}.svg`), 'utf8'),
    simpleIconColours(),
  ])
  const path = glyphPath.exec(source)?.[1]
  const colour = colours.get(slug)
  if (!path || !colour) throw new Error(`simple-icons has no usable ${slug} icon`)
  const backdrop =
    shape === 'circle'
      ? `<circle cx="48" cy="48" r="48" fill="${colour}"/>`
      : `<rect width="96" height="96" rx="24" fill="${colour}"/>`
  // The glyph's 24×24 box, scaled to 48×48 in the middle of the 96×96 canvas.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">${backdrop}<path transform="translate(24 24) scale(2)" fill="#fff" d="${path}"/></svg>`
}
