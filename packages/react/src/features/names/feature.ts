import { defineFeature } from '../define-feature.js'
import { namesMessages } from './messages.js'

export const names = defineFeature({
  id: 'names',
  messages: namesMessages,
  views: {
    RegisterAccountName: { title: 'registerTitle', load: () => import('./register-account-name-view.js') },
    RegisterAccountNameSuccess: {
      title: 'successTitle',
      load: () => import('./register-account-name-success-view.js'),
    },
  },
  // Any connected wallet can register a name, not only the embedded one; an account that has one
  // already (its identity says so) is not offered another.
  accountRows: [
    {
      view: 'RegisterAccountName',
      label: 'chooseName',
      visible: ({ named, chainId }) => !named && typeof chainId !== 'string',
    },
  ],
})
