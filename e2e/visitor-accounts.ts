import { DEV_MNEMONIC, devAccount, devToken } from '@portico/devnet'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type HDAccount,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { stack } from './fixtures.js'

/**
 * A test wallet account past the devnet's funded ten, for one e2e file alone: what it sends, swaps or
 * buys moves no balance another file checks. Give it a starting balance with fundOnChain1.
 */
export function visitorAccount(index: number): HDAccount {
  return mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index })
}

/**
 * Pays `to` a starting balance on chain 1 (ETH, and USDC if asked) from dev account 8, funded and not
 * the deployer whose nonces seed the contracts; resolves once the payments have landed.
 */
export async function fundOnChain1(to: Address, amounts: { eth: string; usdc?: string }): Promise<void> {
  const transport = http(`${stack().devnet.replace(/\/$/, '')}/1`)
  const wallet = createWalletClient({ account: devAccount(8), transport })
  const hashes = [await wallet.sendTransaction({ chain: null, to, value: parseEther(amounts.eth) })]
  if (amounts.usdc) {
    hashes.push(
      await wallet.writeContract({
        chain: null,
        address: devToken('USDC').address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, parseUnits(amounts.usdc, 6)],
      }),
    )
  }
  const chain = createPublicClient({ transport })
  for (const hash of hashes) await chain.waitForTransactionReceipt({ hash })
}

/**
 * A history of `count` rows: `from` pays `to` 0.001 ETH that many times on chain 1, one after another
 * (its own nonces); resolves once the last has landed.
 */
export async function payRepeatedly(from: HDAccount, to: Address, count: number): Promise<void> {
  const transport = http(`${stack().devnet.replace(/\/$/, '')}/1`)
  const wallet = createWalletClient({ account: from, transport })
  const chain = createPublicClient({ transport })
  for (let paid = 0; paid < count; paid++) {
    const hash = await wallet.sendTransaction({ chain: null, to, value: parseEther('0.001') })
    await chain.waitForTransactionReceipt({ hash })
  }
}
