import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { legalGuaranteeBox, withdrawalFormLines } from '@erepare/shared/legal';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { CgvPage } from './cgv-page';

function renderCgv() {
  return render(
    <MemoryRouter initialEntries={['/cgv']}>
      <CgvPage />
    </MemoryRouter>,
  );
}

const normalise = (value: string) => value.replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();
const pageText = () => normalise(document.body.textContent ?? '');

describe('CgvPage', () => {
  it('has one h1, an overview, 9 numbered articles and a contact block', () => {
    renderCgv();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((heading) => normalise(heading.textContent ?? ''));
    expect(h2[0]).toBe('Sommaire');
    expect(h2[1]).toBe('Présentation');
    const articles = h2.filter((title) => /^Article \d+ – /.test(title));
    expect(articles.map((title) => title.match(/^Article (\d+)/)?.[1])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(h2.at(-1)).toBe('Nous contacter');
    expect(within(screen.getByRole('navigation', { name: 'Sommaire' })).getAllByRole('link')).toHaveLength(10);
  });

  it('names the seller from the store profile and the exact order button', () => {
    renderCgv();
    const text = pageText();
    for (const value of [defaultStoreProfile.siret, defaultStoreProfile.company.legalForm, defaultStoreProfile.company.vatNumber, defaultStoreProfile.email, defaultStoreProfile.phone.display]) {
      expect(text).toContain(normalise(value));
    }
    expect(text).toContain('« Commander avec obligation de paiement »');
  });

  it('covers prices, payment means and delivery methods', () => {
    renderCgv();
    const text = pageText();
    for (const expected of ['toutes taxes comprises', 'devis', 'diagnostic', 'carte bancaire', 'PayPal', 'Klarna', 'virement', 'en boutique', 'Colissimo', 'point relais', 'Chronopost', 'Retrait en boutique']) {
      expect(text).toContain(expected);
    }
  });

  it('gives the 14-day withdrawal right with the model form and the L221-28 exceptions', () => {
    renderCgv();
    const article = document.getElementById('article-6')!;
    const text = normalise(article.textContent ?? '');
    expect(text).toContain('14 jours');
    expect(text).toContain('L221-28');
    expect(text).toMatch(/pleinement exécutée.*accord préalable exprès/);
    const form = within(article).getByRole('figure');
    for (const line of withdrawalFormLines(defaultStoreProfile).filter(Boolean)) expect(normalise(form.textContent ?? '')).toContain(normalise(line));
    expect(normalise(form.textContent ?? '')).toContain(defaultStoreProfile.email);
  });

  it('states the legal guarantees with the D211-2 box from the shared text, and both commercial warranties', () => {
    renderCgv();
    const article = document.getElementById('article-7')!;
    const box = within(article).getByRole('complementary', { name: /D211-2/ });
    for (const paragraph of legalGuaranteeBox()) expect(normalise(box.textContent ?? '')).toContain(normalise(paragraph));
    const text = normalise(article.textContent ?? '');
    expect(text).toContain('L217-3');
    expect(text).toContain('1641');
    expect(text).toContain('Garantie commerciale des réparations : 6 mois');
    expect(text).toContain('Garantie commerciale des produits : 12 mois');
  });

  it('names the consumer mediator and imposes no court on consumers', () => {
    renderCgv();
    const article = document.getElementById('article-9')!;
    const text = normalise(article.textContent ?? '');
    expect(text).toContain(normalise(defaultStoreProfile.mediator.name));
    expect(text).toContain(normalise(defaultStoreProfile.mediator.address));
    expect(text).toContain('gratuitement');
    expect(text).toContain('L611-1');
    expect(text).toContain('R631-3');
    expect(within(article).getByRole('link', { name: new RegExp(defaultStoreProfile.mediator.website.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')) })).toHaveAttribute('target', '_blank');
    // Paris appears once on the whole page, and only for disputes between professionals.
    expect(pageText()).not.toMatch(/tribunaux de Paris/);
    const paragraphs = [...document.querySelectorAll('p, li, dd')].map((element) => normalise(element.textContent ?? ''));
    const paris = [...new Set(paragraphs.flatMap((paragraph) => paragraph.split(/(?<=\.)\s+/)).filter((sentence) => sentence.includes('Paris')))];
    expect(paris).toEqual(['Entre professionnels seulement, tout litige relève, à défaut d’accord amiable, des tribunaux compétents de Paris.']);
  });

  it('links the personal-data article to the privacy policy', () => {
    renderCgv();
    expect(screen.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute('href', '/politique-confidentialite');
  });
});
