/*
 * A text with values, written once in English (docs/decisions/045-languages.md). The shared rules and schemas give
 * their messages as plain English strings (zod messages, a refusal's `message`), so a message with a value in it
 * (a date, a limit) is built here: `formatted(/*i18n*\/ 'Appointments can be booked up to {date}.', { date })` returns
 * the English sentence, word for word as before, and remembers which template and values made it. Whoever shows the
 * message in another language (the server's answers, the client) asks `templateOf(message)` and translates the
 * template, the catalogue's key, with the same values.
 */

export type MessageValues = Record<string, string | number>;

export interface MessageTemplate {
  /** The English template, as marked in the code: the catalogue's key. */
  id: string;
  values: MessageValues;
}

// The texts built so far, by their English words. Finite in practice (limits fixed in the code, dates within the
// booking horizon); the cap keeps anything else from growing it without bound (ARCHITECTURE rule 15).
const built = new Map<string, MessageTemplate>();
const BUILT_CAP = 10_000;

/** The English text of `id` with its `{name}` placeholders filled in from `values`. */
export function formatted(id: string, values: MessageValues): string {
  const text = id.replace(/\{(\w+)\}/g, (placeholder, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : placeholder));
  if (!built.has(text)) {
    if (built.size >= BUILT_CAP) built.delete(built.keys().next().value!);
    built.set(text, { id, values });
  }
  return text;
}

/** The template and values an English text was built from by `formatted`, if it was. */
export function templateOf(text: string): MessageTemplate | undefined {
  return built.get(text);
}
