import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Field } from '../../../../components/ui/field';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** What the show/hide button names ("le mot de passe", "la confirmation"). */
  subject?: string;
};

/** A password input with a show/hide button (aria-pressed tells whether the text is shown). */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { subject = 'le mot de passe', ...props },
  ref,
) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      ref={ref}
      type={shown ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-ink-800"
          aria-label={`Afficher ${subject}`}
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      }
      {...props}
    />
  );
});
