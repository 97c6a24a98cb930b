/**
 * What an error answer of the server says, in the language shown (docs/languages.md, "Sentences the
 * server writes"): the body's `messageId` and `messageArgs` looked up in the language's catalog,
 * else its English `message`; an argument that is a sentence itself (`{message, messageId,
 * messageArgs}`) is worded the same way first. Apart from the server's sentences (server-messages.ts), so the
 * HTTP client, which every page loads, carries only this. Pure: no DOM, no Node.
 */

/** The pack's lookup: the message `id` with its arguments in the language shown, or undefined. */
export type SentenceLookup = (id: string, args: readonly unknown[]) => string | undefined;

/**
 * What an answer's body says, in the language of `lookup`: the catalog's sentence when the body
 * names one the language has, else the body's English `message`; null without a message.
 */
export function answerSentence(body: unknown, lookup: SentenceLookup | null): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { message, messageId, messageArgs } = body as { message?: unknown; messageId?: unknown; messageArgs?: unknown };
  if (typeof message !== 'string') return null;
  if (lookup === null || typeof messageId !== 'string') return message;
  const args = Array.isArray(messageArgs) ? messageArgs.map((arg) => argumentText(arg, lookup)).filter((arg): arg is string | number | string[] => arg !== null) : [];
  return lookup(messageId, args) ?? message;
}

/**
 * An argument as the sentence takes it: a value as it is, a list of names as a list (the pack
 * writes it as its language writes a list), a sentence inside the sentence worded first.
 */
function argumentText(arg: unknown, lookup: SentenceLookup): string | number | string[] | null {
  if (typeof arg === 'string' || typeof arg === 'number') return arg;
  if (Array.isArray(arg)) return arg.every((item) => typeof item === 'string') ? (arg as string[]) : null;
  return answerSentence(arg, lookup);
}
