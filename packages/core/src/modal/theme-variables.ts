/**
 * The theme's custom properties a dApp may set (`themeVariables` in the config, or `setThemeVariables`).
 * The modal and Portico's buttons read them; any CSS value of the right kind works.
 */
export interface ThemeVariables {
  /** Primary buttons, links, focus rings and the connect button. Default `#6a4cf5`. */
  '--portico-accent'?: string
  /** Text on the accent colour. Default `#fff`. */
  '--portico-accent-text'?: string
  /** The dialog's background. */
  '--portico-bg'?: string
  /** Rows, inputs and the connected buttons. */
  '--portico-surface'?: string
  /** A surface under the pointer. */
  '--portico-surface-hover'?: string
  /** Body text. */
  '--portico-text'?: string
  /** Secondary text. */
  '--portico-muted'?: string
  /** Hairlines between and around surfaces. */
  '--portico-border'?: string
  /** Error text and icons. */
  '--portico-error'?: string
  /** Success text and icons. */
  '--portico-success'?: string
  /** The page-covering layer behind the dialog. */
  '--portico-backdrop'?: string
  /** The dialog's corner radius. Default `20px`. */
  '--portico-radius'?: string
  /** The font stack of the modal and the buttons. Default the system UI font. */
  '--portico-font'?: string
  /** The modal's stacking level over the page. Default `2147483000`. */
  '--portico-z-index'?: string
}

/** A `--portico-*` variable's name, e.g. `--portico-accent`. */
export type ThemeVariableName = keyof ThemeVariables

/** Every name of `ThemeVariables`, for validating a config (a misspelt name is an error, not a no-op). */
export const THEME_VARIABLE_NAMES = [
  '--portico-accent',
  '--portico-accent-text',
  '--portico-bg',
  '--portico-surface',
  '--portico-surface-hover',
  '--portico-text',
  '--portico-muted',
  '--portico-border',
  '--portico-error',
  '--portico-success',
  '--portico-backdrop',
  '--portico-radius',
  '--portico-font',
  '--portico-z-index',
] as const satisfies readonly ThemeVariableName[]
