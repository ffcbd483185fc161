import { formatAmount, formatUnitsTruncated, getLocale } from '@portico/core'
import type { GrantedPermission } from '@portico/core/internal'
import { useCallback, useEffect, useState } from 'react'
import { usePortico } from '../../use-portico.js'
import { permissionViewMessages } from './permission-messages.js'

const { t } = permissionViewMessages

type ListState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; permissions: GrantedPermission[] }

/**
 * The ERC-7715 permissions the embedded wallet granted (its frame keeps and enforces them): the app, what
 * it spent of each limit, until when; Revoke makes the wallet forget one, so its next use is refused.
 */
export default function PermissionList() {
  const portico = usePortico()
  const [state, setState] = useState<ListState>({ status: 'loading' })
  const load = useCallback(async () => {
    try {
      const permissions = await (await portico.auth.backend()).permissions()
      setState({ status: 'ready', permissions })
    } catch {
      setState({ status: 'error' })
    }
  }, [portico])
  useEffect(() => void load(), [load])

  const revoke = async (context: string) => {
    try {
      await (await portico.auth.backend()).revokePermission(context)
      portico.toast.show('success', t('permissionRevoked'))
    } catch {
      portico.toast.show('error', t('permissionsFailed'))
    }
    await load()
  }

  return (
    <section className="account-permissions" aria-labelledby="portico-permissions-heading">
      <h2 id="portico-permissions-heading">{t('permissionsHeading')}</h2>
      {state.status === 'loading' ? (
        <p className="muted" aria-busy="true">
          …
        </p>
      ) : state.status === 'error' ? (
        <p className="notice">{t('permissionsFailed')}</p>
      ) : state.permissions.length === 0 ? (
        <p className="muted">{t('noPermissions')}</p>
      ) : (
        <ul className="list">
          {state.permissions.map((permission) => (
            <li key={permission.context} className="permission" data-testid="permission-row">
              <div>
                <bdi className="ltr permission-app">{hostOf(permission.origin)}</bdi>
                {permission.allowances.map((allowance) => (
                  <div key={allowance.token ?? 'native'}>
                    {t('permissionSpent', {
                      spent: amount(allowance.spent, allowance),
                      limit: amount(allowance.limit, allowance),
                    })}
                  </div>
                ))}
                <div className="muted">{t('permissionUntil', { date: dateOf(permission.expiry) })}</div>
              </div>
              <button
                type="button"
                className="pill plain"
                aria-label={t('revokePermissionOf', { app: hostOf(permission.origin) })}
                onClick={() => void revoke(permission.context)}
              >
                {t('revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

const amount = (value: string, token: { decimals: number; symbol: string }) =>
  `${formatAmount(formatUnitsTruncated(BigInt(value), token.decimals, 6), 6)} ${token.symbol}`

const dateOf = (seconds: number) =>
  new Intl.DateTimeFormat(getLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(seconds * 1000),
  )

const hostOf = (origin: string) => {
  try {
    return new URL(origin).host || origin
  } catch {
    return origin
  }
}
