import { farcasterChannelRequestSchema, farcasterConnectRequestSchema } from '@portico/frame'
import type { FastifyPluginAsync } from 'fastify'
import type { AuthContext } from '../auth-context.js'
import { parseRequest } from '../parse-request.js'
import { approveUrl, openChannel } from './farcaster-channels.js'
import { redeemFarcasterChannel } from './redeem-farcaster-channel.js'

/** Sign In With Farcaster for the frame: open a channel bound to the device, then long-poll it. */
export const farcasterLoginRoutes: FastifyPluginAsync<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.post('/farcaster/channel', async (request) => {
    const { deviceId } = parseRequest(farcasterChannelRequestSchema, request.body)
    const channel = await openChannel(ctx.db, {
      domain: new URL(ctx.publicUrl).host,
      uri: ctx.publicUrl,
      deviceId,
      now: ctx.now(),
    })
    return { channelToken: channel.channel_token, url: approveUrl(ctx.publicUrl, channel.channel_token) }
  })

  app.post('/farcaster/connect', async (request) => {
    const { channelToken, deviceId } = parseRequest(farcasterConnectRequestSchema, request.body)
    return redeemFarcasterChannel(ctx, channelToken, deviceId)
  })
}
