import { getAddress } from 'viem'
import { isEvmAddress } from '../../config/validation.js'
import type { ChainNamespace } from '../../connection/caip.js'
import { looksLikeName } from './resolve-name.js'
import { connectionOf, type SendContext, setSendState } from './send-context.js'
import { scheduleEstimate } from './send-fee.js'

/** The checksummed form (the spec's rule takes any case, with or without 0x): what the wallet will show. */
const normalizeAddress = (value: string) =>
  getAddress((value.startsWith('0x') ? value : `0x${value}`).toLowerCase())

/** The namespace's own address rule (Solana's: base58 of a 32-byte key), from its adapter. */
const isAccountAddress = (context: SendContext, namespace: ChainNamespace, value: string) =>
  context.portico.config.adapters.find((adapter) => adapter.namespace === namespace)?.isAddress(value) ??
  false

const noProfile = { receiverProfileName: undefined, receiverProfileImage: undefined }

/** An address is taken as typed (checksummed on EVM); a name is looked up after the debounce. */
export function setReceiver(context: SendContext, text: string) {
  const input = text.trim()
  clearTimeout(context.nameTimer)
  const request = ++context.nameRequest
  const namespace = connectionOf(context)?.namespace ?? 'eip155'
  const evm = namespace === 'eip155'
  if (input === '') {
    setSendState(context, {
      receiverInput: text,
      receiverAddress: undefined,
      receiverStatus: 'empty',
      ...noProfile,
    })
  } else if (evm ? isEvmAddress(input) : isAccountAddress(context, namespace, input)) {
    setSendState(context, {
      receiverInput: text,
      receiverAddress: evm ? normalizeAddress(input) : input,
      receiverStatus: 'address',
      ...noProfile,
    })
  } else if (evm && looksLikeName(input)) {
    // Names (`alice.wcn.id`) resolve to EVM addresses only: elsewhere a name is no receiver.
    setSendState(context, {
      receiverInput: text,
      receiverAddress: undefined,
      receiverStatus: 'resolving',
      ...noProfile,
    })
    context.nameTimer = setTimeout(() => void resolveReceiver(context, input, request), context.nameDelay)
    return
  } else {
    setSendState(context, {
      receiverInput: text,
      receiverAddress: undefined,
      receiverStatus: 'invalid',
      ...noProfile,
    })
  }
  scheduleEstimate(context)
}

async function resolveReceiver(context: SendContext, input: string, request: number) {
  const chainId = connectionOf(context)?.chainId
  try {
    // Names resolve on EVM chains only.
    if (typeof chainId !== 'number') throw new Error('Not connected to an EVM chain')
    const resolved = await context.lookupName(input, chainId)
    if (request !== context.nameRequest) return
    setSendState(context, {
      receiverAddress: normalizeAddress(resolved.address),
      receiverStatus: 'resolved',
      receiverProfileName: resolved.name,
      receiverProfileImage: resolved.avatar,
    })
    scheduleEstimate(context)
  } catch {
    if (request === context.nameRequest) setSendState(context, { receiverStatus: 'notFound' })
  }
}
