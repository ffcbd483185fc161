/**
 * ERC-7715's `permissions` capability as `wallet_getCapabilities` reports it on every chain: the wallet
 * grants spend limits on the native currency and ERC-20 tokens and enforces them itself (its own signer).
 */
export const PERMISSIONS_CAPABILITY = {
  supported: true,
  signerTypes: ['wallet'],
  permissionTypes: ['native-token-transfer', 'erc20-token-transfer'],
  policyTypes: ['token-allowance'],
} as const
