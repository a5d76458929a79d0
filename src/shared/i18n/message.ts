import type { MessageDescriptor } from '@lingui/core';

/*
 * A message as it travels (ARCHITECTURE rule 17, docs/decisions/068-messages-as-descriptors.md): Lingui's own message
 * descriptor, a plain object, from the rule or error that words it to the edge that shows it (a page, an answer, an
 * e-mail), which translates it once with `i18n._(descriptor)`. The id is the English text as written in the code
 * (decision 045); a word that needs another translation somewhere ('Leave' on a calendar day, not the button) has a
 * `context`, and its id is Lingui's id of that text and context (generateMessageId, as Lingui's macro would write it),
 * with the English in `message`. Written as `/*i18n*\/ { id: '...', values: { ... } }`, so `npx lingui extract` finds
 * it without a macro.
 */

export type MessageValues = Record<string, string | number>;

/** Lingui's descriptor with the context it was extracted with (Lingui's runtime type leaves `context` out). */
export type Message = MessageDescriptor & { values?: MessageValues; context?: string };

// A schema's messages with values (zod takes a message as a string): its id stands in the schema, and the descriptor
// is declared here once, as the module that words it loads. Keyed by id and written only by the code's own
// constants, so it holds one entry per such message of the code, never a text built at run time.
const declared = new Map<string, Message>();

/**
 * A message with values for a zod schema, which carries messages as strings: returns its id, and `messageOf(id)`
 * gives the descriptor back wherever the schema's message is shown. Its values must be the code's own constants.
 */
export function schemaMessage(message: Message): string {
  declared.set(message.id, message);
  return message.id;
}

/** The descriptor of a text of the code given as a string (a rule's, a schema's): a schema's declared one, else the text as its own id. */
export function messageOf(text: string | Message): Message {
  if (typeof text !== 'string') return text;
  return declared.get(text) ?? { id: text };
}
