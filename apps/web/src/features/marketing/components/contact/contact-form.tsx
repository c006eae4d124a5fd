import { Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { contactMessages } from '@erepare/shared/messages';
import { CONTACT_MESSAGE_MAX } from '@erepare/shared/contact-limits';
import type { ContactFormValues } from '@erepare/shared/schemas/contact';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { lazyZodResolver } from '../../../../lib/lazy-resolver';
import { ContactPhotos, type ContactPhoto } from './contact-photos';
import { contactErrorText, sendContactMessage } from './send-contact';
import { TextAreaField } from './text-area-field';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

const boxClasses = 'rounded-lg border px-4 py-3 text-sm font-medium';
const successClasses = 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200';
const errorClasses = 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200';

const empty: ContactFormValues = { name: '', email: '', phone: '', subject: '', message: '' };

/**
 * The form's validation (zod and the contact schema, ~30 kB gzip) loads when the visitor starts
 * filling the form in, not with the page: evaluated at load, it was one long task more before the
 * page could answer a tap.
 */
const contactValidation = lazyZodResolver<ContactFormValues>(() => import('@erepare/shared/schemas/contact').then((m) => m.contactFormSchema));

/**
 * The contact form (spec 3 §4, §5, §8): idle → sending (every field and the button disabled,
 * 'Envoi en cours...', a second submit ignored) → success (form cleared) or error.
 */
export function ContactForm({ send = sendContactMessage }: { send?: typeof sendContactMessage }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [photos, setPhotos] = useState<ContactPhoto[]>([]);
  const sendingRef = useRef(false);
  const form = useForm<ContactFormValues>({ resolver: contactValidation.resolver, defaultValues: empty });
  const { errors } = form.formState;
  const sending = status.kind === 'sending';

  const onSubmit = form.handleSubmit(async (values) => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setStatus({ kind: 'sending' });
    try {
      const message = await send({ ...values, images: photos.map((photo) => photo.file) });
      form.reset(empty);
      setPhotos([]);
      setStatus({ kind: 'success', message: message || contactMessages.success });
    } catch (error) {
      setStatus({ kind: 'error', message: contactErrorText(error) });
    } finally {
      sendingRef.current = false;
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} onFocus={contactValidation.preload} aria-labelledby="contact-form-title" className="space-y-5">
      <h2 id="contact-form-title" className="text-2xl font-bold">
        Écrivez-nous
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Les champs marqués d’un astérisque (*) sont obligatoires. Nous utilisons vos coordonnées uniquement pour vous répondre (
        <Link to="/politique-confidentialite" className="underline underline-offset-4">
          politique de confidentialité
        </Link>
        ).
      </p>
      <fieldset disabled={sending} className="space-y-5">
        <legend className="sr-only">Vos coordonnées et votre message</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Nom *" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
          <Field label="Adresse e-mail *" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...form.register('email')} />
          <Field label="Téléphone (facultatif)" type="tel" autoComplete="tel" inputMode="tel" error={errors.phone?.message} {...form.register('phone')} />
          <Field label="Objet *" error={errors.subject?.message} {...form.register('subject')} />
        </div>
        <TextAreaField
          label="Message *"
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          hint="Décrivez votre appareil (marque, modèle) et ce qui ne va pas&nbsp;: nous vous répondons au plus vite."
          error={errors.message?.message}
          {...form.register('message')}
        />
        <ContactPhotos photos={photos} onChange={setPhotos} disabled={sending} />
      </fieldset>
      {/* Always in the page, so screen readers announce what appears in it. */}
      <div aria-live="polite" aria-atomic="true">
        {status.kind === 'success' ? <p className={`${boxClasses} ${successClasses}`}>{status.message}</p> : null}
        {status.kind === 'error' ? <p className={`${boxClasses} ${errorClasses}`}>{status.message}</p> : null}
        {status.kind !== 'error' && errors.root ? (
          <p className={`${boxClasses} ${errorClasses}`}>{errors.root.message}</p>
        ) : null}
      </div>
      <Button type="submit" disabled={sending} aria-disabled={sending} className="w-full sm:w-auto">
        <Send aria-hidden="true" className="size-4" />
        {sending ? contactMessages.sending : 'Envoyer le message'}
      </Button>
    </form>
  );
}
