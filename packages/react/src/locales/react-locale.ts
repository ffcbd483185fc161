import type { Translation } from '@portico/core/internal'
import type { componentMessages } from '../components/component-messages.js'
import type { setupErrorMessages } from '../components/setup-error-messages.js'
import type { accountMessages } from '../features/account/messages.js'
import type { permissionViewMessages } from '../features/account/permission-messages.js'
import type { accountViewMessages } from '../features/account/view-messages.js'
import type { activityMessages } from '../features/activity/messages.js'
import type { activityViewMessages } from '../features/activity/view-messages.js'
import type { authMessages } from '../features/auth/messages.js'
import type { authViewMessages } from '../features/auth/view-messages.js'
import type { helpMessages } from '../features/help/messages.js'
import type { helpViewMessages } from '../features/help/view-messages.js'
import type { namesMessages } from '../features/names/messages.js'
import type { namesViewMessages } from '../features/names/view-messages.js'
import type { onrampMessages } from '../features/onramp/messages.js'
import type { onrampViewMessages } from '../features/onramp/view-messages.js'
import type { pairingMessages } from '../features/pairing/messages.js'
import type { pairingViewMessages } from '../features/pairing/view-messages.js'
import type { sendMessages } from '../features/send/messages.js'
import type { sendViewMessages } from '../features/send/view-messages.js'
import type { siweMessages } from '../features/siwe/messages.js'
import type { siweViewMessages } from '../features/siwe/view-messages.js'
import type { swapMessages } from '../features/swap/messages.js'
import type { swapViewMessages } from '../features/swap/view-messages.js'
import type { walletListMessages } from '../features/wallet-list/messages.js'
import type { walletListViewMessages } from '../features/wallet-list/view-messages.js'
import type { modalMessages } from '../modal/modal-messages.js'

/** A locale's file of this package's catalogues (`locales/<tag>.ts`), by catalogue id. */
export interface ReactLocale {
  components: Translation<typeof componentMessages.messages>
  'setup-errors': Translation<typeof setupErrorMessages.messages>
  'wallet-list': Translation<typeof walletListMessages.messages>
  'wallet-list-view': Translation<typeof walletListViewMessages.messages>
  activity: Translation<typeof activityMessages.messages>
  'activity-view': Translation<typeof activityViewMessages.messages>
  auth: Translation<typeof authMessages.messages>
  'auth-view': Translation<typeof authViewMessages.messages>
  pairing: Translation<typeof pairingMessages.messages>
  'pairing-view': Translation<typeof pairingViewMessages.messages>
  account: Translation<typeof accountMessages.messages>
  'account-view': Translation<typeof accountViewMessages.messages>
  'permissions-view': Translation<typeof permissionViewMessages.messages>
  siwe: Translation<typeof siweMessages.messages>
  'siwe-view': Translation<typeof siweViewMessages.messages>
  names: Translation<typeof namesMessages.messages>
  'names-view': Translation<typeof namesViewMessages.messages>
  onramp: Translation<typeof onrampMessages.messages>
  'onramp-view': Translation<typeof onrampViewMessages.messages>
  help: Translation<typeof helpMessages.messages>
  'help-view': Translation<typeof helpViewMessages.messages>
  swap: Translation<typeof swapMessages.messages>
  'swap-views': Translation<typeof swapViewMessages.messages>
  send: Translation<typeof sendMessages.messages>
  'send-view': Translation<typeof sendViewMessages.messages>
  modal: Translation<typeof modalMessages.messages>
}
