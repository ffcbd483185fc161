import { farcasterChannelRequestSchema, farcasterConnectRequestSchema } from '@portico/wire'
import type { FastifyPluginAsync } from 'fastify'
import type { AuthContext } from '../auth-context.js'
import { AuthError } from '../auth-errors.js'
import { parseRequest } from '../parse-request.js'
import { channelCode } from './channel-code.js'
import { approveUrl, openChannel } from './farcaster-channels.js'
import { redeemFarcasterChannel } from './redeem-farcaster-channel.js'

export const FARCASTER_NOT_OFFERED = 'Sign-in with Farcaster is not available on this service'

/**
 * Sign In With Farcaster for the frame: open a channel bound to the device, then long-poll it. Not
 * `enabled` (the local Farcaster client is a development tool), both answer 404 NOT_FOUND.
 */
export const farcasterLoginRoutes: FastifyPluginAsync<{ ctx: AuthContext; enabled: boolean }> = async (
  app,
  { ctx, enabled },
) => {
  if (!enabled) {
    const notOffered = async () => {
      throw new AuthError('NOT_FOUND', FARCASTER_NOT_OFFERED)
    }
    app.post('/farcaster/channel', notOffered)
    app.post('/farcaster/connect', notOffered)
    return
  }
  app.post('/farcaster/channel', async (request) => {
    const { deviceId, site } = parseRequest(farcasterChannelRequestSchema, request.body)
    const channel = await openChannel(ctx.db, {
      domain: new URL(ctx.publicUrl).host,
      uri: ctx.publicUrl,
      deviceId,
      site: site === undefined ? undefined : new URL(site).origin,
      now: ctx.now(),
    })
    return {
      channelToken: channel.channel_token,
      url: approveUrl(ctx.publicUrl, channel.channel_token),
      code: channelCode(channel.channel_token),
    }
  })

  app.post('/farcaster/connect', async (request) => {
    const { channelToken, deviceId } = parseRequest(farcasterConnectRequestSchema, request.body)
    return redeemFarcasterChannel(ctx, channelToken, deviceId)
  })
}
