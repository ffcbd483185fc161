import { useRef, useState } from 'react'
import { componentMessages } from './component-messages.js'

const LENGTH = 6

/** The boxes' CSS, rendered by the views that show them. */
export const otpStyles = `
.otp{display:flex;gap:6px;justify-content:center}
.otp-box{all:unset;box-sizing:border-box;width:42px;height:48px;border-radius:12px;background:var(--portico-surface);text-align:center;font:700 20px/48px var(--portico-font);color:var(--portico-text)}
.otp-box:focus-visible{outline:2px solid var(--portico-accent)}
`

/**
 * Six one-digit boxes: typing moves on, Backspace moves back, a pasted code fills every box, and the
 * whole code is handed over as soon as the last digit is in. While a code is checked the boxes are
 * read-only rather than disabled, so the first box keeps the keyboard focus for the next try.
 */
export function OtpInput({
  onComplete,
  disabled,
  describedBy,
}: {
  onComplete: (code: string) => void
  disabled?: boolean
  describedBy?: string
}) {
  const [digits, setDigits] = useState<string[]>(() => Array(LENGTH).fill(''))
  const boxes = useRef<(HTMLInputElement | null)[]>([])

  const update = (next: string[], focus: number) => {
    setDigits(next)
    boxes.current[Math.min(focus, LENGTH - 1)]?.focus()
    if (next.every((digit) => digit !== '')) {
      onComplete(next.join(''))
      // Ready for another attempt when this code is refused.
      setDigits(Array(LENGTH).fill(''))
      boxes.current[0]?.focus()
    }
  }

  const fill = (from: number, text: string) => {
    const typed = text.replace(/\D/g, '').slice(0, LENGTH - from)
    if (!typed) return
    const next = [...digits]
    for (let i = 0; i < typed.length; i++) next[from + i] = typed[i] as string
    update(next, from + typed.length)
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a legend and borders the design does not want
    <div
      className="otp"
      role="group"
      aria-label={componentMessages.t('otpGroup')}
      aria-describedby={describedBy}
    >
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are positions, not items
          key={index}
          ref={(element) => {
            boxes.current[index] = element
          }}
          className="otp-box"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          // biome-ignore lint/a11y/noAutofocus: the code entry is the only thing on this view
          autoFocus={index === 0}
          maxLength={LENGTH}
          aria-label={componentMessages.t('otpDigit', { n: index + 1 })}
          value={digit}
          readOnly={disabled}
          aria-disabled={disabled ? true : undefined}
          onChange={(event) => {
            if (!disabled) fill(index, event.target.value)
          }}
          onPaste={(event) => {
            event.preventDefault()
            if (!disabled) fill(0, event.clipboardData.getData('text'))
          }}
          onKeyDown={(event) => {
            if (event.key === 'Backspace' && !digit && index > 0) {
              const next = [...digits]
              next[index - 1] = ''
              setDigits(next)
              boxes.current[index - 1]?.focus()
            } else if (event.key === 'ArrowLeft' && index > 0) boxes.current[index - 1]?.focus()
            else if (event.key === 'ArrowRight' && index < LENGTH - 1) boxes.current[index + 1]?.focus()
          }}
        />
      ))}
    </div>
  )
}
