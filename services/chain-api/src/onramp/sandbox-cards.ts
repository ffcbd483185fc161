/** The sandbox's documented test cards: any expiry in the future, any CVC. */
export const SANDBOX_TEST_CARDS = {
  /** Paid: the purchase is delivered. */
  approved: '4242 4242 4242 4242',
  /** Declined by the (pretend) issuer: the purchase fails. */
  declined: '4000 0000 0000 0002',
} as const

export type CardOutcome = 'approved' | 'declined' | 'not-a-test-card'

const digitsOf = (value: string) => value.replace(/[\s-]/g, '')

/** What the sandbox does with a card number: only its test cards are accepted. */
export function sandboxCardOutcome(cardNumber: string): CardOutcome {
  const digits = digitsOf(cardNumber)
  if (digits === digitsOf(SANDBOX_TEST_CARDS.approved)) return 'approved'
  if (digits === digitsOf(SANDBOX_TEST_CARDS.declined)) return 'declined'
  return 'not-a-test-card'
}
