import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

/**
 * Filter controls for the admin lists (labelled, keyboard friendly). `SearchFilter` waits 300 ms
 * after the last keystroke before reporting (one request per pause, not per letter).
 */
const control =
  'block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-100';

export function SearchFilter({
  label,
  value,
  onChange,
  placeholder,
  maxLength = 100,
  className = 'w-full sm:w-72',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  // What the URL showed last, and what we reported last.
  const [shown, setShown] = useState(value);
  const [sent, setSent] = useState(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // The URL changed from elsewhere (back button, a link): show it (state adjusted while rendering).
  if (value !== shown) {
    setShown(value);
    if (value !== sent) {
      setSent(value);
      setText(value);
    }
  }

  const report = (next: string) => {
    setSent(next);
    onChangeRef.current(next);
  };

  useEffect(() => {
    if (text === sent) return;
    const timer = window.setTimeout(() => {
      setSent(text);
      onChangeRef.current(text);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [text, sent]);

  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={maxLength}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && text !== sent) report(text);
          }}
          className={`${control} pl-9 placeholder:text-slate-500`}
        />
      </div>
    </div>
  );
}

export function SelectFilter({
  label,
  value,
  onChange,
  options,
  allLabel = 'Tous',
  className = 'w-full sm:w-56',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** Label of the empty choice (no filter); `null` for no empty choice. */
  allLabel?: string | null;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={control}>
        {allLabel !== null ? <option value="">{allLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
