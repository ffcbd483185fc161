import { useModal } from '@portico/react'

/** `?button=own`: the dApp's own button calling `open()`, in place of Portico's buttons. */
export const ownButton =
  typeof location !== 'undefined' && new URLSearchParams(location.search).get('button') === 'own'

export function OwnOpenButton() {
  const { open } = useModal()
  return (
    <button type="button" className="demo-button" onClick={() => open()}>
      Open wallet modal
    </button>
  )
}
