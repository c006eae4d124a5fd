import { ChevronLeft, ChevronRight } from 'lucide-react';
import { addDays, formatBookingDay, formatBookingTime } from '@erepare/shared/booking';
import type { PublicDay } from '@erepare/shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useBookingSlots } from '../api/bookings-api';

export const CALENDAR_DAYS = 7;

type CalendarProps = {
  /** The first day shown (YYYY-MM-DD, Paris). */
  from: string;
  onFromChange: (from: string) => void;
  /** The chosen slot's start (ISO), or null. */
  selected: string | null;
  onSelect: (start: string) => void;
  /** The slot the customer already has (the manage page): shown, not offered. */
  current?: string | undefined;
  /** The calendar's heading id, for the group's name. */
  labelledBy: string;
};

/** "mardi 1er décembre à 9h30, disponible": each slot's accessible name says the day, the time and whether it is full. */
export function slotLabel(day: string, start: string, available: boolean, current = false): string {
  const state = current ? 'votre rendez-vous actuel' : available ? 'disponible' : 'complet';
  return `${formatBookingDay(day)} à ${formatBookingTime(new Date(start))}, ${state}`;
}

/**
 * The drop-off calendar: a week of days, each a radio group of its slots (arrow keys move within a
 * day, as in any radio group); one column per day from 1024 px, a list of days below. Full slots
 * stay listed (disabled, « complet ») so a screen reader hears the whole day.
 */
export function BookingCalendar({ from, onFromChange, selected, onSelect, current, labelledBy }: CalendarProps) {
  const slots = useBookingSlots(from, CALENDAR_DAYS);
  const data = slots.data;
  const canGoBack = data ? from > data.firstDay : false;
  const canGoForward = data ? addDays(from, CALENDAR_DAYS) <= data.lastDay : false;
  const rangeLabel = `Du ${formatBookingDay(from)} au ${formatBookingDay(addDays(from, CALENDAR_DAYS - 1))}`;

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-semibold" aria-live="polite">
          {rangeLabel}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => onFromChange(addDays(from, -CALENDAR_DAYS))} disabled={!canGoBack}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            Semaine précédente
          </Button>
          <Button variant="secondary" onClick={() => onFromChange(addDays(from, CALENDAR_DAYS))} disabled={!canGoForward}>
            Semaine suivante
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      {slots.isPending ? (
        // A screen's height while the slots load: the week that arrives is taller than the screen,
        // so what follows (the form, the footer) is already out of sight and nothing visible shifts.
        <div className="mt-6 min-h-screen" aria-busy="true">
          <Spinner label="Chargement des créneaux…" />
        </div>
      ) : slots.error ? (
        <div className="mt-6 space-y-3">
          <ErrorBox>{slots.error.message}</ErrorBox>
          <Button variant="secondary" onClick={() => void slots.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : (
        <div role="group" aria-labelledby={labelledBy} className="mt-4 grid gap-3 lg:grid-cols-7 lg:gap-2">
          {data?.days.map((day) => <Day key={day.day} day={day} selected={selected} onSelect={onSelect} current={current} />)}
        </div>
      )}
    </div>
  );
}

function Day({ day, selected, onSelect, current }: { day: PublicDay; selected: string | null; onSelect: (start: string) => void; current?: string | undefined }) {
  const title = formatBookingDay(day.day);
  const free = day.slots.filter((slot) => slot.available).length;
  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-300 p-3 dark:border-slate-600 lg:p-2">
      <legend className="px-1 text-sm font-semibold first-letter:uppercase">{title}</legend>
      {day.closed ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{day.closed}</p>
      ) : day.slots.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Plus de créneau ce jour-là</p>
      ) : (
        <>
          {free === 0 ? <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">Complet</p> : null}
          <div className="grid grid-cols-4 gap-2 sm:grid-cols-6 lg:grid-cols-1">
            {day.slots.map((slot) => {
              const isCurrent = slot.start === current;
              const enabled = slot.available && !isCurrent;
              return (
                <label key={slot.start} className={enabled ? 'cursor-pointer' : 'cursor-not-allowed'}>
                  <input
                    type="radio"
                    name={`creneau-${day.day}`}
                    value={slot.start}
                    className="peer sr-only"
                    checked={selected === slot.start}
                    disabled={!enabled}
                    onChange={() => onSelect(slot.start)}
                    aria-label={slotLabel(day.day, slot.start, slot.available, isCurrent)}
                    data-testid={`slot-${slot.start}`}
                  />
                  <span
                    aria-hidden="true"
                    className={`flex min-h-11 items-center justify-center rounded-lg border px-1 text-sm font-semibold tabular-nums peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white dark:peer-checked:border-brand-300 dark:peer-checked:bg-brand-300 dark:peer-checked:text-ink-950 ${
                      isCurrent
                        ? 'border-dashed border-brand-700 text-brand-800 dark:border-brand-300 dark:text-brand-200'
                        : enabled
                          ? 'border-slate-400 bg-white hover:border-brand-700 dark:border-slate-500 dark:bg-ink-900'
                          : 'border-slate-200 bg-slate-100 text-slate-600 line-through dark:border-slate-700 dark:bg-ink-800 dark:text-slate-400'
                    }`}
                  >
                    {formatBookingTime(new Date(slot.start))}
                  </span>
                </label>
              );
            })}
          </div>
        </>
      )}
    </fieldset>
  );
}
