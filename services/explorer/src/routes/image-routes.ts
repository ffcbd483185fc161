import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { BrandIcons } from '../brand-icons.js'
import { currencyImageSvg } from '../currency-images.js'
import type { ExplorerDatabase } from '../explorer-database.js'
import { NotFoundError } from '../explorer-errors.js'
import { sendSvg } from '../image-response.js'
import { createWalletImages } from '../wallet-images.js'

export interface ImageRoutesOptions {
  db: Kysely<ExplorerDatabase>
  icons: BrandIcons
}

// Fastify already answers 414 for route parameters over 100 characters.
const IMAGE_ID = { type: 'string', minLength: 1, maxLength: 100 } as const
/** What any image id looks like: CAIP-2 ids, UUIDs, symbols, slugs. Anything else names no image. */
const imageId = z.string().check(z.regex(/^[A-Za-z0-9:_-]{1,100}$/))

/** The wallet, asset, currency and token images (SVG), loaded by <img src> without custom headers. */
export const imageRoutes: FastifyPluginAsync<ImageRoutesOptions> = async (app, options) => {
  const imageRoute = (
    path: string,
    draw: (id: string) => string | undefined | Promise<string | undefined>,
  ) => {
    app.get<{ Params: { id: string } }>(
      path,
      { schema: { params: { type: 'object', properties: { id: IMAGE_ID } } } },
      async (request, reply) => {
        const id = imageId.safeParse(request.params.id)
        const svg = id.success ? await draw(id.data) : undefined
        if (!svg) throw new NotFoundError(`No image ${request.params.id}`)
        return sendSvg(request, reply, svg)
      },
    )
  }
  const { icons } = options
  imageRoute('/getWalletImage/:id', createWalletImages(options.db, icons))
  imageRoute('/public/getAssetImage/:id', icons.asset)
  imageRoute('/public/getCurrencyImage/:id', currencyImageSvg)
  imageRoute('/public/getTokenImage/:id', icons.token)
}
