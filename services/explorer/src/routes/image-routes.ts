import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import { assetImageSvg } from '../asset-images.js'
import { currencyImageSvg } from '../currency-images.js'
import type { ExplorerDatabase } from '../explorer-database.js'
import { NotFoundError } from '../explorer-errors.js'
import { sendSvg } from '../image-response.js'
import { tokenImageSvg } from '../token-images.js'
import { createWalletImages } from '../wallet-images.js'

export interface ImageRoutesOptions {
  db: Kysely<ExplorerDatabase>
}

// Fastify already answers 414 for route parameters over 100 characters.
const IMAGE_ID = { type: 'string', minLength: 1, maxLength: 100 } as const

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
        const svg = await draw(request.params.id)
        if (!svg) throw new NotFoundError(`No image ${request.params.id}`)
        return sendSvg(request, reply, svg)
      },
    )
  }
  imageRoute('/getWalletImage/:id', createWalletImages(options.db))
  imageRoute('/public/getAssetImage/:id', assetImageSvg)
  imageRoute('/public/getCurrencyImage/:id', currencyImageSvg)
  imageRoute('/public/getTokenImage/:id', tokenImageSvg)
}
