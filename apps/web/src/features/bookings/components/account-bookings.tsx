import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CalendarClock, CalendarPlus, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatBookingSlot, parisDay } from '@erepare/shared/booking';
import type { SessionUser } from '@erepare/shared/schemas/auth';
import type { AccountBooking } from '@erepare/shared/schemas/bookings';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBox, SuccessBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, NETWORK_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from '../../../lib/api-client';
import { useStoreProfile } from '../../../lib/store-profile';
import { accountBookingsKey, cancelAccountBooking, rescheduleAccountBooking, useAccountBookings, type NextSlot } from '../api/bookings-api';
import { BookingCalendar } from './booking-calendar';

export const accountBookingTexts = {
  heading: 'Mes rendez-vous',
  loading: 'Chargement de vos rendez-vous…',
  empty: 'Aucun rendez-vous',
  emptyHint: 'Réservez un créneau pour déposer votre appareil à l’atelier\u00a0: vous le retrouverez ici, avec la possibilité de le déplacer ou de l’annuler.',
  unverified: 'Confirmez votre adresse e-mail (lien reçu à l’inscription) pour retrouver ici les rendez-vous pris avec elle.',
  loadError: 'Impossible de charger vos rendez-vous pour le moment.',
  book: 'Prendre rendez-vous',
  upcoming: 'À venir',
  others: 'Passés et annulés',
  back: 'Retour à mes rendez-vous',
} as const;

type Tone = 'green' | 'red' | 'grey';

const toneClasses: Record<Tone, string> = {
  green: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200',
  red: 'border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-200',
  grey: 'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-600 dark:bg-ink-800 dark:text-slate-200',
};

/** What the customer reads of a booking's state. */
export function accountBookingState(booking: Pick<AccountBooking, 'status' | 'upcoming' | 'cancelledBy'>): { label: string; tone: Tone } {
  if (booking.status === 'cancelled') return { label: booking.cancelledBy === 'staff' ? 'Annulé par l’atelier' : 'Annulé', tone: 'red' };
  return booking.upcoming ? { label: 'Confirmé', tone: 'green' } : { label: 'Passé', tone: 'grey' };
}

function StateBadge({ booking }: { booking: AccountBooking }) {
  const { label, tone } = accountBookingState(booking);
  return (
    <span className={`inline-flex max-w-full items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${toneClasses[tone]}`} data-tone={tone}>
      {label}
    </span>
  );
}

function purposeOf(booking: AccountBooking): string | null {
  if (booking.estimateNumber) return `Devis ${booking.estimateNumber}`;
  if (booking.quoteReference) return `Demande de devis ${booking.quoteReference}`;
  return null;
}

type Message = { tone: 'ok' | 'error'; text: string };

/**
 * « Mes rendez-vous » in the account (issue 24 §3): the drop-off bookings the server says are the
 * user's (linked customer or verified address), upcoming first; each upcoming one can be moved
 * (the booking calendar, in place) or cancelled until the cut-off, with the same rules as the
 * mailed link. An unverified account owns none yet: it is told why, and nothing is asked.
 */
export function AccountBookings({ user }: { user: SessionUser }) {
  const bookings = useAccountBookings(user.email_verified);
  const client = useQueryClient();
  const [moving, setMoving] = useState<number | null>(null);
  const [returnTo, setReturnTo] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<AccountBooking | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  const say = (next: Message) => {
    setMessage(next);
    requestAnimationFrame(() => messageRef.current?.focus());
  };
  const refresh = () => {
    void client.invalidateQueries({ queryKey: accountBookingsKey });
    void client.invalidateQueries({ queryKey: ['bookings', 'slots'] });
  };

  const cancel = async (booking: AccountBooking) => {
    setCancelling(null);
    setBusy(true);
    try {
      const response = await cancelAccountBooking(booking.id);
      say({ tone: 'ok', text: `${response.message ?? 'Votre rendez-vous a été annulé.'} Un e-mail de confirmation vous a été envoyé.` });
    } catch (error) {
      say({ tone: 'error', text: error instanceof ApiError ? error.message : UNAVAILABLE_MESSAGE });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const list = bookings.data ?? [];
  const open = moving === null ? null : (list.find((booking) => booking.id === moving && booking.canChange) ?? null);
  const upcoming = list.filter((booking) => booking.upcoming);
  const others = list.filter((booking) => !booking.upcoming);

  return (
    <section aria-labelledby="bookings-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="bookings-heading" className="text-2xl font-bold tracking-tight">
          {accountBookingTexts.heading}
        </h2>
        {list.length > 0 && !open ? (
          <ButtonLink to="/rendez-vous" variant="secondary">
            <CalendarPlus aria-hidden="true" className="size-4" />
            {accountBookingTexts.book}
          </ButtonLink>
        ) : null}
      </div>

      {!user.email_verified ? (
        <Box>
          <p>{accountBookingTexts.unverified}</p>
        </Box>
      ) : null}
      {user.email_verified && bookings.isPending ? <Spinner label={accountBookingTexts.loading} /> : null}
      {bookings.isError ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-medium">
            {bookings.error instanceof ApiError && bookings.error.message === NETWORK_ERROR_MESSAGE ? NETWORK_ERROR_MESSAGE : accountBookingTexts.loadError}
          </p>
          <Button variant="secondary" onClick={() => void bookings.refetch()} disabled={bookings.isFetching} className="shrink-0">
            <RefreshCw aria-hidden="true" className={`size-4 ${bookings.isFetching ? 'motion-safe:animate-spin' : ''}`} />
            Réessayer
          </Button>
        </div>
      ) : null}

      <div ref={messageRef} tabIndex={-1} className="outline-none">
        {message ? message.tone === 'ok' ? <SuccessBox>{message.text}</SuccessBox> : <ErrorBox>{message.text}</ErrorBox> : null}
      </div>

      {bookings.isSuccess && open ? (
        <MoveBooking
          booking={open}
          onBack={() => {
            setReturnTo(open.id);
            setMoving(null);
          }}
          onMoved={(text) => {
            setMoving(null);
            refresh();
            say({ tone: 'ok', text });
          }}
        />
      ) : null}

      {bookings.isSuccess && !open ? (
        list.length === 0 ? (
          <Box>
            <p className="font-semibold">{accountBookingTexts.empty}</p>
            <p className="mt-1">{accountBookingTexts.emptyHint}</p>
            <ButtonLink to="/rendez-vous" className="mt-3">
              <CalendarPlus aria-hidden="true" className="size-4" />
              {accountBookingTexts.book}
            </ButtonLink>
          </Box>
        ) : (
          <div className="space-y-6">
            {upcoming.length > 0 ? (
              <BookingGroup
                title={accountBookingTexts.upcoming}
                id="bookings-upcoming"
                bookings={upcoming}
                busy={busy}
                returnTo={returnTo}
                onMove={(booking) => {
                  setMessage(null);
                  setReturnTo(null);
                  setMoving(booking.id);
                }}
                onCancel={(booking) => {
                  setMessage(null);
                  setCancelling(booking);
                }}
              />
            ) : null}
            {others.length > 0 ? <BookingGroup title={accountBookingTexts.others} id="bookings-others" bookings={others} busy={busy} returnTo={null} /> : null}
          </div>
        )
      ) : null}

      {cancelling ? (
        <ConfirmDialog
          title={'Annuler ce rendez-vous\u00a0?'}
          confirmLabel="Oui, annuler"
          cancelLabel="Garder le rendez-vous"
          onConfirm={() => void cancel(cancelling)}
          onCancel={() => setCancelling(null)}
        >
          Le rendez-vous {cancelling.reference} du {formatBookingSlot(new Date(cancelling.slotStart))} sera annulé et son créneau libéré.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function Box({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-4 text-sm text-slate-800 dark:border-slate-700 dark:bg-ink-900/60 dark:text-slate-200">{children}</div>;
}

type GroupProps = {
  title: string;
  id: string;
  bookings: AccountBooking[];
  busy: boolean;
  /** The booking whose « Déplacer » opened the move view, to give the focus back to it. */
  returnTo: number | null;
  onMove?: (booking: AccountBooking) => void;
  onCancel?: (booking: AccountBooking) => void;
};

function BookingGroup({ title, id, bookings, busy, returnTo, onMove, onCancel }: GroupProps) {
  const profile = useStoreProfile();
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (returnTo !== null) listRef.current?.querySelector<HTMLElement>(`[data-move="${returnTo}"]`)?.focus();
  }, [returnTo]);

  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      <ul ref={listRef} aria-labelledby={id} className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        {bookings.map((booking) => {
          const purpose = purposeOf(booking);
          return (
            <li key={booking.id} className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-ink-900">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-mono text-base font-bold">{booking.reference}</span>
                <StateBadge booking={booking} />
              </div>
              <p className="flex items-start gap-2 font-semibold text-slate-900 dark:text-slate-100">
                <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <time dateTime={booking.slotStart} className="block first-letter:uppercase">
                  {formatBookingSlot(new Date(booking.slotStart))}
                </time>
              </p>
              {purpose ? <p className="text-sm text-slate-700 dark:text-slate-300">Pour&nbsp;: {purpose}</p> : null}
              {booking.upcoming && booking.canChange && onMove && onCancel ? (
                <>
                  <p className="text-sm text-slate-700 dark:text-slate-300">Modifiable en ligne jusqu’au {formatBookingSlot(new Date(booking.changeDeadline))}.</p>
                  <div className="mt-auto flex flex-wrap gap-2">
                    <Button variant="secondary" data-move={booking.id} aria-label={`Déplacer le rendez-vous ${booking.reference}`} onClick={() => onMove(booking)} disabled={busy}>
                      Déplacer
                    </Button>
                    <Button variant="ghost" className="text-red-800 dark:text-red-300" aria-label={`Annuler le rendez-vous ${booking.reference}`} onClick={() => onCancel(booking)} disabled={busy}>
                      Annuler
                    </Button>
                  </div>
                </>
              ) : booking.upcoming ? (
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  Il n’est plus possible de le modifier en ligne moins de {booking.cutoffHours}&nbsp;h avant son heure. Appelez-nous au {profile.phone.display}.
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function MoveBooking({ booking, onBack, onMoved }: { booking: AccountBooking; onBack: () => void; onMoved: (message: string) => void }) {
  const client = useQueryClient();
  const [from, setFrom] = useState(() => parisDay(new Date()));
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; nextSlots: NextSlot[] } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const move = async () => {
    if (!selected) return;
    setBusy(true);
    try {
      const outcome = await rescheduleAccountBooking(booking.id, selected);
      setSelected(null);
      if (outcome.ok) {
        onMoved(`${outcome.message} Nouvel horaire\u00a0: ${formatBookingSlot(new Date(outcome.data.slotStart))}. Un e-mail de confirmation vous a été envoyé.`);
        return;
      }
      void client.invalidateQueries({ queryKey: ['bookings', 'slots'] });
      setProblem({ text: outcome.message, nextSlots: outcome.nextSlots });
    } catch (error) {
      setProblem({ text: error instanceof ApiError ? error.message : UNAVAILABLE_MESSAGE, nextSlots: [] });
    } finally {
      setBusy(false);
    }
    requestAnimationFrame(() => problemRef.current?.focus());
  };

  return (
    <article aria-labelledby="booking-move-heading" className="space-y-5">
      <Button variant="secondary" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {accountBookingTexts.back}
      </Button>
      <div>
        <h3 id="booking-move-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
          Déplacer le rendez-vous <span className="font-mono">{booking.reference}</span>
        </h3>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Actuellement&nbsp;: <span className="font-semibold">{formatBookingSlot(new Date(booking.slotStart))}</span>
        </p>
      </div>
      <BookingCalendar from={from} onFromChange={setFrom} selected={selected} onSelect={setSelected} current={booking.slotStart} labelledBy="booking-move-heading" />
      <p className="font-medium" aria-live="polite">
        {selected ? `Nouveau créneau choisi\u00a0: ${formatBookingSlot(new Date(selected))}` : 'Choisissez un nouveau créneau ci-dessus.'}
      </p>
      <div ref={problemRef} tabIndex={-1} className="outline-none">
        {problem ? (
          <div className="space-y-3">
            <ErrorBox>{problem.text}</ErrorBox>
            {problem.nextSlots.length ? (
              <>
                <p className="text-sm">Les prochains créneaux libres&nbsp;:</p>
                <ul className="flex flex-wrap gap-2">
                  {problem.nextSlots.map((slot) => (
                    <li key={slot.start}>
                      <Button variant="secondary" onClick={() => setSelected(slot.start)}>
                        {formatBookingSlot(new Date(slot.start), false)}
                      </Button>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      <Button onClick={() => void move()} disabled={!selected || busy}>
        Déplacer à ce créneau
      </Button>
    </article>
  );
}
