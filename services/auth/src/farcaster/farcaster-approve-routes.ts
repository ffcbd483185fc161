import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { createSiweMessage } from 'viem/siwe'
import * as z from 'zod/mini'
import type { AuthContext } from '../auth-context.js'
import { escapeHtml, htmlPage } from '../html.js'
import { channelCode } from './channel-code.js'
import { custodyAccount, FARCASTER_USERNAME, fidForUsername } from './farcaster-accounts.js'
import {
  authenticateChannel,
  type FarcasterChannel,
  findLiveChannel,
  rejectChannel,
} from './farcaster-channels.js'

const tokenSchema = z.string().check(z.minLength(1), z.maxLength(200))
const pageQuerySchema = z.object({ channelToken: tokenSchema })
const approveBodySchema = z.object({
  channelToken: tokenSchema,
  action: z.enum(['approve', 'reject']),
  username: z.optional(z.string().check(z.maxLength(100))),
})

const GONE = 'This sign-in request has expired or was already answered. Close this window and try again.'

/**
 * The local Farcaster client: the page a visitor opens from the channel URL. Approving signs a Sign In
 * With Farcaster message with the username's test custody key and authenticates the channel.
 */
export const farcasterApproveRoutes: FastifyPluginAsync<{ ctx: AuthContext }> = async (app, { ctx }) => {
  const page = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // Approving is one click: never inside someone else's frame.
      .header('content-security-policy', "frame-ancestors 'none'")
      .send(htmlPage('Sign in with Farcaster', body))

  const form = (channel: FarcasterChannel, username: string, error?: string) =>
    `<h1>Sign in with Farcaster</h1>
<p><strong>${escapeHtml(channel.site ?? channel.domain)}</strong> wants you to sign in with your Farcaster account${channel.site ? ` (through ${escapeHtml(channel.domain)})` : ''}.</p>
<p>Sign-in code: <strong data-code>${escapeHtml(channelCode(channel.channel_token))}</strong></p>
<p>Approve only if the site you are signing in to shows this same code. If you did not start this sign-in, reject it.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="approve">
<input type="hidden" name="channelToken" value="${escapeHtml(channel.channel_token)}">
<p><label for="username">Username</label><br>
<input id="username" name="username" type="text" value="${escapeHtml(username)}" autocomplete="username" required></p>
<p><button type="submit" name="action" value="approve">Approve</button>
<button type="submit" name="action" value="reject" formnovalidate>Reject</button></p>
</form>`

  const pendingChannel = async (token: string) => {
    const channel = await findLiveChannel(ctx.db, token, ctx.now())
    return channel?.status === 'pending' ? channel : undefined
  }

  app.get('/approve', async (request, reply) => {
    const query = pageQuerySchema.safeParse(request.query)
    const channel = query.success ? await pendingChannel(query.data.channelToken) : undefined
    if (!channel) return page(reply, 404, `<h1>${escapeHtml(GONE)}</h1>`)
    return page(reply, 200, form(channel, ''))
  })

  app.post('/approve', async (request, reply) => {
    const body = approveBodySchema.safeParse(request.body)
    if (!body.success) return page(reply, 400, '<h1>Invalid request.</h1>')
    const channel = await pendingChannel(body.data.channelToken)
    if (!channel) return page(reply, 404, `<h1>${escapeHtml(GONE)}</h1>`)
    if (body.data.action === 'reject') {
      await rejectChannel(ctx.db, channel.channel_token, ctx.now())
      return page(reply, 200, '<h1>Sign-in rejected. You can close this window.</h1>')
    }
    const username = (body.data.username ?? '').trim().toLowerCase()
    if (!FARCASTER_USERNAME.test(username)) {
      const error = 'A username is 1 to 16 lowercase letters, digits or hyphens.'
      return page(reply, 400, form(channel, body.data.username ?? '', error))
    }
    const fid = await fidForUsername(ctx.db, username)
    const account = custodyAccount(ctx.masterKey, username)
    const message = createSiweMessage({
      domain: channel.domain,
      address: account.address,
      statement: 'Farcaster Auth',
      uri: channel.uri,
      version: '1',
      chainId: 10,
      nonce: channel.nonce,
      issuedAt: ctx.now(),
      expirationTime: channel.expires_at,
      requestId: channelCode(channel.channel_token),
      resources: [`farcaster://fid/${fid}`],
    })
    const signature = await account.signMessage({ message })
    await authenticateChannel(
      ctx.db,
      ctx.masterKey,
      channel.channel_token,
      { message, signature, fid, username },
      ctx.now(),
    )
    return page(reply, 200, '<h1>Signed in. You can close this window.</h1>')
  })
}
