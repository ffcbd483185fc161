import { addTranslationSource, defineMessages } from './catalogue.js'
import { coreEntries, errorEntries } from './core-entries.js'

/**
 * The core's own catalogue: the strings its runtime shows by itself (toasts, connector names) and
 * the buttons' strings (buttonMessages, kept apart for the first paint). Each view's strings live in
 * its feature's catalogue (packages/react/src/features/<feature>/messages.ts); the errors' texts in
 * `errorMessages` below.
 */
export const coreMessages = defineMessages({
  id: 'core',
  messages: coreEntries,
})

// The core's text in other languages: a table of locale chunks, itself loaded only for a translated locale.
addTranslationSource((locale) =>
  import('./core-translation.js').then(({ coreTranslation }) => coreTranslation(locale)),
)

/** The core catalogue's messages in the source language. */
export const messages = coreMessages.messages

export type MessageKey = keyof typeof messages

/** A core message in the active locale, with `{name}` placeholders filled. */
export const t = coreMessages.t

// ---------------------------------------------------------------------------------------------------
// Errors: the text the modal shows for each PorticoErrorCode, read through `errorMessage` (never from
// an error's own message). `{wallet}` is the wallet's name. An error that carries a count `n`
// (seconds to wait, tries left) shows the counted form `<code>_COUNTED` where the catalogue has one.

/** The errors' catalogue: a text per code, and counted forms for the codes that carry a count. */
export const errorMessages = defineMessages({
  id: 'errors',
  messages: errorEntries,
})
