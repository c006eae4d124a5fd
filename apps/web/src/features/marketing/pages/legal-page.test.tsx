import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { legalSections, PRIVACY_SECTION_ID } from '../content/legal';
import { LegalPage } from './legal-page';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <LegalPage />
    </MemoryRouter>,
  );
}

const text = (element: Element | null) => (element?.textContent ?? '').replace(/\u00a0/g, ' ');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LegalPage', () => {
  it('has one h1, the 11 sections of the spec in order, a table of contents and a contact block', () => {
    renderAt('/mentions-legales');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const titles = legalSections(defaultStoreProfile).map((section) => section.title);
    expect(titles).toEqual([
      'Présentation du site',
      'Conditions d’utilisation',
      'Services proposés',
      'Limites techniques',
      'Propriété intellectuelle',
      'Responsabilité',
      'Données personnelles (politique de confidentialité)',
      'Liens et cookies',
      'Droit applicable et juridiction',
      'Principales lois de référence',
      'Glossaire',
    ]);
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(h2).toEqual(['Sommaire', ...titles, 'Nous contacter']);
    const toc = screen.getByRole('navigation', { name: 'Sommaire' });
    expect(within(toc).getAllByRole('link')).toHaveLength(11);
    expect(within(toc).getByRole('link', { name: titles[6] })).toHaveAttribute('href', `#${PRIVACY_SECTION_ID}`);
    const contact = screen.getByRole('region', { name: 'Nous contacter' });
    expect(within(contact).getByRole('link', { name: defaultStoreProfile.email })).toHaveAttribute('href', `mailto:${defaultStoreProfile.email}`);
  });

  it('presents the publisher and the host from the store profile', () => {
    renderAt('/mentions-legales');
    const presentation = text(document.getElementById('presentation'));
    for (const value of [
      defaultStoreProfile.siret,
      defaultStoreProfile.company.legalForm,
      defaultStoreProfile.company.shareCapital,
      defaultStoreProfile.company.vatNumber,
      defaultStoreProfile.company.publicationDirector,
      defaultStoreProfile.company.rcsCity,
      defaultStoreProfile.host.name,
      defaultStoreProfile.host.address,
      defaultStoreProfile.phone.display,
      defaultStoreProfile.address.postalCode,
    ]) {
      expect(presentation).toContain(value.replace(/\u00a0/g, ' '));
    }
  });

  it('holds a complete privacy policy: controller, processings with basis and retention, recipients, transfers, rights, CNIL, cookies', () => {
    renderAt('/mentions-legales');
    const privacy = document.getElementById(PRIVACY_SECTION_ID)!;
    const body = text(privacy);
    for (const heading of [
      'Responsable du traitement',
      'Ce que nous traitons, pourquoi et combien de temps',
      'Destinataires et sous-traitants',
      'Transferts hors de l’Union européenne',
      'Vos droits',
      'Comment exercer vos droits',
      'Réclamation auprès de la CNIL',
      'Cookies',
    ]) {
      expect(within(privacy).getByRole('heading', { level: 3, name: heading })).toBeInTheDocument();
    }
    const processings = within(privacy).getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);
    expect(processings).toEqual(
      expect.arrayContaining(['Compte client', 'Commandes et factures', 'Fiches de réparation (tickets)', 'Messages de contact et demandes de devis', 'Notifications et abonnements push', 'Sécurité du site', 'E-mails']),
    );
    // Every processing states its purpose, legal basis and retention.
    for (const card of within(privacy).getAllByRole('heading', { level: 4 })) {
      const item = card.closest('li')!;
      for (const label of ['Finalité', 'Base légale', 'Durée de conservation']) expect(within(item).getByText(label)).toBeInTheDocument();
    }
    for (const expected of [
      '10 ans',
      '30 jours',
      'Stripe',
      'PayPal',
      'Colissimo',
      'clauses contractuelles types',
      'droit d’accès',
      'rectification',
      'effacement',
      'limitation',
      'portabilité',
      'opposition',
      'après votre décès',
      'exporter vos données',
      'supprimer votre compte',
      'CNIL',
      defaultStoreProfile.email,
    ]) {
      expect(body).toContain(expected);
    }
    expect(within(privacy).getByRole('link', { name: /cnil\.fr/ })).toHaveAttribute('target', '_blank');
  });

  it('lists only strictly necessary storage and explains why there is no consent banner', () => {
    renderAt('/mentions-legales');
    const cookies = text(document.getElementById('liens-et-cookies'));
    for (const expected of ['erepare_session', 'site_theme', 'erepare_cart', 'strictement nécessaires', 'article 82']) expect(cookies).toContain(expected);
    expect(text(document.getElementById(PRIVACY_SECTION_ID))).toContain('pas de bandeau de consentement');
  });

  it('keeps French law but imposes no court on consumers: Paris only between professionals', () => {
    renderAt('/mentions-legales');
    const law = text(document.getElementById('droit-applicable'));
    expect(law).toContain('droit français');
    expect(law).toContain('R631-3');
    expect(law).toContain('aucune clause ne vous impose un tribunal');
    const paragraphs = [...document.getElementById('droit-applicable')!.querySelectorAll('p')].map((paragraph) => text(paragraph));
    const parisSentences = paragraphs.flatMap((paragraph) => paragraph.split(/(?<=\.)\s+/)).filter((sentence) => sentence.includes('Paris'));
    expect(parisSentences).toHaveLength(1);
    expect(parisSentences[0]).toMatch(/^Entre professionnels uniquement/);
  });

  it('on /politique-confidentialite, scrolls to and focuses the personal-data section', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderAt('/politique-confidentialite');
    const privacy = document.getElementById(PRIVACY_SECTION_ID)!;
    await vi.waitFor(() => expect(privacy).toHaveFocus());
    expect(scrollIntoView).toHaveBeenCalled();
    expect(scrollIntoView.mock.contexts[0]).toBe(privacy);
  });

  it('on /mentions-legales, leaves the page at its top', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderAt('/mentions-legales');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(document.getElementById(PRIVACY_SECTION_ID)).not.toHaveFocus();
  });
});
