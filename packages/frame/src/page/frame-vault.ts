import { addressSchema, deviceIdSchema, flowIdSchema, flowSecretSchema, hexShareSchema } from '@portico/wire'
import * as z from 'zod/mini'
import { type DeviceShareKey, memoryDeviceShareKey } from './device-share-key.js'
import { openDeviceShare, sealDeviceShare } from './device-share-seal.js'
import type { KeyValueStorage } from './key-value-storage.js'

/**
 * The frame's own storage (its origin, partitioned per dApp site): device id, session and device shares.
 * Sign-out removes only the session, so the device keeps its id and share and is recognised next time.
 * Device shares are stored sealed under the frame's non-extractable wrapping key (`device-share-key.ts`):
 * the storage holds ciphertext only.
 */

export const VAULT_KEYS = {
  deviceId: '@portico-frame/device-id',
  session: '@portico-frame/session',
  deviceShares: '@portico-frame/device-shares',
  chainId: '@portico-frame/chain-id',
  socialFlow: '@portico-frame/social-flow',
} as const

/** The social login in progress: the service's flow id and the secret that redeems its result. */
const socialFlowSchema = z.object({ flowId: flowIdSchema, secret: flowSecretSchema })
export type SocialFlow = z.infer<typeof socialFlowSchema>
const sessionSchema = z.object({ token: z.string(), expiresAt: z.string(), userId: z.string() })
export type StoredSession = z.infer<typeof sessionSchema>
const deviceShareSchema = z.object({ address: addressSchema, share: hexShareSchema })
export type DeviceShare = z.infer<typeof deviceShareSchema>
/** base64url of IV ‖ ciphertext ‖ tag (`device-share-seal.ts`). */
const sealedShareSchema = z.object({
  address: addressSchema,
  sealed: z.string().check(z.regex(/^[A-Za-z0-9_-]+$/), z.maxLength(1400)),
})
/** Sealed, or plaintext as frames stored it before (sealed at its first read). */
const storedShareSchema = z.union([sealedShareSchema, deviceShareSchema])
// Entries, not an object keyed by user id: a user id like `__proto__` must stay plain data.
const deviceSharesSchema = z.array(z.tuple([z.string(), storedShareSchema])).check(z.maxLength(32))

export function createFrameVault(
  storage: KeyValueStorage,
  randomBytes: (size: number) => Uint8Array,
  /** The wrapping key of device shares; one for the page's life (shares do not persist) by default. */
  shareKey: DeviceShareKey = memoryDeviceShareKey(),
) {
  const read = <T>(key: string, schema: z.ZodMiniType<T>): T | undefined => {
    try {
      const raw = storage.getItem(key)
      if (raw === null) return undefined
      const parsed = schema.safeParse(JSON.parse(raw))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  }
  const write = (key: string, value: unknown) => {
    try {
      storage.setItem(key, JSON.stringify(value))
    } catch {}
  }
  const remove = (key: string) => {
    try {
      storage.removeItem(key)
    } catch {}
  }
  const shares = () => read(VAULT_KEYS.deviceShares, deviceSharesSchema) ?? []

  async function setDeviceShare(userId: string, { address, share }: DeviceShare): Promise<void> {
    const sealed = await sealDeviceShare(await shareKey(), share, { userId, address }, randomBytes)
    // Read after sealing: a write that landed meanwhile (another user's share) is kept.
    const others = shares().filter(([id]) => id !== userId)
    write(VAULT_KEYS.deviceShares, [...others.slice(-31), [userId, { address, sealed }]])
  }

  /** The user's device share, or undefined when none is stored or it does not open (then recovery runs). */
  async function deviceShare(userId: string): Promise<DeviceShare | undefined> {
    const stored = shares().find(([id]) => id === userId)?.[1]
    if (!stored) return undefined
    const { address } = stored
    if ('share' in stored) {
      // Stored in plaintext by an earlier frame: sealed now, and the plaintext is gone with the rewrite.
      await setDeviceShare(userId, stored)
      return { address, share: stored.share }
    }
    const share = await shareKey()
      .then((key) => openDeviceShare(key, stored.sealed, { userId, address }))
      .catch(() => undefined)
    const parsed = hexShareSchema.safeParse(share)
    return parsed.success ? { address, share: parsed.data } : undefined
  }

  return {
    deviceId(): string {
      const stored = read(VAULT_KEYS.deviceId, deviceIdSchema)
      if (stored) return stored
      const id = [...randomBytes(16)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
      write(VAULT_KEYS.deviceId, id)
      return id
    },
    session: () => read(VAULT_KEYS.session, sessionSchema),
    setSession: (session: StoredSession) => write(VAULT_KEYS.session, session),
    clearSession: () => {
      remove(VAULT_KEYS.session)
      remove(VAULT_KEYS.socialFlow)
    },
    deviceShare,
    setDeviceShare,
    chainId: () => read(VAULT_KEYS.chainId, z.number().check(z.int(), z.positive())),
    setChainId: (chainId: number) => write(VAULT_KEYS.chainId, chainId),
    socialFlow: () => read(VAULT_KEYS.socialFlow, socialFlowSchema),
    setSocialFlow: (flow: SocialFlow) => write(VAULT_KEYS.socialFlow, flow),
    clearSocialFlow: () => remove(VAULT_KEYS.socialFlow),
  }
}
export type FrameVault = ReturnType<typeof createFrameVault>
