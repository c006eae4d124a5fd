import { render, screen } from '@testing-library/react';
import type { PublicEstimate } from '@erepare/shared/schemas/estimates';
import { describe, expect, it } from 'vitest';
import { EstimateDetails } from './estimate-details';

function estimate(overrides: Partial<PublicEstimate> = {}): PublicEstimate {
  return {
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
    lines: [{ kind: 'part', label: 'Écran OLED', quantity: 1, unitPriceCents: 150000, vatRate: '20', taxCents: 25000, totalCents: 150000 }],
    subtotalCents: 125000,
    taxCents: 25000,
    totalCents: 150000,
    vatBreakdown: [{ rate: '20', baseCents: 125000, taxCents: 25000 }],
    bonusCategory: null,
    bonusLabel: null,
    bonusCents: 0,
    toPayCents: 150000,
    depositCents: 0,
    leadTimeDays: 2,
    validUntil: '2026-12-20',
    ...overrides,
  };
}

describe('EstimateDetails: what the staff typed, shown with French typography (issue 22 §4.6)', () => {
  it('gives the line names and the remarks their no-break spaces, nothing else changes', () => {
    render(
      <EstimateDetails
        estimate={estimate({
          note: 'Pièce d’origine : garantie 6 mois !\nÀ déposer avant 18h ; merci « d’avance ».',
          lines: [{ kind: 'part', label: 'Écran : OLED 100 % compatible', quantity: 1, unitPriceCents: 150000, vatRate: '20', taxCents: 25000, totalCents: 150000 }],
        })}
      />,
    );
    expect(screen.getByText(/^Écran/).textContent).toBe('Écran\u00a0: OLED 100\u00a0% compatible');
    const remarks = screen.getByRole('heading', { name: 'Remarques de l’atelier' }).nextElementSibling;
    expect(remarks?.textContent).toBe('Pièce d’origine\u00a0: garantie 6 mois\u00a0!\nÀ déposer avant 18h\u00a0; merci «\u00a0d’avance\u00a0».');
  });

  it('shows amounts of a thousand euros or more in thousands groups', () => {
    const { container } = render(<EstimateDetails estimate={estimate()} />);
    expect(container.textContent).toContain('1\u202f500,00\u00a0€');
    expect(container.textContent).not.toMatch(/\d{4},\d\d/);
  });
});
