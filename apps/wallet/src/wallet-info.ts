import { TEST_WALLET_ICON } from './wallet-icon.js'

/** The wallet's identity as EIP-6963 announces it (the uuid is made per page, per the EIP). */
export const TEST_WALLET_INFO = Object.freeze({
  name: 'Portico Test Wallet',
  rdns: 'dev.portico.testwallet',
  icon: TEST_WALLET_ICON,
})
