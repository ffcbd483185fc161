/** The wallet's own words for a refusal or failure: the innermost message of the error's cause chain. */
export function walletErrorText(error: unknown): string | undefined {
  let text: string | undefined
  let current: unknown = error
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const { details, message } = current as { details?: unknown; message?: unknown }
    if (typeof details === 'string' && details) text = details
    else if (typeof message === 'string' && message) text = message
    current = (current as { cause?: unknown }).cause
  }
  return text
}
