import { ArrowLeft, ArrowRight, CheckCircle2, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { dropOffDates, findQuoteBrand, findQuoteCategory, findQuoteFault, faultPriceLabel, QUOTE_OTHER } from '@erepare/shared/quote-catalogue';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { useStoreProfile } from '../../../../lib/store-profile';
import { emptyDraft, loadDraft, QUOTE_STEPS, saveDraft, toRequest, validateStep, type QuoteDraft, type StepErrors } from './quote-draft';
import { CategoryStep, ContactStep, DetailsStep, DeviceStep, FaultStep, fieldId } from './quote-steps';
import { sendQuoteRequest } from './send-quote';
import { BookingCta } from '../../../../components/booking-cta';

const TOTAL = QUOTE_STEPS.length;
/** The contact and drop-off step (the one before the confirmation). */
const CONTACT_STEP = TOTAL - 1;

function focusField(field: keyof QuoteDraft) {
  const target = document.getElementById(fieldId(field)) ?? document.getElementById(`${fieldId(field)}-first`)?.querySelector('input');
  target?.focus();
}

/** The device, model and fault in words (summary before sending). */
function summary(draft: QuoteDraft): { device: string; fault: string } {
  const category = findQuoteCategory(draft.category);
  if (!category) return { device: '', fault: '' };
  const brand = draft.brand === QUOTE_OTHER || !category.brands.length ? draft.brandOther : (findQuoteBrand(category, draft.brand)?.label ?? '');
  const model = draft.brand === QUOTE_OTHER || draft.model === QUOTE_OTHER || !category.brands.length ? draft.modelOther : draft.model;
  const fault = draft.fault === QUOTE_OTHER ? undefined : findQuoteFault(category, draft.fault);
  return {
    device: [category.label, brand, model].filter(Boolean).join(' · '),
    fault: fault ? `${fault.label} (${faultPriceLabel(fault)})` : `Autre : ${draft.faultOther}`,
  };
}

/**
 * The online quote, one step per screen (device → brand and model → fault → photos and
 * description → contact and drop-off → confirmation). Progress lives in sessionStorage.
 */
export function QuoteWizard({ send = sendQuoteRequest, smsEnabled = false }: { send?: typeof sendQuoteRequest; smsEnabled?: boolean }) {
  const [draft, setDraft] = useState<QuoteDraft>(emptyDraft);
  const [loaded, setLoaded] = useState(false);
  const [errors, setErrors] = useState<StepErrors>({});
  const [dropOffChoices, setDropOffChoices] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Browser-only state (server-render-safe): the saved draft.
  useEffect(() => {
    setDraft(loadDraft());
    setLoaded(true);
  }, []);

  // The drop-off days, from today's date each time the contact step is entered (the page may have
  // stayed open overnight); a saved day that is no longer offered is cleared.
  useEffect(() => {
    if (!loaded || draft.step !== CONTACT_STEP) return;
    const choices = dropOffDates(new Date());
    setDropOffChoices(choices);
    setDraft((current) => (current.dropOffDate && !choices.includes(current.dropOffDate) ? { ...current, dropOffDate: '' } : current));
  }, [loaded, draft.step]);

  useEffect(() => {
    if (loaded) saveDraft(draft);
  }, [draft, loaded]);

  // After a step change, the new step's title takes the focus (screen readers hear where they are).
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = false;
  }, [draft.step]);

  const update = (change: Partial<QuoteDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(change) as (keyof QuoteDraft)[]) delete next[key];
      return next;
    });
  };

  const goTo = (step: number) => {
    moved.current = true;
    setErrors({});
    setSendError('');
    setDraft((current) => ({ ...current, step }));
  };

  const check = (): boolean => {
    // On the contact step, today's list (midnight may have passed since the step was shown).
    const found = validateStep(draft.step, draft, draft.step === CONTACT_STEP ? dropOffDates(new Date()) : dropOffChoices);
    setErrors(found);
    const first = Object.keys(found)[0] as keyof QuoteDraft | undefined;
    if (first) {
      // Wait for the error texts to be rendered before moving the focus.
      requestAnimationFrame(() => focusField(first));
      return false;
    }
    return true;
  };

  const submit = async () => {
    if (sending || !check()) return;
    setSending(true);
    setSendError('');
    try {
      const { reference } = await send(toRequest(draft));
      moved.current = true;
      setDraft({ ...emptyDraft, step: TOTAL, reference });
    } catch (error) {
      setSendError(error instanceof Error && error.message ? error.message : 'Une erreur est survenue');
    } finally {
      setSending(false);
    }
  };

  const step = draft.step;
  const title = QUOTE_STEPS[step - 1] ?? QUOTE_STEPS[0];
  const stepProps = { draft, errors, update };
  const { device, fault } = summary(draft);

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-700 dark:bg-ink-900">
      <div className="mb-6">
        <p className="text-sm font-semibold text-brand-800 dark:text-brand-300">
          Étape {step} sur {TOTAL}
        </p>
        <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-ink-800">
          <div className="h-full rounded-full bg-brand-700 transition-[width] dark:bg-brand-300" style={{ width: `${(step / TOTAL) * 100}%` }} />
        </div>
        <h2 ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
          <span className="sr-only">
            Étape {step} sur {TOTAL}&nbsp;:{' '}
          </span>
          {title}
        </h2>
      </div>

      {step === TOTAL ? (
        <Confirmation reference={draft.reference} onRestart={() => goTo(1)} />
      ) : (
        <form
          noValidate
          aria-label={`Devis en ligne, étape ${step} sur ${TOTAL}\u00a0: ${title}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (step === TOTAL - 1) void submit();
            else if (check()) goTo(step + 1);
          }}
        >
          <fieldset disabled={sending} className="min-w-0">
            <legend className="sr-only">{title}</legend>
            {step === 1 ? <CategoryStep {...stepProps} /> : null}
            {step === 2 ? <DeviceStep {...stepProps} /> : null}
            {step === 3 ? <FaultStep {...stepProps} /> : null}
            {step === 4 ? <DetailsStep {...stepProps} /> : null}
            {step === 5 ? (
              <>
                <section aria-labelledby="quote-summary-title" className="mb-6 rounded-xl bg-slate-50 p-4 text-sm dark:bg-ink-800">
                  <h3 id="quote-summary-title" className="font-semibold">
                    Votre demande
                  </h3>
                  <p className="mt-1 text-slate-700 dark:text-slate-300">{device}</p>
                  <p className="text-slate-700 dark:text-slate-300">{fault}</p>
                  {draft.photos.length ? (
                    <p className="text-slate-700 dark:text-slate-300">
                      {draft.photos.length} photo{draft.photos.length > 1 ? 's' : ''} jointe{draft.photos.length > 1 ? 's' : ''}
                    </p>
                  ) : null}
                </section>
                <ContactStep {...stepProps} dropOffChoices={dropOffChoices} smsEnabled={smsEnabled} />
              </>
            ) : null}
          </fieldset>

          <div aria-live="polite" className="mt-4">
            {sendError ? (
              <p className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
                {sendError}
              </p>
            ) : null}
          </div>

          <div className="mt-6 flex flex-wrap-reverse items-center justify-between gap-3">
            {step > 1 ? (
              <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={sending}>
                <ArrowLeft aria-hidden="true" className="size-4" />
                Retour
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={sending}>
              {step === TOTAL - 1 ? (
                <>
                  <Send aria-hidden="true" className="size-4" />
                  {sending ? 'Envoi en cours...' : 'Envoyer ma demande'}
                </>
              ) : (
                <>
                  Suivant
                  <ArrowRight aria-hidden="true" className="size-4" />
                </>
              )}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function Confirmation({ reference, onRestart }: { reference: string; onRestart: () => void }) {
  const storeProfile = useStoreProfile();
  return (
    <div>
      <p className="flex items-start gap-3 text-lg">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-emerald-700 dark:text-emerald-300" />
        <span>Votre demande de devis a bien été envoyée. Un e-mail de confirmation vous a été adressé.</span>
      </p>
      {reference ? (
        <p className="mt-6 rounded-xl bg-brand-50 p-4 text-center dark:bg-ink-800">
          <span className="block text-sm font-medium text-slate-700 dark:text-slate-300">Votre référence</span>
          <strong className="mt-1 block font-mono text-2xl tracking-wide" data-testid="quote-reference">
            {reference}
          </strong>
        </p>
      ) : null}
      <h3 className="mt-8 text-lg font-semibold">Et maintenant&nbsp;?</h3>
      <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-700 dark:text-slate-300">
        <li>Un technicien étudie votre demande et vos photos.</li>
        <li>Il vous recontacte par téléphone ou par e-mail pour confirmer le prix, le délai et votre rendez-vous de dépôt.</li>
        <li>Le jour venu, apportez l’appareil à l’atelier avec cette référence&nbsp;: le diagnostic prend en général 24 à 48&nbsp;heures, et rien n’est réparé sans votre accord.</li>
      </ol>
      <p className="mt-6 text-slate-700 dark:text-slate-300">
        Une question d’ici là&nbsp;? Appelez-nous au{' '}
        <a className="font-semibold underline underline-offset-4" href={`tel:${storeProfile.phone.e164}`}>
          {storeProfile.phone.display}
        </a>
        .
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <BookingCta quoteReference={reference || undefined} />
        <Link to="/" className={buttonClasses('secondary')}>
          Retour à l’accueil
        </Link>
        <Button variant="ghost" onClick={onRestart}>
          Faire une autre demande
        </Button>
      </div>
    </div>
  );
}

