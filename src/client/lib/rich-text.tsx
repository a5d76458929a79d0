import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with marked-up parts (decision 045): `richText(i18n._('I agree to the <terms>Terms</terms>'),
 * { terms: (text) => <Link to="/terms">{text}</Link> })`. The translator moves the tags with the words; each tag's
 * text is rendered by its function. A tag the map lacks is shown as plain text.
 */
export function richText(message: string, parts: Record<string, (text: string) => ReactNode>): ReactNode {
  const out: ReactNode[] = [];
  const tag = /<([a-z][a-z0-9]*)>(.*?)<\/\1>/gs;
  let last = 0;
  for (const match of message.matchAll(tag)) {
    const [whole, name = '', text = ''] = match;
    if (match.index > last) out.push(message.slice(last, match.index));
    const render = parts[name];
    out.push(<Fragment key={match.index}>{render ? render(text) : text}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < message.length) out.push(message.slice(last));
  return out.length === 1 && typeof out[0] === 'string' ? out[0] : <>{out}</>;
}
