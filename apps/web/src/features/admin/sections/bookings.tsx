import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { addDays, formatBookingDay, formatBookingTime, parisDay, weekStart, weekdayNames, type WeeklyPeriod } from '@erepare/shared/booking';
import {
  adminActionResponseSchema,
  adminBookingsResponseSchema,
  bookingSettingsResponseSchema,
  closureConflictResponseSchema,
  closureCreatedResponseSchema,
  closuresResponseSchema,
  type AdminBooking,
  type AdminBookingDay,
  type AdminSlot,
  type ClosureBooking,
  type ClosureCreateRequest,
} from '@erepare/shared/schemas/bookings';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBox, Field } from '../../../components/ui/field';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { Panel, Pill, QueryState, SelectField } from './shop/kit';

/**
 * « Rendez-vous » (issue 24 §3): the day's or the week's drop-off bookings with who comes, their
 * phone, note and what they are for; cancel one (the customer is told), block a slot or give it a
 * capacity of its own; the booking rules (slots, capacity, cut-off, horizon, weekly hours) and the
 * closures (with the public holidays, always closed).
 */

const keys = {
  schedule: (from: string, days: number) => ['admin', 'bookings', from, days] as const,
  settings: ['admin', 'bookings', 'settings'] as const,
  closures: (year: number) => ['admin', 'bookings', 'closures', year] as const,
};

function useAction<T>(run: (input: T) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (response) => {
      toastSuccess(response.message);
      void client.invalidateQueries({ queryKey: ['admin', 'bookings'] });
    },
  });
}

export function BookingsSection() {
  return (
    <div className="space-y-8">
      <Schedule />
      <SettingsPanel />
      <ClosuresPanel />
    </div>
  );
}

// ─── Day and week ───────────────────────────────────────────────────────────────────────────────

function Schedule() {
  const today = parisDay(new Date());
  const [view, setView] = useState<'day' | 'week'>('day');
  const [day, setDay] = useState(today);
  const from = view === 'day' ? day : weekStart(day);
  const days = view === 'day' ? 1 : 7;
  const schedule = useQuery({
    queryKey: keys.schedule(from, days),
    queryFn: ({ signal }) => apiRequest(`/api/admin/bookings?from=${from}&days=${days}`, { schema: adminBookingsResponseSchema, signal }).then((response) => response.data),
  });
  const step = view === 'day' ? 1 : 7;
  return (
    <Panel title={view === 'day' ? `Rendez-vous du ${formatBookingDay(day, true)}` : `Semaine du ${formatBookingDay(from, true)}`}>
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label="Affichage" className="flex gap-2">
          <Button variant={view === 'day' ? 'primary' : 'secondary'} aria-pressed={view === 'day'} onClick={() => setView('day')}>
            Jour
          </Button>
          <Button variant={view === 'week' ? 'primary' : 'secondary'} aria-pressed={view === 'week'} onClick={() => setView('week')}>
            Semaine
          </Button>
        </div>
        <Button variant="secondary" onClick={() => setDay(addDays(day, -step))}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {view === 'day' ? 'Jour précédent' : 'Semaine précédente'}
        </Button>
        <Button variant="secondary" onClick={() => setDay(addDays(day, step))}>
          {view === 'day' ? 'Jour suivant' : 'Semaine suivante'}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
        <Button variant="ghost" onClick={() => setDay(today)}>
          Aujourd’hui
        </Button>
        <Field label="Aller au" type="date" value={day} onChange={(event) => event.target.value && setDay(event.target.value)} className="w-44" />
      </div>
      <div className="mt-5">
        <QueryState query={schedule} label="Chargement des rendez-vous…">
          {() => (
            <div className="space-y-6">
              {schedule.data?.days.map((entry) => <DaySchedule key={entry.day} day={entry} compact={view === 'week'} />)}
              {schedule.data?.others.length ? <BookingList title="Rendez-vous hors des horaires actuels" bookings={schedule.data.others} /> : null}
              {schedule.data?.cancelled.length ? <BookingList title="Rendez-vous annulés" bookings={schedule.data.cancelled} /> : null}
            </div>
          )}
        </QueryState>
      </div>
    </Panel>
  );
}

function DaySchedule({ day, compact }: { day: AdminBookingDay; compact: boolean }) {
  const count = day.slots.reduce((total, slot) => total + slot.bookings.length, 0);
  const slots = compact ? day.slots.filter((slot) => slot.bookings.length > 0 || slot.blockedReason || slot.capacityOverride !== null) : day.slots;
  return (
    <section aria-label={formatBookingDay(day.day)}>
      <h3 className="text-lg font-semibold first-letter:uppercase">
        {formatBookingDay(day.day)} <span className="text-sm font-normal text-slate-700 dark:text-slate-300">— {day.closed ?? (count === 0 ? 'aucun rendez-vous' : count === 1 ? '1 rendez-vous' : `${count} rendez-vous`)}</span>
      </h3>
      {slots.length > 0 ? (
        <div className="relative mt-2 overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-700" tabIndex={0} role="region" aria-label={`Créneaux du ${formatBookingDay(day.day)}`}>
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">Créneaux du {formatBookingDay(day.day)}</caption>
            <thead className="bg-slate-50 dark:bg-ink-800">
              <tr>
                <th scope="col" className="px-3 py-2">Heure</th>
                <th scope="col" className="px-3 py-2">Places</th>
                <th scope="col" className="px-3 py-2">Rendez-vous</th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions sur le créneau</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {slots.map((slot) => (
                <SlotRow key={slot.start} slot={slot} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function SlotRow({ slot }: { slot: AdminSlot }) {
  const [editing, setEditing] = useState(false);
  const time = formatBookingTime(new Date(slot.start));
  return (
    <>
      <tr className="border-t border-slate-200 align-top dark:border-slate-700">
        <th scope="row" className="px-3 py-2 font-semibold tabular-nums">
          {time}
        </th>
        <td className="px-3 py-2">
          <span className="tabular-nums">
            {slot.booked}/{slot.capacity}
          </span>{' '}
          {slot.blockedReason ? <Pill tone="bad">Bloqué&nbsp;: {slot.blockedReason}</Pill> : slot.booked >= slot.capacity ? <Pill tone="warn">Complet</Pill> : null}
        </td>
        <td className="px-3 py-2">
          {slot.bookings.length ? (
            <ul className="space-y-2">
              {slot.bookings.map((booking) => (
                <li key={booking.id}>
                  <BookingLine booking={booking} />
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-slate-600 dark:text-slate-400">—</span>
          )}
        </td>
        <td className="px-3 py-2 text-right">
          <Button variant="ghost" onClick={() => setEditing((open) => !open)} aria-expanded={editing} aria-label={`Bloquer ou régler le créneau de ${time}`}>
            Régler
          </Button>
        </td>
      </tr>
      {editing ? (
        <tr>
          <td colSpan={4} className="bg-slate-50 px-3 py-3 dark:bg-ink-800">
            <SlotRuleForm slot={slot} time={time} onDone={() => setEditing(false)} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function SlotRuleForm({ slot, time, onDone }: { slot: AdminSlot; time: string; onDone: () => void }) {
  const [reason, setReason] = useState(slot.blockedReason ?? '');
  const [capacity, setCapacity] = useState(slot.capacityOverride === null ? '' : String(slot.capacityOverride));
  const save = useAction((body: object) => apiRequest('/api/admin/bookings/slots', { method: 'PUT', body, schema: adminActionResponseSchema }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { slotStart: slot.start, blockedReason: reason.trim() ? reason.trim() : null, capacityOverride: capacity === '' ? null : Number(capacity) },
      { onSuccess: onDone },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={`Réglages du créneau de ${time}`}>
      <Field label="Motif du blocage (vide&nbsp;: ouvert)" value={reason} onChange={(event) => setReason(event.target.value)} maxLength={200} className="min-w-56 flex-1" />
      <Field label="Capacité du créneau (vide&nbsp;: réglage général)" type="number" min={0} max={50} value={capacity} onChange={(event) => setCapacity(event.target.value)} className="w-64" />
      <Button type="submit" disabled={save.isPending}>
        Enregistrer
      </Button>
      <Button variant="ghost" onClick={onDone}>
        Fermer
      </Button>
      {save.error ? <ErrorBox>{save.error.message}</ErrorBox> : null}
    </form>
  );
}

function BookingLine({ booking }: { booking: AdminBooking }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useAction((id: number) => apiRequest(`/api/admin/bookings/${id}/cancel`, { method: 'POST', schema: adminActionResponseSchema }));
  const linked = booking.estimateNumber ? `Devis ${booking.estimateNumber}` : booking.quoteReference ? `Demande ${booking.quoteReference}` : null;
  return (
    <div data-testid={`admin-booking-${booking.reference}`}>
      <p>
        <strong>{booking.name}</strong> · <a className="underline underline-offset-4" href={`tel:${booking.phone.replace(/\s/g, '')}`}>{booking.phone}</a> · <a className="underline underline-offset-4" href={`mailto:${booking.email}`}>{booking.email}</a>
      </p>
      <p className="text-slate-700 dark:text-slate-300">
        {booking.reference}
        {linked ? ` · ${linked}` : ''}
        {booking.status === 'cancelled' ? ` · annulé ${booking.cancelledBy === 'staff' ? 'par l’atelier' : 'par le client'}` : ''}
      </p>
      {booking.note ? <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">{booking.note}</p> : null}
      {booking.status === 'confirmed' ? (
        <Button variant="ghost" className="mt-1 text-red-800 dark:text-red-300" onClick={() => setConfirming(true)}>
          Annuler le rendez-vous de {booking.name}
        </Button>
      ) : null}
      {cancel.error ? <ErrorBox>{cancel.error.message}</ErrorBox> : null}
      {confirming ? (
        <ConfirmDialog
          title={`Annuler le rendez-vous ${booking.reference}\u00a0?`}
          confirmLabel="Annuler le rendez-vous"
          cancelLabel="Garder"
          onConfirm={() => {
            setConfirming(false);
            cancel.mutate(booking.id);
          }}
          onCancel={() => setConfirming(false)}
        >
          {booking.name} est prévenu par e-mail (et par SMS s’il l’a accepté).
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function BookingList({ title, bookings }: { title: string; bookings: AdminBooking[] }) {
  return (
    <section aria-label={title}>
      <h3 className="text-lg font-semibold">{title}</h3>
      <ul className="mt-2 space-y-3">
        {bookings.map((booking) => (
          <li key={booking.id} className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
            <p className="font-semibold first-letter:uppercase">
              {formatBookingDay(parisDay(new Date(booking.slotStart)))} à {formatBookingTime(new Date(booking.slotStart))}
            </p>
            <BookingLine booking={booking} />
          </li>
        ))}
      </ul>
    </section>
  );
}

// ─── Settings ───────────────────────────────────────────────────────────────────────────────────

function SettingsPanel() {
  const settings = useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => apiRequest('/api/admin/bookings/settings', { schema: bookingSettingsResponseSchema, signal }).then((response) => response.data),
  });
  return (
    <Panel title="Règles des rendez-vous">
      <QueryState query={settings} label="Chargement des règles…">
        {() => (settings.data ? <SettingsForm key={JSON.stringify(settings.data.settings)} initial={settings.data.settings} saved={settings.data.saved} /> : null)}
      </QueryState>
    </Panel>
  );
}

type SettingsValues = { slotMinutes: number; capacity: number; cutoffHours: number; horizonDays: number; weekly: WeeklyPeriod[] };

function SettingsForm({ initial, saved }: { initial: SettingsValues; saved: boolean }) {
  const [values, setValues] = useState(initial);
  const save = useAction((body: SettingsValues) => apiRequest('/api/admin/bookings/settings', { method: 'PUT', body, schema: bookingSettingsResponseSchema }).then((response) => ({ message: response.message ?? 'Enregistré.' })));
  const number = (key: 'slotMinutes' | 'capacity' | 'cutoffHours' | 'horizonDays') => ({
    value: String(values[key]),
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: Number(event.target.value) })),
  });
  const setPeriod = (index: number, patch: Partial<WeeklyPeriod>) =>
    setValues((current) => ({ ...current, weekly: current.weekly.map((period, position) => (position === index ? { ...period, ...patch } : period)) }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ ...values, weekly: [...values.weekly].sort((a, b) => a.weekday - b.weekday || a.from.localeCompare(b.from)) });
      }}
      className="space-y-4"
    >
      {!saved ? <p className="text-sm text-slate-700 dark:text-slate-300">Réglages par défaut (les horaires de la boutique)&nbsp;: enregistrez pour les adapter.</p> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Durée d’un créneau (minutes)" type="number" min={10} max={240} {...number('slotMinutes')} />
        <Field label="Clients par créneau" type="number" min={1} max={50} {...number('capacity')} />
        <Field label="Modification possible jusqu’à (heures avant)" type="number" min={0} max={168} {...number('cutoffHours')} />
        <Field label="Réservation possible jusqu’à (jours)" type="number" min={1} max={365} {...number('horizonDays')} />
      </div>
      <fieldset>
        <legend className="font-semibold">Plages horaires de la semaine</legend>
        <ul className="mt-2 space-y-2">
          {values.weekly.map((period, index) => (
            <li key={index} className="flex flex-wrap items-end gap-2">
              <SelectField label={`Jour de la plage ${index + 1}`} value={period.weekday} onChange={(event) => setPeriod(index, { weekday: Number(event.target.value) })} className="w-40">
                {weekdayNames.map((name, position) => (
                  <option key={name} value={position + 1}>
                    {name}
                  </option>
                ))}
              </SelectField>
              <Field label="De" type="time" value={period.from} onChange={(event) => setPeriod(index, { from: event.target.value })} className="w-32" />
              <Field label="À" type="time" value={period.to} onChange={(event) => setPeriod(index, { to: event.target.value })} className="w-32" />
              <Button variant="ghost" aria-label={`Retirer la plage ${index + 1} (${weekdayNames[period.weekday - 1] ?? ''} ${period.from} – ${period.to})`} onClick={() => setValues((current) => ({ ...current, weekly: current.weekly.filter((_, position) => position !== index) }))}>
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
        <Button variant="secondary" className="mt-2" onClick={() => setValues((current) => ({ ...current, weekly: [...current.weekly, { weekday: 2, from: '09:30', to: '12:00' }] }))}>
          <Plus aria-hidden="true" className="size-4" />
          Ajouter une plage
        </Button>
      </fieldset>
      {save.error ? <ErrorBox>{save.error.message}</ErrorBox> : null}
      <Button type="submit" disabled={save.isPending}>
        Enregistrer les règles
      </Button>
    </form>
  );
}

// ─── Closures ───────────────────────────────────────────────────────────────────────────────────

/** The bookings a closure would cancel, read from its 409 (null for any other error). */
function closureConflict(error: unknown): ClosureBooking[] | null {
  if (!(error instanceof ApiError) || error.code !== 'CLOSURE_HAS_BOOKINGS') return null;
  const parsed = closureConflictResponseSchema.safeParse(error.details);
  return parsed.success ? parsed.data.bookings : null;
}

export function ClosuresPanel() {
  const [year, setYear] = useState(() => Number(parisDay(new Date()).slice(0, 4)));
  const [day, setDay] = useState('');
  const [reason, setReason] = useState('');
  // The day staff asked to close and the bookings it has: the dialog asking to cancel them.
  // `again`: the server's message when a booking was taken while staff read the list (shown above it).
  const [conflict, setConflict] = useState<{ day: string; reason: string; bookings: ClosureBooking[]; again?: string } | null>(null);
  const closures = useQuery({
    queryKey: keys.closures(year),
    queryFn: ({ signal }) => apiRequest(`/api/admin/bookings/closures?year=${year}`, { schema: closuresResponseSchema, signal }).then((response) => response.data),
  });
  const add = useAction((body: ClosureCreateRequest) => apiRequest('/api/admin/bookings/closures', { method: 'POST', body, schema: closureCreatedResponseSchema }));
  const remove = useAction((id: number) => apiRequest(`/api/admin/bookings/closures/${id}`, { method: 'DELETE', schema: adminActionResponseSchema }));
  const done = () => (setDay(''), setReason(''));
  const hit = conflict?.bookings.length ?? 0;
  return (
    <Panel title="Fermetures exceptionnelles">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          // The button stays enabled while the answer comes (a disabled button would drop the focus the dialog gives back).
          if (add.isPending) return;
          add.mutate(
            { day, reason },
            {
              onSuccess: done,
              onError: (error) => {
                const bookings = closureConflict(error);
                if (bookings) setConflict({ day, reason, bookings });
              },
            },
          );
        }}
      >
        <Field label="Jour fermé" type="date" value={day} onChange={(event) => setDay(event.target.value)} required className="w-44" />
        <Field label="Motif (facultatif)" value={reason} onChange={(event) => setReason(event.target.value)} maxLength={200} className="min-w-56 flex-1" />
        <Button type="submit" disabled={!day}>
          Fermer ce jour
        </Button>
      </form>
      {conflict ? (
        <ConfirmDialog
          title={`Fermer le ${formatBookingDay(conflict.day)}\u00a0?`}
          confirmLabel={hit === 1 ? 'Fermer et prévenir le client' : 'Fermer et prévenir les clients'}
          cancelLabel="Annuler"
          onConfirm={() => {
            const { day: closedDay, reason: closedReason, bookings } = conflict;
            setConflict(null);
            // The list shown is the list cancelled: a booking taken meanwhile brings the dialog back with it.
            add.mutate(
              { day: closedDay, reason: closedReason, cancelBookings: true, expectedBookings: bookings.map((booking) => booking.reference) },
              {
                onSuccess: done,
                onError: (error) => {
                  const again = closureConflict(error);
                  if (again && error instanceof Error) setConflict({ day: closedDay, reason: closedReason, bookings: again, again: error.message });
                },
              },
            );
          }}
          onCancel={() => {
            setConflict(null);
            add.reset();
          }}
        >
          {conflict.again ? (
            <p role="alert" className="mb-2 font-semibold text-red-700 dark:text-red-300">
              {conflict.again}
            </p>
          ) : null}
          <p>
            {hit === 1 ? 'Un rendez-vous est pris ce jour-là. Il sera annulé' : `${hit} rendez-vous sont pris ce jour-là. Ils seront annulés`} et{' '}
            {hit === 1 ? 'le client prévenu' : 'les clients prévenus'} par e-mail (et par SMS s’ils l’ont accepté), avec le motif de la fermeture et un lien pour reprendre rendez-vous.
          </p>
          {/* A long day scrolls inside the dialog (focusable, so the keyboard scrolls it too). */}
          <div className="mt-3 max-h-60 overflow-y-auto rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700" tabIndex={0} role="region" aria-label="Rendez-vous qui seront annulés">
            <ul className="space-y-1" aria-label="Rendez-vous qui seront annulés">
              {conflict.bookings.map((booking) => (
                <li key={booking.reference} className="flex flex-wrap gap-x-2">
                  <span className="font-semibold tabular-nums">{formatBookingTime(new Date(booking.slotStart))}</span>
                  <span>{booking.name}</span>
                  <span className="font-mono text-slate-700 dark:text-slate-300">{booking.reference}</span>
                </li>
              ))}
            </ul>
          </div>
        </ConfirmDialog>
      ) : null}
      {add.error && !closureConflict(add.error) ? <div className="mt-3"><ErrorBox>{add.error.message}</ErrorBox></div> : null}
      {remove.error ? <div className="mt-3"><ErrorBox>{remove.error.message}</ErrorBox></div> : null}
      <div className="mt-4 flex items-center gap-2">
        <Button variant="secondary" onClick={() => setYear(year - 1)} aria-label={`Année ${year - 1}`}>
          <ChevronLeft aria-hidden="true" className="size-4" />
        </Button>
        <p className="font-semibold tabular-nums" aria-live="polite">
          {year}
        </p>
        <Button variant="secondary" onClick={() => setYear(year + 1)} aria-label={`Année ${year + 1}`}>
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <QueryState query={closures} label="Chargement des fermetures…">
        {() => (
          <div className="mt-3 grid gap-6 md:grid-cols-2">
            <section aria-label="Fermetures">
              <h3 className="font-semibold">Jours fermés par l’atelier</h3>
              {closures.data?.closures.length ? (
                <ul className="mt-2 space-y-1">
                  {closures.data.closures.map((closure) => (
                    <li key={closure.id} className="flex items-center justify-between gap-2">
                      <span className="first-letter:uppercase">
                        {formatBookingDay(closure.day)}
                        {closure.reason ? ` — ${closure.reason}` : ''}
                      </span>
                      <Button variant="ghost" onClick={() => remove.mutate(closure.id)} aria-label={`Rouvrir le ${formatBookingDay(closure.day)}`}>
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-slate-700 dark:text-slate-300">Aucune fermeture exceptionnelle.</p>
              )}
            </section>
            <section aria-label="Jours fériés">
              <h3 className="font-semibold">Jours fériés (toujours fermés)</h3>
              <ul className="mt-2 space-y-1">
                {closures.data?.holidays.map((holiday) => (
                  <li key={holiday.day} className="first-letter:uppercase">
                    {formatBookingDay(holiday.day)} — {holiday.name}
                  </li>
                ))}
              </ul>
            </section>
          </div>
        )}
      </QueryState>
    </Panel>
  );
}
