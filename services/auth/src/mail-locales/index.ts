import type { TranslatedLocale } from '@portico/wire'
import type { MailTranslation } from '../mail-strings.js'
import ar from './ar.js'
import de from './de.js'
import es from './es.js'
import fa from './fa.js'
import fr from './fr.js'
import he from './he.js'
import hi from './hi.js'
import id from './id.js'
import it from './it.js'
import ja from './ja.js'
import ko from './ko.js'
import nl from './nl.js'
import pl from './pl.js'
import ptBR from './pt-BR.js'
import ru from './ru.js'
import th from './th.js'
import tr from './tr.js'
import uk from './uk.js'
import vi from './vi.js'
import zhCN from './zh-CN.js'
import zhTW from './zh-TW.js'

/** The service's text in every shipped locale (a server loads them all: a few kilobytes). */
export const mailTranslations: Record<TranslatedLocale, MailTranslation> = {
  ar,
  de,
  es,
  fa,
  fr,
  he,
  hi,
  id,
  it,
  ja,
  ko,
  nl,
  pl,
  'pt-BR': ptBR,
  ru,
  th,
  tr,
  uk,
  vi,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
}
