import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatBookingSlot, parisDay } from '@erepare/shared/booking';
import type { ManagedBooking } from '@erepare/shared/schemas/bookings';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBox, SuccessBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, UNAVAILABLE_MESSAGE } from '../../../lib/api-client';
import { useStoreProfile } from '../../../lib/store-profile';
import { bookingKeys, cancelBooking, fetchManagedBooking, icsHref, rescheduleBooking, type NextSlot } from '../api/bookings-api';
import { BookingCalendar } from '../components/booking-calendar';

/** /rendez-vous/gerer?token=…: the booking a mailed link opens, to move or cancel until the cut-off. */
export function BookingManagePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const query = useQuery({
    queryKey: bookingKeys.managed(token),
    queryFn: ({ signal }) => fetchManagedBooking(token, signal),
    enabled: token !== '',
    retry: false,
  });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Gérer mon rendez-vous</h1>
      <div className="mt-6">
        {!token ? (
          <ErrorBox>Ce lien de rendez-vous n’est pas valide. Vérifiez qu’il est complet ou contactez-nous.</ErrorBox>
        ) : query.isPending ? (
          <Spinner label="Chargement du rendez-vous…" />
        ) : query.error ? (
          <div className="space-y-4">
            <ErrorBox>{query.error instanceof ApiError ? query.error.message : UNAVAILABLE_MESSAGE}</ErrorBox>
            <Link to="/rendez-vous" className={buttonClasses('secondary')}>
              Prendre un nouveau rendez-vous
            </Link>
          </div>
        ) : (
          <Managed token={token} booking={query.data} />
        )}
      </div>
    </div>
  );
}

function Managed({ token, booking }: { token: string; booking: ManagedBooking }) {
  const profile = useStoreProfile();
  const client = useQueryClient();
  const [from, setFrom] = useState(() => parisDay(new Date()));
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string; nextSlots?: NextSlot[] } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);

  const say = (next: typeof message) => {
    setMessage(next);
    requestAnimationFrame(() => messageRef.current?.focus());
  };
  const refresh = (data: ManagedBooking) => {
    client.setQueryData(bookingKeys.managed(token), data);
    void client.invalidateQueries({ queryKey: ['bookings', 'slots'] });
  };

  const move = async () => {
    if (!selected) return;
    setBusy(true);
    try {
      const outcome = await rescheduleBooking(token, selected);
      setSelected(null);
      if (outcome.ok) {
        refresh(outcome.data);
        say({ tone: 'ok', text: `${outcome.message} Nouvel horaire\u00a0: ${formatBookingSlot(new Date(outcome.data.slotStart))}. Un e-mail de confirmation vous a été envoyé.` });
      } else {
        void client.invalidateQueries({ queryKey: ['bookings', 'slots'] });
        say({ tone: 'error', text: outcome.message, nextSlots: outcome.nextSlots });
      }
    } catch (error) {
      say({ tone: 'error', text: error instanceof ApiError ? error.message : UNAVAILABLE_MESSAGE });
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const response = await cancelBooking(token);
      refresh(response.data);
      say({ tone: 'ok', text: response.message ?? 'Votre rendez-vous a été annulé.' });
    } catch (error) {
      say({ tone: 'error', text: error instanceof ApiError ? error.message : UNAVAILABLE_MESSAGE });
    } finally {
      setBusy(false);
    }
  };

  const cancelled = booking.status === 'cancelled';
  return (
    <div className="space-y-8">
      <section aria-labelledby="managed-title" className="rounded-2xl border border-slate-300 p-5 dark:border-slate-600 sm:p-6">
        <h2 id="managed-title" className="text-xl font-semibold">
          Rendez-vous {booking.reference}
        </h2>
        <p className="mt-2 text-lg first-letter:uppercase" data-testid="managed-when">
          {cancelled ? 'Annulé\u00a0: ' : ''}
          {formatBookingSlot(new Date(booking.slotStart))}
        </p>
        {!cancelled ? (
          <a href={icsHref(booking.ics)} download={`rendez-vous-${booking.reference}.ics`} className={buttonClasses('secondary', 'mt-4')}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            Ajouter à mon agenda
          </a>
        ) : null}
        <p className="mt-4 text-slate-700 dark:text-slate-300">
          {cancelled
            ? 'Ce rendez-vous est annulé. Vous pouvez en prendre un autre à tout moment.'
            : booking.canChange
              ? `Vous pouvez le déplacer ou l’annuler ici jusqu’au ${formatBookingSlot(new Date(booking.changeDeadline))} (${booking.cutoffHours}\u00a0h avant). Ensuite, appelez-nous au ${profile.phone.display}.`
              : `Il n’est plus possible de le modifier en ligne moins de ${booking.cutoffHours}\u00a0h avant son heure. Appelez-nous au ${profile.phone.display}.`}
        </p>
      </section>

      <div ref={messageRef} tabIndex={-1} className="outline-none">
        {message ? (
          message.tone === 'ok' ? (
            <SuccessBox>{message.text}</SuccessBox>
          ) : (
            <div className="space-y-3">
              <ErrorBox>{message.text}</ErrorBox>
              {message.nextSlots?.length ? (
                <ul className="flex flex-wrap gap-2">
                  {message.nextSlots.map((slot) => (
                    <li key={slot.start}>
                      <Button variant="secondary" onClick={() => setSelected(slot.start)}>
                        {formatBookingSlot(new Date(slot.start), false)}
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          )
        ) : null}
      </div>

      {cancelled ? (
        <Link to="/rendez-vous" className={buttonClasses('primary')}>
          Prendre un nouveau rendez-vous
        </Link>
      ) : booking.canChange ? (
        <>
          <section aria-labelledby="move-title">
            <h2 id="move-title" className="text-xl font-semibold">
              Déplacer le rendez-vous
            </h2>
            <div className="mt-4">
              <BookingCalendar from={from} onFromChange={setFrom} selected={selected} onSelect={setSelected} current={booking.slotStart} labelledBy="move-title" />
            </div>
            <p className="mt-4 font-medium" aria-live="polite">
              {selected ? `Nouveau créneau choisi\u00a0: ${formatBookingSlot(new Date(selected))}` : 'Choisissez un nouveau créneau ci-dessus.'}
            </p>
            <Button className="mt-3" onClick={() => void move()} disabled={!selected || busy}>
              Déplacer à ce créneau
            </Button>
          </section>
          <section aria-labelledby="cancel-title">
            <h2 id="cancel-title" className="text-xl font-semibold">
              Annuler le rendez-vous
            </h2>
            <Button variant="danger" className="mt-3" onClick={() => setConfirming(true)} disabled={busy}>
              Annuler le rendez-vous
            </Button>
          </section>
        </>
      ) : null}
      {confirming ? (
        <ConfirmDialog title="Annuler ce rendez-vous&nbsp;?" confirmLabel="Oui, annuler" cancelLabel="Garder le rendez-vous" onConfirm={() => void cancel()} onCancel={() => setConfirming(false)}>
          Le créneau du {formatBookingSlot(new Date(booking.slotStart))} sera libéré.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
