import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, formatBookingSlot, parisDay } from '@erepare/shared/booking';
import type { BookingSummary } from '@erepare/shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { ApiError, UNAVAILABLE_MESSAGE } from '../../../lib/api-client';
import { createBooking, useBookingSlots, type NextSlot } from '../api/bookings-api';
import { BookingCalendar, CALENDAR_DAYS } from '../components/booking-calendar';
import { BookingConfirmation } from '../components/booking-confirmation';
import { BookingForm } from '../components/booking-form';

/**
 * /rendez-vous: a drop-off slot in the shop's calendar, then who comes. `?token=` (an estimate's
 * link, from the estimate page) or `?demande=` (a quote reference, from the quote's success
 * screen) ties the booking to what it is for.
 */
export function BookingPage({ smsEnabled = false }: { smsEnabled?: boolean }) {
  const [params] = useSearchParams();
  const estimateToken = params.get('token') ?? undefined;
  const quoteReference = params.get('demande') ?? undefined;
  const [from, setFrom] = useState(() => parisDay(new Date()));
  const [selected, setSelected] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<{ message: string; nextSlots: NextSlot[] } | null>(null);
  const [done, setDone] = useState<BookingSummary | null>(null);
  const client = useQueryClient();
  // The calendar's own query (same key): the cut-off the confirmation states.
  const cutoffHours = useBookingSlots(from, CALENDAR_DAYS).data?.cutoffHours ?? 2;
  const problemRef = useRef<HTMLDivElement>(null);

  const choose = (start: string) => {
    setSelected(start);
    setProblem(null);
    // A slot offered after a 409 may lie outside the week shown: show its week.
    const day = parisDay(new Date(start));
    if (day < from || day >= addDays(from, CALENDAR_DAYS)) setFrom(day);
  };

  const show = (next: { message: string; nextSlots: NextSlot[] }) => {
    setProblem(next);
    requestAnimationFrame(() => problemRef.current?.focus());
  };

  const submit = async (values: { name: string; email: string; phone: string; smsConsent: boolean; note: string }) => {
    if (!selected) {
      show({ message: 'Veuillez choisir un créneau', nextSlots: [] });
      return;
    }
    setSubmitting(true);
    setProblem(null);
    try {
      const outcome = await createBooking({ ...values, slotStart: selected, ...(estimateToken ? { estimateToken } : quoteReference ? { quoteReference } : {}) });
      void client.invalidateQueries({ queryKey: ['bookings', 'slots'] });
      if (outcome.ok) {
        setDone(outcome.data);
        return;
      }
      setSelected(null);
      show({ message: outcome.message, nextSlots: outcome.nextSlots });
    } catch (error) {
      show({ message: error instanceof ApiError ? error.message : UNAVAILABLE_MESSAGE, nextSlots: [] });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Prendre rendez-vous pour un dépôt</h1>
      {done ? (
        <div className="mt-8">
          <BookingConfirmation booking={done} cutoffHours={cutoffHours} />
        </div>
      ) : (
        <>
          <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
            Choisissez le moment où vous déposez votre appareil à l’atelier&nbsp;: un technicien vous attend, le diagnostic commence aussitôt. Vous recevez la confirmation par e-mail, avec le rendez-vous à ajouter à votre agenda.
          </p>
          {estimateToken || quoteReference ? (
            <p className="mt-3 text-sm font-medium text-brand-800 dark:text-brand-200">
              {estimateToken ? 'Ce rendez-vous sera rattaché à votre devis.' : `Ce rendez-vous sera rattaché à votre demande de devis ${quoteReference ?? ''} (avec la même adresse e-mail).`}
            </p>
          ) : null}
          <section aria-labelledby="booking-calendar-title" className="mt-8">
            <h2 id="booking-calendar-title" className="text-xl font-semibold">
              1. Choisissez un créneau
            </h2>
            <div className="mt-4">
              <BookingCalendar from={from} onFromChange={setFrom} selected={selected} onSelect={choose} labelledBy="booking-calendar-title" />
            </div>
            <p className="mt-4 font-medium" aria-live="polite" data-testid="booking-selected">
              {selected ? `Créneau choisi\u00a0: ${formatBookingSlot(new Date(selected))}` : 'Aucun créneau choisi pour l’instant.'}
            </p>
          </section>
          {problem ? (
            <div ref={problemRef} tabIndex={-1} className="mt-6 space-y-3 outline-none">
              <ErrorBox>{problem.message}</ErrorBox>
              {problem.nextSlots.length > 0 ? (
                <div>
                  <p className="font-medium">Les prochains créneaux libres&nbsp;:</p>
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {problem.nextSlots.map((slot) => (
                      <li key={slot.start}>
                        <Button variant="secondary" onClick={() => choose(slot.start)}>
                          {formatBookingSlot(new Date(slot.start), false)}
                        </Button>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          ) : null}
          <div className="mt-8 max-w-3xl">
            <BookingForm smsEnabled={smsEnabled} submitting={submitting} onSubmit={(values) => void submit(values)} />
          </div>
        </>
      )}
    </div>
  );
}
