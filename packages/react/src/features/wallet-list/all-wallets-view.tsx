import { SEARCH_MIN_WAIT_MS, type WalletListing, type WalletsState } from '@portico/core/internal'
import { useEffect, useRef, useState } from 'react'
import { EmptyState, emptyStateStyles } from '../../components/empty-state.js'
import { searchFieldStyles } from '../../components/search-field-styles.js'
import { skeletonStyles } from '../../components/skeleton.js'
import { WalletImage } from '../../components/wallet-image.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { walletListMessages } from './messages.js'
import { useSelectWallet } from './use-select-wallet.js'
import { walletListViewMessages } from './view-messages.js'

const { t } = walletListViewMessages

const selectWallets = (state: WalletsState) => state

/**
 * The view has one height whatever the grid holds (loading, a search with one result or none): the
 * search field stays on top and the grid scrolls below it.
 */
export const styles = `${skeletonStyles}${emptyStateStyles}${searchFieldStyles}
.grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(76px,1fr));gap:6px}
.tile{all:unset;box-sizing:border-box;width:100%;display:flex;flex-direction:column;align-items:center;gap:6px;padding:10px 4px;border-radius:14px;background:var(--portico-surface);cursor:pointer}
.tile:hover{background:var(--portico-surface-hover)}
.tile-name{font-size:11px;font-weight:600;max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.all-wallets{display:flex;flex-direction:column;gap:8px;height:min(540px,calc(100dvh - 110px))}
.all-wallets .search{flex:none}
.all-wallets-scroll{flex:1;min-height:0;overflow-y:auto;margin-inline:-4px;padding-inline:4px}
`

/** Placeholder tiles: a first page fills the view; a next page shows two rows under the grid. */
const SKELETON_PAGE = 20
const SKELETON_MORE = 8

/** Every wallet of the registry: a grid paged by scrolling, and a search. */
export default function AllWalletsView() {
  const portico = usePortico()
  const wallets = useStore(portico.wallets.store, selectWallets)
  const selectWallet = useSelectWallet()
  const [query, setQuery] = useState(wallets.search.query)
  const sentinel = useRef<HTMLDivElement>(null)
  const searching = query.trim() !== ''

  // Searching waits until typing pauses, so each keystroke is not a request.
  useEffect(() => {
    const timer = setTimeout(() => void portico.wallets.search(query), SEARCH_MIN_WAIT_MS)
    return () => clearTimeout(timer)
  }, [portico, query])

  useEffect(() => {
    if (wallets.status === 'idle' || (wallets.status === 'error' && wallets.all.length === 0)) {
      void portico.wallets.refresh()
    }
  }, [portico, wallets.status, wallets.all.length])

  // The next page loads when the end of the grid scrolls into view.
  useEffect(() => {
    const element = sentinel.current
    if (!element || searching) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void portico.wallets.loadMore()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [portico, searching])

  const shown: readonly WalletListing[] = searching ? wallets.search.results : wallets.all
  // The first page (the list's refresh) or a next one, or the search's answer, is on its way.
  const loading = searching
    ? wallets.search.status === 'loading'
    : wallets.pageStatus === 'loading' ||
      ((wallets.status === 'idle' || wallets.status === 'loading') && wallets.all.length === 0)
  const failed = searching ? wallets.search.status === 'error' : wallets.pageStatus === 'error'
  const more = !searching && wallets.all.length < wallets.count

  return (
    <div className="all-wallets">
      <input
        className="search"
        type="search"
        aria-label={t('searchWallets')}
        placeholder={t('searchWallets')}
        value={query}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setQuery(event.target.value)}
      />
      <div className="all-wallets-scroll">
        <ul className="grid" aria-label={walletListMessages.t('allWalletsTitle')} aria-busy={loading}>
          {shown.map((wallet) => (
            <li key={wallet.id}>
              <button
                type="button"
                className="tile"
                data-wallet-id={wallet.id}
                onClick={() => selectWallet(wallet)}
              >
                <WalletImage src={wallet.image_url} name={wallet.name} size={48} />
                <span className="tile-name">{wallet.name}</span>
              </button>
            </li>
          ))}
          {loading ? <SkeletonTiles count={shown.length === 0 ? SKELETON_PAGE : SKELETON_MORE} /> : null}
        </ul>
        {searching && wallets.search.status === 'ready' && shown.length === 0 ? (
          <EmptyState icon="search" text={t('noWalletsFound', { query: query.trim() })} />
        ) : null}
        {loading ? (
          <p className="visually-hidden" role="status">
            {t('loadingWallets')}
          </p>
        ) : null}
        {failed ? (
          <p className="notice" role="alert">
            {t('walletListError')}{' '}
            <button
              type="button"
              className="link"
              onClick={() => void (searching ? portico.wallets.search(query) : portico.wallets.loadMore())}
            >
              {t('tryAgain')}
            </button>
          </p>
        ) : null}
        {more ? <div ref={sentinel} className="sentinel" /> : null}
      </div>
    </div>
  )
}

/** Placeholder tiles in the shape of the grid's, hidden from assistive technology (the grid is busy). */
function SkeletonTiles({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place
        <li key={index} aria-hidden="true" data-skeleton="">
          <span className="tile skeleton-tile">
            <span className="skeleton" style={{ width: 48, height: 48, borderRadius: 14 }} />
            <span className="skeleton line" />
          </span>
        </li>
      ))}
    </>
  )
}
