import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { estimateMessages } from '@erepare/shared/estimates';
import type { AccountEstimate } from '@erepare/shared/schemas/estimates';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionUser } from '../../account/components/dashboard/test/fixtures';
import { on, stubApi } from '../../account/components/dashboard/test/render';
import { AccountEstimates } from './account-estimates';
import { asRead } from '../../../test/read-text';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function estimate(overrides: Partial<AccountEstimate> = {}): AccountEstimate {
  return {
    id: 41,
    estimateNumber: 'DV-2026-000041',
    status: 'sent',
    lapsed: false,
    ticketNumber: 'T-6601',
    deviceLabel: 'Apple iPhone 13',
    note: '',
    createdAt: '2026-11-20T09:00:00.000Z',
    decidedAt: null,
    shop: { name: 'E.repare', address: '1 rue de l’Atelier, 33470 Gujan-Mestras', phone: '05 56 00 00 00', email: 'contact@erepare.fr' },
    vatRegime: 'standard',
    lines: [
      { kind: 'part', label: 'Écran OLED', quantity: 1, unitPriceCents: 12000, vatRate: '20', taxCents: 2000, totalCents: 12000 },
      { kind: 'labour', label: 'Pose', quantity: 1, unitPriceCents: 3000, vatRate: '20', taxCents: 500, totalCents: 3000 },
    ],
    subtotalCents: 12500,
    taxCents: 2500,
    totalCents: 15000,
    vatBreakdown: [{ rate: '20', baseCents: 12500, taxCents: 2500 }],
    bonusCategory: 'smartphone',
    bonusLabel: 'Bonus réparation QualiRépar (Smartphones)',
    bonusCents: 2500,
    toPayCents: 12500,
    depositCents: 0,
    leadTimeDays: 2,
    validUntil: '2026-12-20',
    ...overrides,
  };
}

const list = (items: AccountEstimate[]) => jsonResponse({ success: true, data: items });

function renderSection(user = sessionUser()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AccountEstimates user={user} />
    </QueryClientProvider>,
  );
}

describe('AccountEstimates (« Mes devis » in the account)', () => {
  it('loads, then lists each estimate: number, device, date, amount after bonus, French state and validity', async () => {
    stubApi(
      on('GET', '/api/account/estimates', () =>
        list([estimate(), estimate({ id: 40, estimateNumber: 'DV-2026-000040', status: 'accepted', bonusCents: 0, bonusCategory: null, bonusLabel: null, toPayCents: 9900, decidedAt: '2026-11-18T10:00:00.000Z' }), estimate({ id: 39, estimateNumber: 'DV-2026-000039', lapsed: true })]),
      ),
    );
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Mes devis' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Chargement de vos devis…');
    const items = within(await screen.findByRole('list', { name: 'Mes devis' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, second, third] = items;
    expect(first).toHaveTextContent('DV-2026-000041');
    expect(first).toHaveTextContent('Apple iPhone 13');
    expect(first).toHaveTextContent('En attente de réponse');
    expect(first).toHaveTextContent(/À payer après bonus\s*125,00\s€/);
    expect(first).toHaveTextContent(/Valable jusqu’au\s*20\/12\/2026/);
    expect(second).toHaveTextContent('Accepté');
    expect(second).toHaveTextContent(/À payer\s*99,00\s€/);
    expect(third).toHaveTextContent('Expiré');
    expect(within(first!).getByRole('button', { name: 'Voir le devis DV-2026-000041' })).toBeInTheDocument();
  });

  it('says « Aucun devis pour le moment. » when there is none', async () => {
    stubApi(on('GET', '/api/account/estimates', () => list([])));
    renderSection();
    expect(await screen.findByText('Aucun devis pour le moment.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows an error with « Réessayer », which asks again', async () => {
    let calls = 0;
    stubApi(
      on('GET', '/api/account/estimates', () => {
        calls += 1;
        return calls === 1 ? jsonResponse({ success: false, message: 'Erreur interne', statusCode: 500 }, 500) : list([estimate()]);
      }),
    );
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger vos devis pour le moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('DV-2026-000041')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows nothing and asks nothing for an unverified account (it owns no estimate yet)', () => {
    const calls = stubApi(on('GET', '/api/account/estimates', () => list([estimate()])));
    const { container } = renderSection(sessionUser({ email_verified: false }));
    expect(container).toBeEmptyDOMElement();
    expect(calls).toHaveLength(0);
  });

  it('« Voir le devis » opens it in place (lines, totals, bonus); « Accepter le devis » posts to the account route and shows what was recorded', async () => {
    let current = estimate();
    const calls = stubApi(
      on('GET', '/api/account/estimates', () => list([current])),
      on('POST', '/api/account/estimates/41/decision', () => {
        current = estimate({ status: 'accepted', decidedAt: '2026-11-21T08:00:00.000Z' });
        return jsonResponse({ success: true, message: estimateMessages.accepted, data: { status: 'accepted', recorded: true, decidedAt: '2026-11-21T08:00:00.000Z' } });
      }),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Voir le devis DV-2026-000041' }));
    const heading = screen.getByRole('heading', { level: 3, name: 'Devis DV-2026-000041' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('table', { name: 'Détail du devis DV-2026-000041' })).toHaveTextContent('Écran OLED');
    expect(screen.getByText('Bonus réparation QualiRépar (Smartphones)')).toBeInTheDocument();
    expect(screen.getByText('Reste à payer après bonus')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accepter le devis' }));
    expect(await screen.findByText(asRead(estimateMessages.accepted))).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ body: { decision: 'accept' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accepter le devis' })).not.toBeInTheDocument());
    expect(screen.getByText('Accepté')).toBeInTheDocument();
    // Back to the list, focus on the card's button that opened it.
    await userEvent.click(screen.getByRole('button', { name: 'Retour à mes devis' }));
    expect(screen.getByRole('button', { name: 'Voir le devis DV-2026-000041' })).toHaveFocus();
  });

  it('« Refuser » asks for an optional reason in a dialog and sends it', async () => {
    const calls = stubApi(
      on('GET', '/api/account/estimates', () => list([estimate()])),
      on('POST', '/api/account/estimates/41/decision', () => jsonResponse({ success: true, message: estimateMessages.declined, data: { status: 'declined', recorded: true, decidedAt: '2026-11-21T08:00:00.000Z' } })),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Voir le devis DV-2026-000041' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refuser' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Refuser le devis' });
    await userEvent.type(within(dialog).getByLabelText('Motif (facultatif)'), 'Trop cher');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuser le devis' }));
    expect(await screen.findByText(asRead(estimateMessages.declined))).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ body: { decision: 'decline', reason: 'Trop cher' } });
  });

  it('a decided estimate shows the recorded outcome and no buttons; the PDF comes from the account route', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = stubApi(
      on('GET', '/api/account/estimates', () => list([estimate({ status: 'declined', decidedAt: '2026-11-21T08:00:00.000Z' })])),
      on(
        'GET',
        '/api/account/estimates/41/pdf',
        () => new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="devis-DV-2026-000041.pdf"' } }),
      ),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Voir le devis DV-2026-000041' }));
    expect(screen.getByText(/Vous avez refusé ce devis le/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accepter le devis' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le PDF' }));
    await waitFor(() => expect(saved).toEqual(['devis-DV-2026-000041.pdf']));
    expect(calls.some((call) => call.url.pathname === '/api/account/estimates/41/pdf')).toBe(true);
  });
});
