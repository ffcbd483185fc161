import { usePortico } from '../../use-portico.js'
import { EmailLoginForm } from './email-login-form.js'
import { SocialButtons } from './social-buttons.js'

/** The top of the Connect view: the e-mail field and the social buttons the app's config turns on. */
export function SignInSection() {
  const { features } = usePortico().config
  return (
    <>
      {features.email ? <EmailLoginForm /> : null}
      <SocialButtons socials={features.socials} />
    </>
  )
}
