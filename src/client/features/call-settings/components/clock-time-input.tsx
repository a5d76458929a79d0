import { useState, type InputHTMLAttributes } from 'react';
import { Input } from '../../../components/ui/input';
import { latinDigits, parseClockText } from '../lib/clock-text';

/**
 * A 24-hour time typed as "HH:MM" (docs/decisions/055). Not `<input type="time">`: that shows AM/PM where the
 * browser's locale has a 12-hour clock, unlike every other time in RepVisit. The text stays as typed while it is
 * not a time yet; `onChange` gets "HH:MM" once it is one, else the text, which the shared rule then calls wrong.
 * Leaving the field writes the time out in full ("930" becomes "09:30").
 */
export function ClockTimeInput({
  value,
  onChange,
  ...props
}: { value: string; onChange: (value: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'>) {
  const [text, setText] = useState(value);
  // A value set from outside (a new window, another doctor's settings) replaces the text unless it is the text's time.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (text !== value && parseClockText(text) !== value) setText(value);
  }
  return (
    <Input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      placeholder="--:--"
      // Times read left to right in Urdu too, as the app writes them everywhere.
      dir="ltr"
      value={text}
      onChange={(e) => {
        const next = latinDigits(e.target.value);
        setText(next);
        onChange(parseClockText(next) ?? next);
      }}
      onBlur={(e) => {
        const time = parseClockText(text);
        if (time) setText(time);
        props.onBlur?.(e);
      }}
    />
  );
}
