import type { ModalUi } from './flow-types.js'

/** After a switch from Networks: back to the view before it (Account), or close a Networks opened alone. */
export function leaveNetworks({ router, modal }: Pick<ModalUi, 'router' | 'modal'>): void {
  const index = router.indexOf('Networks')
  if (index > 0) router.goBackToIndex(index - 1)
  else modal.close()
}
