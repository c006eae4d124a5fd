import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useTicketLookup } from '../hooks/use-ticket-lookup';
import { checkTicketInput, lookupErrorMessage, TICKET_NOT_FOUND_MESSAGE } from '../lib/lookup';
import { TicketDetails } from './ticket-details';
import { VisitorFollowCard } from './visitor-follow-card';

const TICKET_PARAM = 'ticket';

/**
 * The field's text and validation message, as the address gives them. An empty `?ticket=` is a
 * search sent empty: the form works without JavaScript (a GET of this page), so a tap on
 * "Rechercher" before the app has loaded lands here, and gets the same message as in the app.
 */
function fromAddress(param: string | null): { input: string; invalid: string | null } {
  if (param === null) return { input: '', invalid: null };
  const checked = checkTicketInput(param);
  return { input: param, invalid: checked.ok ? null : checked.message };
}

/**
 * "Suivre mon ticket": the visitor types a ticket number (spec 1 §5 rules and messages) and sees
 * that ticket's status and history. The number lives in the address (?ticket=T-6632): a link
 * with it looks the ticket up at once, and a search can be shared or bookmarked.
 */
export function TicketLookup() {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [params, setParams] = useSearchParams();
  const param = params.get(TICKET_PARAM);

  // The field follows the address (a link, back and forward), and is the visitor's in between.
  const [seenParam, setSeenParam] = useState(param);
  // The first render is the server-rendered page's (the same for every address): the address's
  // verdict on the number comes once mounted, so hydration meets the HTML it expects.
  const [field, setField] = useState(() => ({ input: param ?? '', invalid: null as string | null }));
  useEffect(() => {
    setField(fromAddress(param));
    // Once, on mount: later changes of the address are followed below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (param !== seenParam) {
    setSeenParam(param);
    setField(fromAddress(param));
  }

  const checked = param !== null && param.trim() !== '' ? checkTicketInput(param) : null;
  const number = checked?.ok ? checked.number : null;
  const lookup = useTicketLookup(field.invalid === null ? number : null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = checkTicketInput(field.input);
    if (!result.ok) {
      setField({ input: field.input, invalid: result.message });
      inputRef.current?.focus();
      return;
    }
    setField({ input: result.number, invalid: null });
    if (result.number === param) {
      void lookup.refetch();
      return;
    }
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(TICKET_PARAM, result.number);
        return next;
      },
      { preventScrollReset: true },
    );
  };

  const searching = lookup.isFetching && !lookup.data;
  const failure = field.invalid === null && lookup.isError && !lookup.isFetching ? lookupErrorMessage(lookup.error) : null;
  const message = field.invalid ?? failure;
  const found = field.invalid === null && lookup.data ? lookup.data : null;

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-6 dark:border-slate-700 dark:bg-ink-900/60">
      <div className="grid gap-4 lg:grid-cols-2 lg:items-start lg:gap-8">
        <div>
          <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight">
            Suivre mon ticket
          </h2>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Saisissez le numéro indiqué sur votre bon de dépôt pour voir l’état de votre réparation et son historique.
          </p>
        </div>

        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="w-full sm:flex-1">
            <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-medium">
              Numéro de ticket
            </label>
            <input
              ref={inputRef}
              id={`${id}-input`}
              name={TICKET_PARAM}
              type="text"
              value={field.input}
              onChange={(event) => setField({ input: event.target.value, invalid: null })}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="search"
              aria-invalid={field.invalid ? true : undefined}
              aria-describedby={`${id}-hint ${id}-message`}
              className={`block min-h-11 w-full rounded-lg border bg-white px-3 py-2 font-mono text-base text-slate-900 placeholder:text-slate-500 dark:bg-ink-900 dark:text-slate-100 ${
                field.invalid ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-500'
              }`}
            />
            <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              Par exemple T-6632 ou 6632
            </p>
          </div>
          <Button type="submit" className="sm:mt-6">
            <Search aria-hidden="true" className="size-4" />
            Rechercher
          </Button>
        </form>
      </div>

      <div id={`${id}-message`} aria-live="polite" className="mt-3 empty:mt-0">
        {message ? (
          <p
            className={`rounded-lg border px-4 py-3 text-sm font-medium ${
              field.invalid
                ? 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200'
                : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100'
            }`}
          >
            <span className="block">{message}</span>
            {message === TICKET_NOT_FOUND_MESSAGE ? (
              <span className="mt-1 block font-normal">Vérifiez le numéro indiqué sur votre bon de dépôt, ou appelez l’atelier.</span>
            ) : null}
          </p>
        ) : found ? (
          <p className="sr-only">Ticket {found.ticket_number} trouvé.</p>
        ) : null}
      </div>

      {searching ? <Spinner label="Recherche du ticket…" /> : null}
      {found ? (
        <div className="mt-4">
          <TicketDetails ticket={found} />
          <VisitorFollowCard ticketNumber={found.ticket_number} />
        </div>
      ) : null}
    </section>
  );
}
