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

/** One code of an e-mail change: first from the current address, then from the new one. */
export default function UpdateEmailOtpView() {
  const portico = usePortico()
  const { update, user, error, resendAt, step } = useStore(portico.auth.store, selectAuth)
  const seconds = useResendCountdown(resendAt)
  const bodyId = useId()
  const primary = update?.step === 'primary'
  return (
    <div className="center">
      <h3>{t('otpTitle')}</h3>
      <p id={bodyId}>
        {primary
          ? t('updateEmailPrimaryBody', { email: user?.email ?? '' })
          : t('updateEmailSecondaryBody', { email: update?.email ?? '' })}
      </p>
      <OtpInput
        key={update?.step}
        describedBy={bodyId}
        onComplete={(code) => void portico.auth.submitUpdateOtp(code)}
      />
      {error ? (
        <p className="field-error" role="alert">
          {errorMessage(error)}
        </p>
      ) : null}
      <button
        type="button"
        className="link"
        disabled={seconds > 0 || step === 'sending'}
        onClick={() => void portico.auth.resendUpdateCode()}
      >
        {seconds > 0 ? t('resendIn', { n: seconds }) : t('resendCode')}
      </button>
    </div>
  )
}
