import { BellOff, BellRing } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { pushSupported } from '../../../lib/push';
import { readStoredUser } from '../../../lib/session';
import { followTicket, unfollowTicket, useVisitorFollow } from '../lib/visitor-follow';

type Outcome = { kind: 'error' | 'success'; text: string } | null;

const PROOF_PATTERN = /^\s*(\d[\s.]?){4}\s*$/;

/**
 * "Recevoir les alertes" under a ticket found on /suivi (issue 7): a visitor without an account
 * proves the ticket with the last 4 digits of the phone on file (5 tries a day per ticket, the
 * server's rule) and gets a push
 * at each status change on this device — one ticket per device. Signed-in customers follow their
 * tickets from their account instead.
 */
export function VisitorFollowCard({ ticketNumber }: { ticketNumber: string }) {
  // A remembered account (no request: the card shows under a ticket found by anyone).
  const [signedIn] = useState(() => readStoredUser() !== null);
  const follow = useVisitorFollow();
  const [proof, setProof] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const followingThis = follow?.ticketNumber === ticketNumber;

  if (signedIn) {
    return (
      <aside aria-labelledby="visitor-follow-title" className="mt-4 rounded-2xl border border-slate-200 p-4 dark:border-slate-700">
        <h3 id="visitor-follow-title" className="flex items-center gap-2 font-semibold">
          <BellRing aria-hidden="true" className="size-5" />
          Être prévenu des changements
        </h3>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Vous êtes connecté&nbsp;: ajoutez ce ticket à vos tickets suivis depuis{' '}
          <Link to="/compte?tab=notifications" className="font-semibold text-brand-800 underline dark:text-brand-300">
            Mon compte › Notifications
          </Link>
          .
        </p>
      </aside>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!PROOF_PATTERN.test(proof)) {
      setFieldError('Indiquez les 4 derniers chiffres de votre numéro de téléphone (par exemple 5678).');
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    setOutcome(null);
    try {
      const { message } = await followTicket(ticketNumber, proof);
      setProof('');
      setOutcome({ kind: 'success', text: message });
    } catch (error) {
      setOutcome({ kind: 'error', text: error instanceof Error && error.message ? error.message : 'Impossible d’activer les alertes. Réessayez.' });
    } finally {
      setBusy(false);
    }
  };

  const stop = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ kind: 'success', text: await unfollowTicket() });
    } catch (error) {
      setOutcome({ kind: 'error', text: error instanceof Error && error.message ? error.message : 'Impossible d’arrêter les alertes. Réessayez.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <aside aria-labelledby="visitor-follow-title" className="mt-4 rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-700">
      <h3 id="visitor-follow-title" className="flex items-center gap-2 font-semibold">
        <BellRing aria-hidden="true" className="size-5" />
        Recevoir une alerte à chaque changement
      </h3>
      {!pushSupported() ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Ce navigateur ne permet pas les notifications. Sur iPhone, ajoutez d’abord le site à l’écran d’accueil&nbsp;; sinon, revenez sur cette page
          ou créez un compte client.
        </p>
      ) : followingThis ? (
        <div className="mt-2">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Les alertes sont activées pour le ticket <span className="font-mono">{ticketNumber}</span> sur cet appareil.
          </p>
          <Button type="button" variant="secondary" className="mt-3" onClick={() => void stop()} disabled={busy}>
            <BellOff aria-hidden="true" className="size-4" />
            {busy ? 'Arrêt en cours…' : 'Arrêter les alertes'}
          </Button>
        </div>
      ) : (
        <form className="mt-2" onSubmit={(event) => void submit(event)} noValidate>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Sans compte&nbsp;: prouvez que ce ticket est le vôtre et recevez une notification sur cet appareil quand son statut change. Un seul ticket
            par appareil{follow ? `\u00a0: celui-ci remplacera le ticket ${follow.ticketNumber}` : ''}.
          </p>
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
            <Field
              label="4 derniers chiffres de votre téléphone"
              hint="Ceux du numéro donné à l’atelier pour ce ticket. 5 essais par jour et par ticket."
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              value={proof}
              onChange={(event) => setProof(event.target.value)}
              error={fieldError}
              disabled={busy}
              className="sm:w-80"
            />
            <Button type="submit" className="sm:mt-6" disabled={busy}>
              {busy ? 'Activation…' : 'Recevoir les alertes'}
            </Button>
          </div>
        </form>
      )}
      <p role={outcome?.kind === 'error' ? 'alert' : 'status'} className={`mt-3 text-sm font-medium ${outcome?.kind === 'error' ? 'text-red-700 dark:text-red-300' : 'text-emerald-800 dark:text-emerald-300'}`}>
        {outcome?.text}
      </p>
    </aside>
  );
}
