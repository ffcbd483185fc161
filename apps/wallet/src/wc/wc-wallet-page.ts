import { solanaDevSigner } from '@portico/devnet/solana'
import { SignClient } from '@walletconnect/sign-client'
import { CALLS_METHODS, handleCallsMethod } from '../calls-methods.js'
import { testWalletAccount } from '../test-wallet-account.js'
import { type AuthPayload, prepareAuthentication, signAuthentication } from './session-authentication.js'
import { approvedNamespaces, summarizeProposal } from './session-namespaces.js'
import { createWcBatches, wcCallsContext } from './wc-calls.js'
import { answerWith, executeWcRequest } from './wc-request-handler.js'
import { executeWcSolanaRequest, solanaMessageText } from './wc-solana-request-handler.js'
import { readWcWalletOptions } from './wc-wallet-options.js'

type Client = Awaited<ReturnType<typeof SignClient.init>>

const REJECTED = { code: 5000, message: 'User rejected.' }
const DISCONNECTED = { code: 6000, message: 'User disconnected.' }

const options = readWcWalletOptions(
  location.search,
  (globalThis as { __PORTICO_TEST_WALLET__?: { rpcBase?: unknown; solanaRpcBase?: unknown } })
    .__PORTICO_TEST_WALLET__,
)
const account = testWalletAccount(options.accountIndex)
const batches = createWcBatches(account, options.rpcBase)

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { ariaLabel?: string } = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props)
  if (props.ariaLabel) node.setAttribute('aria-label', props.ariaLabel)
  node.append(...children)
  return node
}

const $ = (id: string) => document.getElementById(id) as HTMLElement
const status = (text: string) => {
  $('status').textContent = text
}

function renderSessions(client: Client) {
  const sessions = client.session.getAll()
  $('sessions').replaceChildren(
    ...sessions.map((session) =>
      el(
        'li',
        { ariaLabel: `Session with ${session.peer.metadata.name}` },
        el('span', {}, `${session.peer.metadata.name} (${session.peer.metadata.url}) `),
        el('button', {
          type: 'button',
          textContent: 'Disconnect',
          onclick: async () => {
            await client.disconnect({ topic: session.topic, reason: DISCONNECTED })
            renderSessions(client)
            status('Disconnected')
          },
        }),
      ),
    ),
  )
  if (sessions.length === 0) $('sessions').append(el('li', {}, 'No session'))
}

async function main() {
  const solanaSigner = await solanaDevSigner(options.accountIndex)
  $('address').textContent = account.address
  $('solana-address').textContent = solanaSigner.address
  $('namespaces').textContent = options.namespaces.join(', ')
  $('relay').textContent = options.relayUrl
  $('one-click').textContent = options.oneClickAuth ? 'on' : 'off'
  const client = await SignClient.init({
    relayUrl: options.relayUrl,
    telemetryEnabled: false,
    logger: 'error',
    customStoragePrefix: 'portico-test-wallet',
    metadata: {
      name: 'Portico Test Wallet',
      description: 'The Portico test wallet over WalletConnect',
      url: location.origin,
      icons: [],
    },
  })
  // Offline, the Verify lookup can only fail; the local relay is trusted anyway.
  client.core.verify.resolve = (async () => undefined) as unknown as typeof client.core.verify.resolve
  renderSessions(client)

  client.on('session_proposal', ({ id, params }) => {
    const summary = summarizeProposal(params.requiredNamespaces, params.optionalNamespaces)
    // The wallet's account in each namespace it approves (`?namespaces=` leaves some out).
    const addresses = {
      ...(options.namespaces.includes('eip155') ? { eip155: account.address } : {}),
      ...(options.namespaces.includes('solana') ? { solana: solanaSigner.address } : {}),
    }
    const proposed = Object.values(summary)
    const { name, url, icons } = params.proposer.metadata
    const answer = async (approve: boolean) => {
      card.remove()
      try {
        if (approve) {
          const { acknowledged } = await client.approve({
            id,
            namespaces: approvedNamespaces(summary, addresses),
          })
          await acknowledged()
          status(`Connected to ${name}`)
        } else {
          await client.reject({ id, reason: REJECTED })
          status(`Rejected ${name}`)
        }
      } catch (error) {
        status(`Error: ${(error as Error).message}`)
      }
      renderSessions(client)
    }
    const card = el(
      'section',
      { className: 'card', ariaLabel: 'Session proposal' },
      el('h2', {}, icons[0] ? el('img', { src: icons[0], alt: '', width: 32, height: 32 }) : '', ` ${name}`),
      el('p', {}, url),
      el(
        'p',
        {},
        'Chains: ',
        el('code', { className: 'chains' }, proposed.flatMap((entry) => entry.chains).join(', ')),
      ),
      el(
        'p',
        {},
        'Methods: ',
        el('code', { className: 'methods' }, proposed.flatMap((entry) => entry.methods).join(', ')),
      ),
      el('button', {
        type: 'button',
        className: 'approve',
        textContent: 'Approve',
        onclick: () => answer(true),
      }),
      el('button', { type: 'button', textContent: 'Reject', onclick: () => answer(false) }),
    )
    $('proposals').append(card)
  })

  // One-click auth: with a listener, sign-client leaves the proposal sent alongside unanswered; without
  // one (`?oneClickAuth=0`), the wallet is one that only knows session proposals.
  if (options.oneClickAuth) {
    client.on('session_authenticate', ({ id, params }) => {
      const { name, url } = params.requester.metadata
      let prepared: ReturnType<typeof prepareAuthentication>
      try {
        prepared = prepareAuthentication(params.authPayload as AuthPayload, account.address)
      } catch (error) {
        status(`Error: ${(error as Error).message}`)
        void client.rejectSessionAuthenticate({ id, reason: { code: 5002, message: String(error) } })
        return
      }
      const answer = async (approve: boolean) => {
        card.remove()
        try {
          if (approve) {
            const auth = await signAuthentication(prepared, account)
            await client.approveSessionAuthenticate({ id, auths: [auth] })
            status(`Signed in to ${name}`)
          } else {
            await client.rejectSessionAuthenticate({ id, reason: REJECTED })
            status(`Rejected ${name}`)
          }
        } catch (error) {
          status(`Error: ${(error as Error).message}`)
        }
        renderSessions(client)
      }
      const card = el(
        'section',
        { className: 'card', ariaLabel: 'Sign-in request' },
        el('h2', {}, `${name} asks you to connect and sign in`),
        el('p', {}, url),
        el('pre', { className: 'message' }, prepared.message),
        el('button', {
          type: 'button',
          className: 'approve',
          textContent: 'Approve',
          onclick: () => answer(true),
        }),
        el('button', { type: 'button', textContent: 'Reject', onclick: () => answer(false) }),
      )
      $('proposals').append(card)
    })
  }

  client.on('session_request', ({ id, topic, params }) => {
    const { request, chainId } = params
    const chain = Number(chainId.split(':')[1])
    const onSolana = chainId.startsWith('solana:')
    if (!onSolana && CALLS_METHODS.has(request.method)) {
      // EIP-5792: reads are answered at once; a batch gets one card for all its calls.
      const session = client.session.get(topic)
      const context = wcCallsContext({
        account,
        batches,
        origin: session.peer.metadata.url,
        chainIds: [
          ...new Set((session.namespaces.eip155?.accounts ?? []).map((a) => Number(a.split(':')[1]))),
        ],
        list: $('requests'),
      })
      void answerWith(client, topic, id, request.method, () =>
        handleCallsMethod(context, request.method, Array.isArray(request.params) ? request.params : []),
      ).then(status)
      return
    }
    const respond = async (approve: boolean) => {
      item.remove()
      if (!approve) {
        await client.respond({ topic, response: { id, jsonrpc: '2.0', error: REJECTED } })
        return
      }
      status(
        await answerWith(client, topic, id, request.method, () =>
          onSolana
            ? executeWcSolanaRequest(request, {
                signer: solanaSigner,
                chainId,
                solanaRpcBase: options.solanaRpcBase,
              })
            : executeWcRequest(request, {
                account,
                chainId: chain,
                rpcBase: options.rpcBase,
                switchChain: (next) =>
                  client.emit({
                    topic,
                    chainId: `eip155:${next}`,
                    event: { name: 'chainChanged', data: next },
                  }),
              }),
        ),
      )
    }
    const item = el(
      'li',
      { className: 'card', ariaLabel: `Request ${request.method}` },
      el('b', {}, request.method),
      ` on ${chainId}`,
      request.method === 'solana_signMessage'
        ? el('pre', { className: 'message' }, solanaMessageText(request.params) ?? '(not base58)')
        : '',
      el('pre', {}, JSON.stringify(request.params, null, 2)),
      el('button', {
        type: 'button',
        className: 'approve',
        textContent: 'Approve',
        onclick: () => respond(true),
      }),
      el('button', { type: 'button', textContent: 'Reject', onclick: () => respond(false) }),
    )
    $('requests').append(item)
  })

  client.on('session_delete', () => {
    renderSessions(client)
    status('The dApp disconnected')
  })

  const form = $('pair-form') as HTMLFormElement
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const input = $('uri') as HTMLInputElement
    const uri = input.value.trim()
    if (!uri.startsWith('wc:')) return status('Paste a wc: URI')
    status('Pairing…')
    try {
      await client.core.pairing.pair({ uri })
      input.value = ''
      status('Paired: waiting for the proposal')
    } catch (error) {
      status(`Error: ${(error as Error).message}`)
    }
  })
  document.body.dataset.ready = 'true'
  status('Ready')
}

main().catch((error) => status(`Error: ${(error as Error).message}`))
