/**
 * E-mail suggestions under an e-mail field (SPEC §9): up to 10 common domains completing what
 * follows the "@" (src/domain/email/suggestions.ts). The list stays 300 ms after focus leaves the
 * field or a suggestion, so a click on a suggestion lands before it hides (a button that takes no
 * focus on click, as in Safari, would otherwise vanish under the pointer). Plain buttons in a
 * list: reachable by Tab, read as "list, n items". No library: it is a few lines, in islands
 * that already ship React.
 */
import { useEffect, useRef, useState } from 'react';
import { EMAIL_SUGGESTIONS_HIDE_MS, emailSuggestions } from '../../domain/email/suggestions.ts';
import './EmailSuggestions.css';

/** Focus handlers for the field and its suggestions, and whether the list may show. */
export function useEmailSuggestions() {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );
  return {
    open,
    onFocus: () => {
      clearTimeout(timer.current);
      setOpen(true);
    },
    onBlur: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setOpen(false);
      }, EMAIL_SUGGESTIONS_HIDE_MS);
    },
    close: () => {
      clearTimeout(timer.current);
      setOpen(false);
    },
  };
}

interface Props {
  id: string;
  /** What is typed in the field. */
  value: string;
  /** The list's accessible name (translated). */
  label: string;
  focus: ReturnType<typeof useEmailSuggestions>;
  onPick: (address: string) => void;
}

export function EmailSuggestions({ id, value, label, focus, onPick }: Props) {
  const suggestions = focus.open ? emailSuggestions(value) : [];
  if (!suggestions.length) return null;
  return (
    <ul id={id} className="email-suggestions" aria-label={label}>
      {suggestions.map((address) => (
        <li key={address}>
          <button
            type="button"
            dir="ltr"
            onFocus={focus.onFocus}
            onBlur={focus.onBlur}
            onClick={() => {
              focus.close();
              onPick(address);
            }}
          >
            {address}
          </button>
        </li>
      ))}
    </ul>
  );
}
