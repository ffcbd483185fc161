/**
 * Text that reads left to right as one unit inside right-to-left text, such as an amount with its symbol
 * ("1.5 ETH", not "ETH 1.5" in Arabic): between a left-to-right isolate and its pop. Works inside a
 * catalogue message, where a <bdi> element cannot go.
 */
export const leftToRight = (text: string): string => `\u2066${text}\u2069`
