import { type ConnectionState, type Portico, shortenAddress } from '@portico/core'
import {
  type AccountState,
  type AmountError,
  NATIVE_TOKEN_KEY,
  parseAmount,
  type ReceiverError,
  type SendState,
} from '@portico/core/internal'
import { useEffect, useId, useState } from 'react'
import { AddressAvatar } from '../../components/address-avatar.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { formatTokenAmount, usdValue } from './send-format.js'
import { sendStyles } from './send-styles.js'
import { sendControllerOf } from './use-send-controller.js'
import { sendViewMessages } from './view-messages.js'

const { t } = sendViewMessages

const selectSend = (state: SendState) => state
const selectAccount = (state: AccountState) => state
const selectNamespace = (state: ConnectionState) => state.connection?.namespace

/** The send form: token, amount (with Max and its USD value), receiver address or name, network fee. */
/** The network fee of a send, estimated on the intent to open Send (Max and the fee need it). */
export function prefetch(portico: Portico): void {
  const controller = sendControllerOf(portico)
  if (controller.store.getState().feeStatus === 'idle') controller.refreshFee()
}

export default function SendView() {
  const portico = usePortico()
  const controller = sendControllerOf(portico)
  const form = useStore(controller.store, selectSend)
  // Balances and prices change under the form: it re-reads them on every change.
  const account = useStore(portico.account.store, selectAccount)
  // Names resolve on EVM chains only; a Solana send reports a missing or invalid amount or receiver in
  // one message (spec §5) instead of under each field.
  const evm = useStore(portico.connection.store, selectNamespace) !== 'solana'
  const [submitted, setSubmitted] = useState(false)
  const [touched, setTouched] = useState({ amount: false, receiver: false })
  const ids = {
    token: useId(),
    amount: useId(),
    amountError: useId(),
    receiver: useId(),
    receiverError: useId(),
    incomplete: useId(),
  }

  const tokens = controller.tokens()
  const token = controller.token()
  const native = tokens.find((candidate) => candidate.key === NATIVE_TOKEN_KEY)
  const check = controller.check()

  // A fresh form estimates its fee at once, so Max and the fee are there before anything is typed.
  useEffect(() => {
    if (controller.store.getState().feeStatus === 'idle') controller.refreshFee()
  }, [controller])

  if (tokens.length === 0) {
    return (
      <div className="center" aria-busy={account.tokensStatus === 'loading'}>
        <p>{account.tokensStatus === 'loading' ? t('loadingBalances') : t('noTokens')}</p>
      </div>
    )
  }

  const parsed = token ? parseAmount(form.sendTokenAmount, token.decimals) : undefined
  const amountValue = parsed && 'value' in parsed ? parsed.value : undefined
  const amountUsd =
    token && amountValue !== undefined ? usdValue(amountValue, token.decimals, token.price) : undefined

  // Errors a visitor cannot mean show as they type; the others once they leave the field or preview.
  const amountText = (error: AmountError | undefined): string | undefined => {
    if (!evm && (error === 'amountInvalid' || error === 'amountZero')) return undefined
    if (form.sendTokenAmount.trim() === '') return submitted ? t('amountRequired') : undefined
    if (!error) return undefined
    const atOnce = error !== 'amountInvalid' && error !== 'amountZero'
    if (!atOnce && !touched.amount && !submitted) return undefined
    if (error === 'amountTooManyDecimals')
      return t('amountTooManyDecimals', { symbol: token?.symbol ?? '', decimals: token?.decimals ?? 0 })
    if (error === 'insufficientFunds') return t('insufficientFunds', { symbol: native?.symbol ?? '' })
    return t(error)
  }
  const receiverText = (error: ReceiverError | undefined): string | undefined => {
    if (!evm && error === 'receiverInvalid') return undefined
    if (form.receiverInput.trim() === '') return submitted ? t('receiverRequired') : undefined
    if (!error || error === 'receiverPending') return undefined
    if (error === 'receiverInvalid' && !touched.receiver && !submitted) return undefined
    return t(error)
  }
  const amountError = amountText(check.amount)
  const receiverError = receiverText(check.receiver)
  // Shown once the visitor tries to preview, or leaves a field they filled with something invalid.
  const amountIncomplete = check.amount === 'amountInvalid' || check.amount === 'amountZero'
  const receiverIncomplete = check.receiver === 'receiverInvalid'
  const incompleteShown =
    !evm &&
    check.incomplete &&
    (submitted ||
      (touched.amount && amountIncomplete && form.sendTokenAmount.trim() !== '') ||
      (touched.receiver && receiverIncomplete && form.receiverInput.trim() !== ''))
  const describedBy = (fieldError: string | undefined, fieldErrorId: string, incomplete: boolean) =>
    fieldError ? fieldErrorId : incompleteShown && incomplete ? ids.incomplete : undefined

  const feeUsd = form.fee && native ? usdValue(form.fee.fee, native.decimals, native.price) : undefined
  const feeText =
    form.feeStatus === 'error'
      ? t('feeUnavailable')
      : form.fee && native && form.feeStatus === 'ready'
        ? [
            <bdi
              key="fee"
              dir="ltr"
            >{`${formatTokenAmount(form.fee.fee, native.decimals, 8)} ${native.symbol}`}</bdi>,
            feeUsd ? ` ≈ ${feeUsd}` : '',
          ]
        : t('estimatingFee')

  const preview = () => {
    setSubmitted(true)
    if (controller.check().ready) portico.router.push('SendPreview')
  }

  return (
    <form
      className="send-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        preview()
      }}
    >
      <div className="send-field">
        <label htmlFor={ids.token}>{t('token')}</label>
        <select
          id={ids.token}
          className="field"
          value={token?.key ?? ''}
          onChange={(event) => controller.selectToken(event.target.value)}
        >
          {tokens.map((candidate) => (
            <option key={candidate.key} value={candidate.key}>
              {`${candidate.symbol} · ${formatTokenAmount(candidate.balance, candidate.decimals)}`}
            </option>
          ))}
        </select>
      </div>

      <div className="send-field">
        <label htmlFor={ids.amount}>{t('amount')}</label>
        <div className="amount-row">
          <input
            id={ids.amount}
            className="field"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder="0"
            value={form.sendTokenAmount}
            aria-invalid={amountError || (incompleteShown && amountIncomplete) ? true : undefined}
            aria-describedby={describedBy(amountError, ids.amountError, amountIncomplete)}
            onChange={(event) => controller.setAmount(event.target.value)}
            onBlur={() => setTouched((state) => ({ ...state, amount: true }))}
          />
          <span className="muted">{token?.symbol}</span>
          <button type="button" className="secondary max-button" onClick={() => controller.setMax()}>
            {t('max')}
          </button>
        </div>
        <p className="field-note">
          <span data-testid="send-amount-usd">{amountUsd ?? ''}</span>
          {token ? (
            <span>
              {t('balance', {
                // Every locale writes "{amount} {symbol}": the pair reads as one left-to-right unit.
                amount: `\u2066${formatTokenAmount(token.balance, token.decimals)}`,
                symbol: `${token.symbol}\u2069`,
              })}
            </span>
          ) : null}
        </p>
        {amountError ? (
          <p className="field-error" id={ids.amountError} role="alert">
            {amountError}
          </p>
        ) : null}
      </div>

      <div className="send-field">
        <label htmlFor={ids.receiver}>{t('receiver')}</label>
        <input
          id={ids.receiver}
          className="field"
          autoComplete="off"
          spellCheck={false}
          placeholder={evm ? t('receiverPlaceholder') : t('receiverAddressPlaceholder')}
          value={form.receiverInput}
          aria-invalid={receiverError || (incompleteShown && receiverIncomplete) ? true : undefined}
          aria-describedby={describedBy(receiverError, ids.receiverError, receiverIncomplete)}
          onChange={(event) => controller.setReceiver(event.target.value)}
          onBlur={() => setTouched((state) => ({ ...state, receiver: true }))}
        />
        {form.receiverStatus === 'resolving' ? (
          <p className="receiver" aria-live="polite">
            {t('receiverPending')}
          </p>
        ) : form.receiverStatus === 'resolved' && form.receiverAddress ? (
          <p className="receiver" data-testid="send-resolved-receiver">
            {form.receiverProfileImage ? (
              <img src={form.receiverProfileImage} alt="" />
            ) : (
              <AddressAvatar address={form.receiverAddress} size={20} />
            )}
            <span>{form.receiverProfileName}</span>
            <code title={form.receiverAddress}>{shortenAddress(form.receiverAddress, 6)}</code>
          </p>
        ) : null}
        {receiverError ? (
          <p className="field-error" id={ids.receiverError} role="alert">
            {receiverError}
          </p>
        ) : null}
        {check.warning && token ? (
          <p className="field-warning" role="alert">
            {t('tokenContractWarning', { symbol: token.symbol })}
          </p>
        ) : null}
      </div>

      {incompleteShown ? (
        <p className="field-error" id={ids.incomplete} role="alert" data-testid="send-incomplete">
          {t('amountAndReceiverRequired')}
        </p>
      ) : null}

      <div className="fee-row" aria-live="polite">
        <span className="muted">{t('networkFee')}</span>
        <span className="value" data-testid="send-fee">
          {feeText}
        </span>
      </div>
      {form.fee?.deposit && native && form.feeStatus === 'ready' ? (
        <p className="field-note" data-testid="send-fee-deposit">
          {t('feeDeposit', {
            amount: formatTokenAmount(form.fee.deposit, native.decimals, 8),
            symbol: native.symbol,
          })}
        </p>
      ) : null}

      <button type="submit" className="primary" disabled={form.status !== 'editing'}>
        {t('preview')}
      </button>
    </form>
  )
}

export const styles = sendStyles
