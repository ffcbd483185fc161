import type { NamesError } from '@portico/core'
import { namesViewMessages } from './view-messages.js'

const { t } = namesViewMessages

/** What a visitor reads for a names error (spec §8): the service's reason when it gave one. */
export function namesErrorText(error: NamesError): string {
  if (error.reason) return error.reason
  switch (error.kind) {
    case 'resolve':
      return t('errorResolvingName')
    case 'suggestions':
      return t('errorFetchingSuggestions')
    case 'reverse':
      return t('errorFetchingNames')
    case 'network':
      return t('networkNotFound')
    case 'account':
      return t('addressNotFound')
    case 'register':
      return t('errorRegisteringName', { name: error.accountName ?? '' })
  }
}
