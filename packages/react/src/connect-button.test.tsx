import type { ChainAdapterFactory } from '@portico/core/internal'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ConnectButton } from './connect-button.js'
import { NetworkButton } from './network-button.js'
import { PorticoProvider } from './portico-provider.js'
import type { ConnectButtonState } from './use-connect-button.js'

const adapter: ChainAdapterFactory = {
  namespace: 'eip155',
  isAddress: (address: string) => /^0x[0-9a-fA-F]{40}$/.test(address),
  watchConnectors: () => () => {},
  load: () => Promise.reject(new Error('not loaded in this test')),
}
const config = { projectId: 'button-test', networks: [10], adapters: [adapter] }

describe('ConnectButton.Custom', () => {
  it('hands the render function the state, the label and the modal openers', () => {
    let state: ConnectButtonState | undefined
    const html = renderToString(
      <PorticoProvider config={config}>
        <ConnectButton.Custom>
          {(current) => {
            state = current
            return (
              <button
                type="button"
                className="my-button"
                onClick={current.openConnectModal}
                {...current.intentProps}
              >
                {current.account ? current.account.displayName : current.label}
              </button>
            )
          }}
        </ConnectButton.Custom>
      </PorticoProvider>,
    )
    expect(html).toContain('class="my-button"')
    expect(html).toContain('Connect wallet')
    expect(state).toMatchObject({
      status: 'disconnected',
      account: undefined,
      chain: { id: 10, name: 'OP Mainnet', unsupported: false },
      label: 'Connect wallet',
    })
    expect(typeof state?.openAccountModal).toBe('function')
    expect(typeof state?.openChainModal).toBe('function')
    // The intent handlers make a custom button fetch the modal on hover and focus, as Portico's own do.
    expect(Object.keys(state?.intentProps ?? {})).toEqual(
      expect.arrayContaining(['onPointerEnter', 'onFocus']),
    )
  })
})

describe('the theme reaches the buttons', () => {
  it('sets the configured --portico-* variables on the connect and network buttons', () => {
    const html = renderToString(
      <PorticoProvider
        config={{ ...config, themeVariables: { '--portico-accent': '#e4007c', '--portico-font': 'Inter' } }}
      >
        <NetworkButton />
        <ConnectButton />
      </PorticoProvider>,
    )
    const styles = (html.match(/style="[^"]*"/g) ?? []).filter((style) => style.includes('--portico'))
    expect(styles).toEqual([
      'style="--portico-accent:#e4007c;--portico-font:Inter"',
      'style="--portico-accent:#e4007c;--portico-font:Inter"',
    ])
  })
})
