import { PorticoError } from '../../errors/errors.js'

/**
 * What failed in a names request (spec §8), for the view to word from its catalogue:
 * resolve 'Error resolving name', suggestions 'Error fetching name suggestions', reverse 'Error fetching
 * names for address', register 'Error registering name {name}', network 'Network not found', account
 * 'Address or auth connector not found'.
 */
export type NamesErrorKind = 'resolve' | 'suggestions' | 'reverse' | 'register' | 'network' | 'account'

/** A names request failed: `kind` says which, `reason` is the names service's own words when it gave some. */
export class NamesError extends PorticoError<'NAMES_REQUEST_FAILED'> {
  override name = 'NamesError'
  constructor(
    readonly kind: NamesErrorKind,
    /** The service's own reason (`reasons[0].description`), shown instead of the generic text when given. */
    readonly reason?: string | undefined,
    /** The name the request was about. */
    readonly accountName?: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(
      'NAMES_REQUEST_FAILED',
      reason ?? `Names request failed: ${kind}${accountName ? ` (${accountName})` : ''}`,
      options,
    )
  }
}
