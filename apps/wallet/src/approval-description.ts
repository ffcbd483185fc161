/** What the test wallet's prompt says of a request. */
export interface ApprovalDescription {
  /** One sentence saying what approving does. */
  readonly title: string
  /** Labelled details shown under the title. */
  readonly details: readonly { readonly label: string; readonly value: string }[]
  /** Nothing to decide, only to read: the prompt offers Close instead of Reject and Approve. */
  readonly informational?: boolean
}
