import { useQuery } from '@tanstack/react-query';
import { Accessibility, Clock, MapPin } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  formatRelayDistance,
  isRelayPostcode,
  relayMessages,
  relayTypeLabel,
  weeklyOpeningHours,
  type RelayPoint,
} from '@erepare/shared/relay-points';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { relayPointsQuery } from '../api/relay-points-api';
import type { RelayChoice } from '../lib/checkout-form';
import { LoadError } from './load-error';

/** Typing pauses this long before a search (one request per postal code, not per keystroke). */
export const RELAY_SEARCH_DEBOUNCE_MS = 350;

type RelayPickerProps = {
  /** The address's postal code: the search follows it until the customer types another one. */
  addressPostcode: string;
  value: RelayChoice | null;
  onChange: (choice: RelayChoice) => void;
  error?: string | undefined;
  /** Receives what the form focuses when the choice is missing (react-hook-form's field ref). */
  focusRef?: (instance: { focus: () => void } | null) => void;
};

function addressLine(point: Pick<RelayPoint, 'adresse1' | 'adresse2' | 'codePostal' | 'localite'>): string {
  return [point.adresse1, point.adresse2, `${point.codePostal} ${point.localite}`].filter((part) => part.trim()).join(', ');
}

function OpeningHours({ point }: { point: RelayPoint }) {
  return (
    <details className="group border-t border-slate-200 px-4 dark:border-slate-700">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-brand-800 underline-offset-2 hover:underline dark:text-brand-300">
        <Clock aria-hidden="true" className="size-4 shrink-0" />
        Horaires d’ouverture
        <span className="sr-only">{`\u00a0: ${point.nom}`}</span>
      </summary>
      <table className="mb-3 w-full max-w-sm text-sm">
        <caption className="sr-only">{`Horaires d’ouverture\u00a0: ${point.nom}`}</caption>
        <tbody>
          {weeklyOpeningHours(point).map(({ day, hours }) => (
            <tr key={day} className="border-b border-slate-100 last:border-b-0 dark:border-slate-800">
              <th scope="row" className="py-1 pr-4 text-left font-medium">
                {day}
              </th>
              <td className={`py-1 text-right tabular-nums ${hours === 'Fermé' ? 'text-slate-600 dark:text-slate-400' : ''}`}>
                {/* One opening slot per line ("9h00 – 12h00", "14h00 – 17h30"): readable on a phone. */}
                {hours.split(', ').map((slot, index) => (
                  <span key={index} className="block whitespace-nowrap">
                    {index > 0 ? <span className="sr-only">, </span> : null}
                    {slot}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

type OptionProps = {
  point: RelayPoint;
  id: string;
  name: string;
  checked: boolean;
  describedBy: string | undefined;
  onSelect: () => void;
  inputRef?: ((element: HTMLInputElement | null) => void) | undefined;
};

function RelayOption({ point, id, name, checked, describedBy, onSelect, inputRef }: OptionProps) {
  return (
    <li className="rounded-xl border-2 border-slate-200 bg-white transition-colors has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 hover:border-slate-400 dark:border-slate-700 dark:bg-ink-900 dark:has-checked:border-brand-400 dark:has-checked:bg-ink-800">
      <label htmlFor={id} className="flex cursor-pointer gap-3 p-4">
        <input
          ref={inputRef}
          id={id}
          type="radio"
          name={name}
          value={point.identifiant}
          checked={checked}
          onChange={onSelect}
          aria-describedby={describedBy}
          className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-visible:outline-none"
        />
        <span className="min-w-0 flex-1">
          <span className="flex items-start justify-between gap-3">
            <span className="min-w-0 font-semibold [overflow-wrap:anywhere]">{point.nom}</span>
            <span className="shrink-0 text-sm font-semibold tabular-nums">{formatRelayDistance(point.distanceEnMetre)}</span>
          </span>
          <span className="mt-1 inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-ink-800 dark:text-slate-100">
            {relayTypeLabel(point.typeDePoint)}
          </span>
          <span className="mt-1 block text-sm text-slate-700 dark:text-slate-300">{addressLine(point)}</span>
          {point.accesPersonneMobiliteReduite ? (
            <span className="mt-1 flex items-center gap-1.5 text-sm text-emerald-800 dark:text-emerald-300">
              <Accessibility aria-hidden="true" className="size-4 shrink-0" />
              Accessible aux personnes à mobilité réduite
            </span>
          ) : null}
        </span>
      </label>
      <OpeningHours point={point} />
    </li>
  );
}

function RelaySkeleton() {
  return (
    <ul aria-hidden="true" className="grid gap-3">
      {[0, 1, 2].map((index) => (
        <li key={index} className="h-28 animate-pulse rounded-xl border-2 border-slate-100 bg-slate-100 dark:border-ink-800 dark:bg-ink-800" />
      ))}
    </ul>
  );
}

/**
 * The Colissimo relay-point picker of checkout step 2 (spec 2 §4, §5, §8): a postal code (the
 * address's by default), searched once it has exactly 5 digits, after a short pause; the nearest
 * points as a radio group with type, distance, address, accessibility and opening hours.
 */
export function RelayPicker({ addressPostcode, value, onChange, error, focusRef }: RelayPickerProps) {
  const ids = useId();
  const [typed, setTyped] = useState<string | null>(value?.postcode ?? null);
  const code = (typed ?? addressPostcode).trim();
  const valid = isRelayPostcode(code);
  const [searched, setSearched] = useState(valid ? code : '');

  useEffect(() => {
    if (!valid || code === searched) return;
    const timer = window.setTimeout(() => setSearched(code), RELAY_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [code, valid, searched]);

  const active = valid && code === searched;
  const query = useQuery({ ...relayPointsQuery(searched), enabled: isRelayPostcode(searched) });
  const points = active ? query.data : undefined;

  const inputRef = useRef<HTMLInputElement>(null);
  const firstRadioRef = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    focusRef?.({ focus: () => (firstRadioRef.current ?? inputRef.current)?.focus() });
    return () => focusRef?.(null);
  }, [focusRef]);

  const selectedId = value?.point.identifiant ?? null;
  const chosenElsewhere = value && !points?.some((point) => point.identifiant === selectedId) ? value.point : null;
  const errorId = `${ids}-error`;

  let status = '';
  let body = null;
  if (!valid) {
    status = relayMessages.invalidPostcode;
  } else if (!active || (query.isPending && query.fetchStatus !== 'idle')) {
    status = relayMessages.searching;
    body = <RelaySkeleton />;
  } else if (query.isError) {
    const message = query.error instanceof ApiError && query.error.status === 429 ? query.error.message : relayMessages.loadFailed;
    body = <LoadError title={message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (points && points.length === 0) {
    status = relayMessages.empty;
  } else if (points) {
    status = relayMessages.found(points.length);
    body = (
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="mb-3 text-base font-semibold">{`Points relais près de ${searched}`}</legend>
        <ul className="grid gap-3">
          {points.map((point, index) => (
            <RelayOption
              key={point.identifiant}
              point={point}
              id={`${ids}-point-${point.identifiant}`}
              name={`${ids}-relay`}
              checked={point.identifiant === selectedId}
              describedBy={error ? errorId : undefined}
              onSelect={() => onChange({ point, postcode: searched })}
              inputRef={
                index === 0
                  ? (element) => {
                      firstRadioRef.current = element;
                    }
                  : undefined
              }
            />
          ))}
        </ul>
      </fieldset>
    );
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="grid gap-4 border-t border-slate-200 pt-5 sm:rounded-2xl sm:border sm:p-5 dark:border-slate-700">
      <div>
        <h3 id={`${ids}-title`} className="flex items-center gap-2 text-base font-semibold">
          <MapPin aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
          Point relais Colissimo
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Votre colis est livré au point choisi&nbsp;: vous le retirez avec une pièce d’identité.</p>
      </div>

      <Field
        ref={inputRef}
        label="Code postal de recherche"
        inputMode="numeric"
        autoComplete="off"
        className="max-w-52"
        value={typed ?? addressPostcode}
        onChange={(event) => setTyped(event.target.value)}
        hint={valid ? undefined : relayMessages.invalidPostcode}
      />

      {chosenElsewhere ? (
        <div className="rounded-xl border-2 border-brand-600 bg-brand-50 p-4 text-sm dark:border-brand-400 dark:bg-ink-800">
          <p className="font-semibold">Point relais choisi</p>
          <p className="mt-1 font-medium">{chosenElsewhere.nom}</p>
          <p>{addressLine(chosenElsewhere)}</p>
        </div>
      ) : null}

      <p role="status" aria-live="polite" className={valid && status !== relayMessages.searching && status !== relayMessages.empty ? 'sr-only' : 'text-sm text-slate-700 dark:text-slate-300'}>
        {valid ? status : ''}
      </p>
      {body}

      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </section>
  );
}
