import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'
import type { AuthContext } from '../auth-context.js'
import { AuthError } from '../auth-errors.js'
import { parseRequest } from '../parse-request.js'
import { bearerToken } from '../sessions.js'
import { FARCASTER_USERNAME } from './farcaster-accounts.js'
import {
  approveUrl,
  authenticateChannel,
  type FarcasterChannel,
  findLiveChannel,
  openChannel,
} from './farcaster-channels.js'

const createChannelSchema = z.object({
  siweUri: z.url().check(z.maxLength(2000)),
  domain: z.string().check(z.regex(/^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/)),
  // EIP-4361: at least 8 alphanumeric characters.
  nonce: z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{8,128}$/))),
})

const authenticateSchema = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(4000)),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]{2,1024}$/)),
  fid: z.number().check(z.int(), z.positive()),
  username: z.string().check(z.regex(FARCASTER_USERNAME)),
  displayName: z.optional(z.string().check(z.maxLength(200))),
  pfpUrl: z.optional(z.url().check(z.maxLength(2000))),
})

/** The channel as the public relay reports it; 'rejected' is this relay's own addition. */
function channelStatus(channel: FarcasterChannel, publicUrl: string) {
  const base = {
    state: channel.status,
    nonce: channel.nonce,
    url: approveUrl(publicUrl, channel.channel_token),
  }
  if (channel.status !== 'completed') return base
  return {
    ...base,
    message: channel.message,
    signature: channel.signature,
    fid: channel.fid,
    username: channel.username,
    displayName: channel.display_name ?? undefined,
    pfpUrl: channel.pfp_url ?? undefined,
    custody: channel.custody,
  }
}

/**
 * A local relay compatible with the public Sign In With Farcaster relay (/v1/channel, /status,
 * /authenticate), stored in the database so any replica serves any channel.
 */
export const farcasterRelayRoutes: FastifyPluginAsync<{ ctx: AuthContext }> = async (app, { ctx }) => {
  const channelOf = async (request: FastifyRequest) => {
    const token = bearerToken(request)
    const channel = token ? await findLiveChannel(ctx.db, token, ctx.now()) : undefined
    if (!channel) throw new AuthError('UNAUTHORIZED', 'Unknown or expired channel token')
    return channel
  }

  app.post('/v1/channel', async (request, reply) => {
    const body = parseRequest(createChannelSchema, request.body)
    const channel = await openChannel(ctx.db, {
      domain: body.domain,
      uri: body.siweUri,
      nonce: body.nonce,
      deviceId: null,
      now: ctx.now(),
    })
    const url = approveUrl(ctx.publicUrl, channel.channel_token)
    return reply
      .code(201)
      .send({ channelToken: channel.channel_token, url, connectUri: url, nonce: channel.nonce })
  })

  app.get('/v1/channel/status', async (request, reply) => {
    const channel = await channelOf(request)
    return reply.code(channel.status === 'pending' ? 202 : 200).send(channelStatus(channel, ctx.publicUrl))
  })

  app.post('/v1/channel/authenticate', async (request, reply) => {
    const channel = await channelOf(request)
    const body = parseRequest(authenticateSchema, request.body)
    const updated = await authenticateChannel(ctx.db, ctx.masterKey, channel.channel_token, body, ctx.now())
    return reply.code(201).send(channelStatus(updated, ctx.publicUrl))
  })
}
