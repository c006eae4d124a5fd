import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BOOKING_NOTE_MAX } from '@erepare/shared/booking';
import type { BookingFormValues } from '@erepare/shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { ErrorBox, Field } from '../../../components/ui/field';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';

export type BookingFormErrors = Partial<Record<keyof BookingFormValues, string>>;

type BookingFormProps = {
  smsEnabled: boolean;
  submitting: boolean;
  /** Called with valid values only. */
  onSubmit: (values: { name: string; email: string; phone: string; smsConsent: boolean; note: string }) => void;
};

/** Who comes: name, e-mail, phone, the optional SMS consent and a note; validated with the server's schema. */
export function BookingForm({ smsEnabled, submitting, onSubmit }: BookingFormProps) {
  const [values, setValues] = useState({ name: '', email: '', phone: '', smsConsent: false, note: '' });
  const [errors, setErrors] = useState<BookingFormErrors>({});
  /** The checks could not be fetched (the connection dropped since the page loaded). */
  const [unreachable, setUnreachable] = useState(false);
  const noteId = useId();
  const update = (patch: Partial<typeof values>) => setValues((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server's schema (zod) comes with the first submit, not with the page.
    const schemas = await import('@erepare/shared/schemas/bookings').catch(() => null);
    setUnreachable(!schemas);
    if (!schemas) return;
    const { bookingFormSchema } = schemas;
    const parsed = bookingFormSchema.safeParse(values);
    if (!parsed.success) {
      const found: BookingFormErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof BookingFormValues;
        found[key] ??= issue.message;
      }
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) document.getElementById(`booking-${first}`)?.focus();
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby="booking-form-title">
      <h2 id="booking-form-title" className="text-xl font-semibold">
        2. Vos coordonnées
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="booking-name" label="Nom et prénom" autoComplete="name" value={values.name} onChange={(event) => update({ name: event.target.value })} error={errors.name} required />
        <Field id="booking-phone" label="Téléphone" type="tel" autoComplete="tel" value={values.phone} onChange={(event) => update({ phone: event.target.value })} error={errors.phone} required />
        <Field
          id="booking-email"
          className="sm:col-span-2"
          label="E-mail"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => update({ email: event.target.value })}
          error={errors.email}
          hint="La confirmation et le lien pour modifier le rendez-vous y sont envoyés."
          required
        />
      </div>
      <div>
        <label htmlFor={noteId} className="mb-1 block text-sm font-medium">
          Appareil et panne (facultatif)
        </label>
        <textarea
          id={noteId}
          rows={3}
          maxLength={BOOKING_NOTE_MAX}
          value={values.note}
          onChange={(event) => update({ note: event.target.value })}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? `${noteId}-error` : undefined}
          className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-100"
        />
        {errors.note ? (
          <p id={`${noteId}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
            {errors.note}
          </p>
        ) : null}
      </div>
      {smsEnabled ? (
        <label className="flex min-h-11 items-start gap-3">
          <input type="checkbox" checked={values.smsConsent} onChange={(event) => update({ smsConsent: event.target.checked })} className="mt-0.5 size-5 shrink-0 accent-brand-700" />
          <span className="text-sm">
            Recevoir par SMS la confirmation et les changements de ce rendez-vous
            <span className="block text-slate-700 dark:text-slate-300">Facultatif. Au numéro indiqué ci-dessus, jamais de publicité.</span>
          </span>
        </label>
      ) : null}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Vos coordonnées servent uniquement à ce rendez-vous.{' '}
        <Link to="/politique-confidentialite" className="underline underline-offset-4">
          Politique de confidentialité
        </Link>
      </p>
      {unreachable ? <ErrorBox>{NETWORK_ERROR_MESSAGE}</ErrorBox> : null}
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Réservation…' : 'Réserver ce créneau'}
      </Button>
    </form>
  );
}
