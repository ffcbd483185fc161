import type { swapToastMessages } from '../features/swap/swap-messages.js'
import type { Translation } from './catalogue.js'
import type { coreMessages, errorMessages } from './messages.js'

/** A locale's file of the core's catalogues (`locales/<tag>.ts`), by catalogue id. */
export interface CoreLocale {
  core: Translation<typeof coreMessages.messages>
  errors: Translation<typeof errorMessages.messages>
  'swap-toasts': Translation<typeof swapToastMessages.messages>
}
