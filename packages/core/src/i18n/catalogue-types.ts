// The shapes of message catalogues and their translations, apart from the catalogue's code so a
// translation file or the pseudo-locale can name them without importing it.

/** The forms of a counted message, one per plural category (Intl.PluralRules); `other` is required. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

/** A message: a text with `{name}` placeholders, or the plural forms of a counted one. */
export type MessageEntry = string | PluralForms

export type MessageEntries = Readonly<Record<string, MessageEntry>>

export type MessageParams = Readonly<Record<string, string | number>>

/** The ids of a catalogue's plain messages. */
export type TextKey<M extends MessageEntries> = {
  [K in keyof M]: M[K] extends string ? K : never
}[keyof M] &
  string

/** The ids of a catalogue's counted messages. */
export type PluralKey<M extends MessageEntries> = {
  [K in keyof M]: M[K] extends string ? never : K
}[keyof M] &
  string

/** A catalogue's text in one locale: any part of it; the rest shows in the source language. */
export type Translation<M extends MessageEntries> = {
  readonly [K in keyof M]?: M[K] extends string ? string : PluralForms
}
