import { CalendarPlus, CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatBookingSlot } from '@erepare/shared/booking';
import type { BookingSummary } from '@erepare/shared/schemas/bookings';
import { formatAddress } from '@erepare/shared/store-profile';
import { buttonClasses } from '../../../components/ui/button';
import { useStoreProfile } from '../../../lib/store-profile';
import { icsHref } from '../api/bookings-api';

/** After booking: the reference, the time, « Ajouter à mon agenda », and where the manage link is. */
export function BookingConfirmation({ booking, cutoffHours }: { booking: BookingSummary; cutoffHours: number }) {
  const profile = useStoreProfile();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="booking-done" className="rounded-2xl border border-emerald-300 bg-white p-5 dark:border-emerald-800 dark:bg-ink-900 sm:p-8">
      <h2 id="booking-done" ref={heading} tabIndex={-1} className="flex items-start gap-3 text-2xl font-bold">
        <CheckCircle2 aria-hidden="true" className="mt-1 size-7 shrink-0 text-emerald-700 dark:text-emerald-300" />
        Votre rendez-vous est réservé
      </h2>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl bg-brand-50 p-4 dark:bg-ink-800">
          <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">Référence</dt>
          <dd className="mt-1 font-mono text-2xl tracking-wide" data-testid="booking-reference">
            {booking.reference}
          </dd>
        </div>
        <div className="rounded-xl bg-brand-50 p-4 dark:bg-ink-800">
          <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">Rendez-vous</dt>
          <dd className="mt-1 text-lg font-semibold first-letter:uppercase" data-testid="booking-when">
            {formatBookingSlot(new Date(booking.slotStart))}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        À l’atelier {profile.name}, {formatAddress(profile)}. Apportez votre appareil, son chargeur si possible, et cette référence.
      </p>
      <a href={icsHref(booking.ics)} download={`rendez-vous-${booking.reference}.ics`} className={buttonClasses('primary', 'mt-6')}>
        <CalendarPlus aria-hidden="true" className="size-4" />
        Ajouter à mon agenda
      </a>
      <p className="mt-6 text-slate-700 dark:text-slate-300">
        Un e-mail de confirmation vous a été envoyé avec un lien personnel pour déplacer ou annuler ce rendez-vous jusqu’à {cutoffHours}&nbsp;h avant son heure. Ensuite, appelez-nous au{' '}
        <a className="font-semibold underline underline-offset-4" href={`tel:${profile.phone.e164}`}>
          {profile.phone.display}
        </a>
        .
      </p>
    </section>
  );
}
