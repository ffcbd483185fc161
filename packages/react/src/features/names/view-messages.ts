import { defineMessages } from '@portico/core/internal'

/** The name views' own text; it loads with the views. */
export const namesViewMessages = defineMessages({
  id: 'names-view',
  messages: {
    nameLabel: 'Your name',
    namePlaceholder: 'yourname',
    nameHint: 'Shown instead of your address. Letters, digits and hyphens, at least 4 characters.',
    checking: 'Checking…',
    available: 'Available',
    taken: 'Taken',
    nameTaken: '{name} is already registered',
    register: 'Register {name}',
    registerEmpty: 'Register',
    signInWallet: 'Sign the message in your wallet…',
    suggestionsLabel: 'Available names',
    use: 'Use',
    ruleCharacters: 'Use letters, digits and hyphens only',
    ruleTooShort: 'A name needs at least 4 characters',
    ruleTooLong: 'A name can have at most 63 characters',
    ruleHyphens: "A name can't start or end with a hyphen, or have hyphens as its 3rd and 4th characters",
    registeredHeading: '{name} is yours',
    registeredBody: 'It now shows on the button and in your account instead of your address.',
    backToAccount: 'Back to account',
    // Spec §8: name errors.
    errorResolvingName: 'Error resolving name',
    errorFetchingSuggestions: 'Error fetching name suggestions',
    errorFetchingNames: 'Error fetching names for address',
    errorRegisteringName: 'Error registering name {name}',
    networkNotFound: 'Network not found',
    addressNotFound: 'Address or auth connector not found',
  },
})
