import type { swapToastMessages } from '../features/swap/swap-messages.js'
import type { Translation } from './catalogue-types.js'
import type { coreEntries, errorEntries } from './core-entries.js'

/** A locale's file of the core's catalogues (`locales/<tag>.ts`), by catalogue id. */
export interface CoreLocale {
  core: Translation<typeof coreEntries>
  errors: Translation<typeof errorEntries>
  'swap-toasts': Translation<typeof swapToastMessages.messages>
}
