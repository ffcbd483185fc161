import { errorMessage } from '@portico/core'
import type { AuthState } from '@portico/core/internal'
import { useId } from 'react'
import { OtpInput, otpStyles } from '../../components/otp-input.js'
import { usePortico } from '../../use-portico.js'
import { useStore } from '../../use-store.js'
import { useResendCountdown } from './use-resend-countdown.js'
import { authViewMessages } from './view-messages.js'

export const styles = otpStyles

const { t } = authViewMessages

const selectAuth = (state: AuthState) => state

/**
 * The six-digit code mailed to the visitor; a wrong one says so and the boxes stay open. The same view
 * asks for the step-up code when a login on a new device must confirm one before the wallet opens.
 */
export default function EmailVerifyOtpView() {
  const portico = usePortico()
  const { step, email, error, resendAt, stepUp } = useStore(portico.auth.store, selectAuth)
  const seconds = useResendCountdown(resendAt)
  const bodyId = useId()
  const busy = step === 'verifying' || step === 'connecting' || step === 'sending'

  return (
    <div className="center">
      <h3>{stepUp ? t('stepUpTitle') : t('otpTitle')}</h3>
      <p id={bodyId}>
        {stepUp ? t('stepUpBody', { email: stepUp.email }) : t('otpBody', { email: email ?? '' })}
      </p>
      <OtpInput
        key={stepUp ? 'step-up' : 'login'}
        describedBy={bodyId}
        disabled={busy}
        onComplete={(code) => void portico.auth.submitOtp(code)}
      />
      <p className="status" aria-live="polite">
        {step === 'verifying' ? t('checkingCode') : step === 'connecting' ? t('signingIn') : ''}
      </p>
      {error && step === 'otp' ? (
        <p className="field-error" role="alert">
          {errorMessage(error)}
        </p>
      ) : null}
      <button
        type="button"
        className="link"
        disabled={seconds > 0 || busy}
        onClick={() => void portico.auth.resendCode()}
      >
        {seconds > 0 ? t('resendIn', { n: seconds }) : t('resendCode')}
      </button>
    </div>
  )
}
