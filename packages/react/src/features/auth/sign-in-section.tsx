import { usePortico } from '../../use-portico.js'
import { EmailLoginForm } from './email-login-form.js'
import { PasskeyButton } from './passkey-button.js'
import { SocialButtons } from './social-buttons.js'

/** The top of the Connect view: the e-mail field, social buttons and passkey the app's config turns on. */
export function SignInSection() {
  const { features } = usePortico().config
  return (
    <>
      {features.email ? <EmailLoginForm /> : null}
      <SocialButtons socials={features.socials} />
      {features.passkey ? <PasskeyButton /> : null}
    </>
  )
}
