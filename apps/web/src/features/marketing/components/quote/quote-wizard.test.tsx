import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropOffDates, formatDropOffDate } from '@erepare/shared/quote-catalogue';
import { QuotePage } from '../../pages/quote-page';
import { emptyDraft, QUOTE_DRAFT_KEY, toRequest, validateStep } from './quote-draft';
import { QuoteWizard } from './quote-wizard';

afterEach(() => {
  sessionStorage.clear();
});

function renderWizard(send = vi.fn()) {
  return render(
    <MemoryRouter>
      <QuoteWizard send={send} />
    </MemoryRouter>,
  );
}

const next = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: /Suivant/ }));

describe('QuoteWizard', () => {
  it('goes through the 6 steps and shows the reference', async () => {
    const user = userEvent.setup();
    const send = vi.fn(() => Promise.resolve({ success: true as const, message: 'ok', reference: 'D-2026-000042' }));
    renderWizard(send);

    expect(screen.getByText('Étape 1 sur 6')).toBeInTheDocument();
    await next(user);
    expect(screen.getByText('Veuillez choisir le type d’appareil')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Téléphone/ }));
    await next(user);

    expect(screen.getByText('Étape 2 sur 6')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /Marque et modèle/ })).toHaveFocus();
    await next(user);
    expect(screen.getByLabelText('Marque *')).toHaveAccessibleDescription('Veuillez choisir ou indiquer la marque');
    await user.selectOptions(screen.getByLabelText('Marque *'), 'apple');
    await user.selectOptions(screen.getByLabelText('Modèle *'), 'iPhone 13');
    await next(user);

    expect(screen.getByText('Étape 3 sur 6')).toBeInTheDocument();
    expect(screen.getByText(/prix « à partir de » sont indicatifs/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Écran cassé ou tactile défaillant\s*à partir de 49\u00a0€/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Batterie qui se décharge vite/ }));
    await next(user);

    expect(screen.getByText('Étape 4 sur 6')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Description (facultatif)'), 'Elle tient une heure.');
    await next(user);

    expect(screen.getByText('Étape 5 sur 6')).toBeInTheDocument();
    expect(screen.getByText('Téléphone · Apple · iPhone 13')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Envoyer ma demande/ }));
    expect(screen.getByLabelText('Nom *')).toHaveAccessibleDescription('Veuillez indiquer votre nom');
    expect(send).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Nom *'), 'Léa M.');
    await user.type(screen.getByLabelText('Adresse e-mail *'), 'lea@exemple.fr');
    await user.type(screen.getByLabelText('Téléphone *'), '06 12 34 56 78');
    const day = dropOffDates(new Date())[0] ?? '';
    await user.selectOptions(screen.getByLabelText('Jour de dépôt souhaité *'), formatDropOffDate(day));
    await user.click(screen.getByRole('radio', { name: /Après-midi/ }));
    await user.click(screen.getByRole('checkbox', { name: /me contacte par téléphone ou par e-mail au sujet de ce devis/ }));
    await user.click(screen.getByRole('button', { name: /Envoyer ma demande/ }));

    expect(await screen.findByText('D-2026-000042')).toBeInTheDocument();
    expect(screen.getByText('Étape 6 sur 6')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        category: 'telephone',
        brand: 'apple',
        model: 'iPhone 13',
        fault: 'batterie',
        description: 'Elle tient une heure.',
        dropOffDate: day,
        dropOffSlot: 'apres-midi',
        consent: true,
      }),
    );
  }, 30_000);

  it('keeps the progress in sessionStorage across a reload, and Back works', async () => {
    const user = userEvent.setup();
    const first = renderWizard();
    await user.click(screen.getByRole('radio', { name: /Console/ }));
    await next(user);
    await user.selectOptions(screen.getByLabelText('Marque *'), 'nintendo');
    first.unmount();

    renderWizard();
    expect(await screen.findByText('Étape 2 sur 6')).toBeInTheDocument();
    expect(screen.getByLabelText('Marque *')).toHaveValue('nintendo');
    await user.click(screen.getByRole('button', { name: /Retour/ }));
    expect(screen.getByRole('radio', { name: /Console/ })).toBeChecked();
    expect(JSON.parse(sessionStorage.getItem(QUOTE_DRAFT_KEY) ?? '{}')).toMatchObject({ step: 1, category: 'console', brand: 'nintendo' });
  });

  it('recomputes the drop-off days when the contact step is entered (the page stayed open overnight)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Monday 23 November 2026, 11:00 in Paris: Tuesday 24 is the first day offered.
      vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
      sessionStorage.setItem(
        QUOTE_DRAFT_KEY,
        JSON.stringify({ ...emptyDraft, step: 4, category: 'autre', modelOther: 'Enceinte', fault: 'diagnostic', dropOffDate: '2026-11-24' }),
      );
      const user = userEvent.setup();
      renderWizard();
      await waitFor(() => expect(screen.getByText('Étape 4 sur 6')).toBeInTheDocument());
      // The next morning, the visitor goes on.
      vi.setSystemTime(new Date('2026-11-24T08:00:00Z'));
      await next(user);
      await waitFor(() => expect(screen.getByText('Étape 5 sur 6')).toBeInTheDocument());
      const day = screen.getByLabelText(/Jour de dépôt souhaité/);
      await waitFor(() => expect(day).toHaveValue(''));
      const offered = Array.from((day as HTMLSelectElement).options).map((option) => option.value).filter(Boolean);
      expect(offered[0]).toBe('2026-11-25');
      expect(offered).not.toContain('2026-11-24');
      expect(screen.queryByRole('option', { name: formatDropOffDate('2026-11-24') })).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the server’s message when sending fails', async () => {
    sessionStorage.setItem(
      QUOTE_DRAFT_KEY,
      JSON.stringify({
        ...emptyDraft,
        step: 5,
        category: 'autre',
        modelOther: 'Enceinte',
        fault: 'diagnostic',
        name: 'Léa',
        email: 'lea@exemple.fr',
        phone: '0612345678',
        dropOffDate: dropOffDates(new Date())[0],
        dropOffSlot: 'matin',
        consent: true,
      }),
    );
    const user = userEvent.setup();
    renderWizard(vi.fn(() => Promise.reject(new Error('Vous avez envoyé plusieurs demandes de devis en peu de temps.'))));
    await waitFor(() => expect(screen.getByText('Étape 5 sur 6')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /Envoyer ma demande/ }));
    expect(await screen.findByText('Vous avez envoyé plusieurs demandes de devis en peu de temps.')).toBeInTheDocument();
  });
});

describe('quote draft rules', () => {
  it('validates the "autre" texts and builds the request', () => {
    const draft = { ...emptyDraft, category: 'telephone' as const, brand: 'autre' };
    expect(validateStep(2, draft, [])).toEqual({ brandOther: 'Veuillez choisir ou indiquer la marque', modelOther: 'Veuillez choisir ou indiquer le modèle' });
    expect(validateStep(3, { ...draft, fault: 'autre' }, [])).toEqual({ faultOther: 'Veuillez choisir la panne ou la décrire' });
    expect(validateStep(5, { ...draft, name: 'A', email: 'a@exemple.fr', phone: '0612345678', dropOffDate: '2020-01-07', dropOffSlot: 'matin', consent: true }, ['2030-01-08'])).toEqual({
      dropOffDate: 'Choisissez un jour d’ouverture (du mardi au samedi) à partir de demain',
    });
    expect(toRequest({ ...draft, brandOther: 'Fairphone', modelOther: '5', model: 'iPhone 13', fault: 'ecran' })).toMatchObject({
      brand: 'autre',
      brandOther: 'Fairphone',
      model: '',
      modelOther: '5',
    });
  });
});

describe('QuotePage', () => {
  it('has one h1 and renders the first step', async () => {
    render(
      <MemoryRouter>
        <QuotePage />
      </MemoryRouter>,
    );
    await act(async () => undefined);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('radio', { name: /Montre/ })).toBeInTheDocument();
  });
});

describe('service SMS consent (issue 24 §5)', () => {
  const contactDraft = () => ({
    ...emptyDraft,
    step: 5,
    category: 'autre',
    modelOther: 'Enceinte',
    fault: 'diagnostic',
    name: 'Léa',
    email: 'lea@exemple.fr',
    phone: '0612345678',
    dropOffDate: dropOffDates(new Date())[0],
    dropOffSlot: 'matin',
    consent: true,
  });
  const smsBox = /Recevoir par SMS les messages sur cette réparation \(devis, rendez-vous, appareil prêt\)/;

  it('is offered unticked when the shop sends SMS, and sent when ticked', async () => {
    sessionStorage.setItem(QUOTE_DRAFT_KEY, JSON.stringify(contactDraft()));
    const user = userEvent.setup();
    const send = vi.fn(() => Promise.resolve({ success: true as const, message: 'ok', reference: 'D-2026-000043' }));
    render(
      <MemoryRouter>
        <QuoteWizard send={send} smsEnabled />
      </MemoryRouter>,
    );
    const box = await screen.findByRole('checkbox', { name: smsBox });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: /Envoyer ma demande/ }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ smsConsent: true, consent: true }));
  });

  it('is not shown when SMS is not configured, and the request says no', async () => {
    sessionStorage.setItem(QUOTE_DRAFT_KEY, JSON.stringify(contactDraft()));
    const user = userEvent.setup();
    const send = vi.fn(() => Promise.resolve({ success: true as const, message: 'ok', reference: 'D-2026-000044' }));
    renderWizard(send);
    await waitFor(() => expect(screen.getByText('Étape 5 sur 6')).toBeInTheDocument());
    expect(screen.queryByRole('checkbox', { name: smsBox })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Envoyer ma demande/ }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ smsConsent: false }));
  });
});
