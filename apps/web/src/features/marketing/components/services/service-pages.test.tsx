import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { servicePages } from '@erepare/shared/routes';
import { serviceDescriptions } from '../../content/services/descriptions';
import { ServicePage } from '../../pages/service-page';
import { loadServicePage } from '../../../../test/service-routes';

// jsdom has no modal dialogs yet: the minimum of the native behaviour the page relies on.
beforeAll(() => {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __patched?: boolean };
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>('a[href], button')?.focus();
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

async function renderService(slug: string) {
  const Page = await loadServicePage(slug);
  return render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
}

/** The page's text with non-breaking spaces read as spaces. */
const pageText = () => (document.body.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

const hrefs = (name: string | RegExp) => screen.getAllByRole('link', { name }).map((link) => link.getAttribute('href'));

describe('ServicePage', () => {
  it.each(servicePages.map((page) => [page.slug, page.title]))('%s has one h1, its title, and a closing call to action', async (slug, title) => {
    await renderService(slug);
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent(title);
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);
    // Headings never skip a level (h1 → h2 → h3).
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    levels.forEach((level, index) => {
      if (index > 0) expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1);
    });
  });

  it.each(servicePages.map((page) => [page.slug, page.path]))('%s describes the Service the shop provides, with a short description', async (slug, path) => {
    const { container } = await renderService(slug);
    const description = serviceDescriptions[slug] ?? '';
    expect(description.length).toBeGreaterThan(50);
    expect(description.length).toBeLessThanOrEqual(160);
    const script = container.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}') as Record<string, unknown>;
    const page = servicePages.find((candidate) => candidate.slug === slug);
    expect(data).toMatchObject({ '@type': 'Service', name: page?.title, description, provider: { '@type': 'ElectronicsStore', name: 'E.repare' } });
    expect(String(data.url)).toContain(path);
  });

  it('shows a not-found message for an unknown slug', () => {
    render(
      <MemoryRouter>
        <ServicePage slug="inconnu" Service={undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Service introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Demander un devis/ })).toHaveAttribute('href', '/devis-en-ligne');
  });

  it('custom cases: 19,90 €, three brands, four steps, buttons to /contact', async () => {
    await renderService('coques');
    expect(pageText()).toContain('19,90 €');
    for (const brand of ['Xiaomi', 'Samsung', 'iPhone']) expect(screen.getByRole('heading', { level: 3, name: brand })).toBeInTheDocument();
    expect(pageText()).toMatch(/PNG ou JPEG/);
    expect(pageText()).toMatch(/24 h/);
    const steps = screen.getAllByRole('list').find((list) => list.tagName === 'OL');
    expect(within(steps!).getAllByRole('listitem')).toHaveLength(4);
    expect(new Set(hrefs(/Créer ma coque|Commander pour mon|Envoyer mon visuel/))).toEqual(new Set(['/contact']));
  });

  it('data recovery: six media, clean-room note, three steps, two NAS offers, quote buttons', async () => {
    await renderService('recuperation');
    for (const name of ['Téléphones', 'Tablettes', 'Consoles de jeux', 'Cartes mémoire', 'Clés USB', 'Disques durs', 'NAS Personnel', 'NAS Professionnel']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    expect(pageText()).toMatch(/salle blanche/);
    expect(within(document.querySelector('ol')!).getAllByRole('listitem')).toHaveLength(3);
    expect(hrefs(/Demander/).every((href) => href === '/devis-en-ligne')).toBe(true);
  });

  it('surveillance: three camera types, 3-step installation, warranty, quote and contact', async () => {
    await renderService('surveillance');
    for (const name of ['Caméras intérieures', 'Caméras extérieures', 'Caméras sans fil', 'Support à distance', 'Services réseau']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    for (const name of ['Évaluation des besoins', 'Installation et configuration', 'Tests et validation']) {
      expect(screen.getByRole('heading', { level: 3, name: new RegExp(name) })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Garantie complète' })).toBeInTheDocument();
    expect(hrefs(/Demander un devis/)).toContain('/devis-en-ligne');
    expect(hrefs(/Nous contacter/)).toContain('/contact');
  });

  it('web: business sizes, seven services, AI and Web 3.0, technologies', async () => {
    await renderService('web');
    for (const name of ['Start-ups', 'PME', 'Grandes entreprises', 'Design', 'Développement web', 'SEO', 'Maintenance', 'Intelligence artificielle', 'Chatbots', 'Big data']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'IA et Web 3.0' })).toBeInTheDocument();
    expect(screen.getByText('React')).toBeInTheDocument();
  });

  it('hardware upgrades: every figure of the spec', async () => {
    await renderService('maintenance');
    const text = pageText();
    for (const figure of ['90 %', '200 %', '300 %', '150 %', '60-80 %', '3 à 5 ans', '100 %', '8 Go à 128 Go', '256 Go à 8 To', '7000 Mo/s']) {
      expect(text).toContain(figure);
    }
    for (const name of ['Mémoire vive (RAM)', 'Disque SSD', 'Lecteur optique', 'Processeur (CPU)', 'Carte graphique']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Diagnostic gratuit' })).toBeInTheDocument();
  });

  it('virus: six threats with their severity, four steps, urgent intervention to /contact', async () => {
    await renderService('virus');
    const threats = screen.getByRole('heading', { level: 2, name: 'Les menaces que nous éliminons' }).closest('section')!;
    const items = within(threats).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    const severities = items.map((item) => item.querySelector('p')?.textContent?.replace('Gravité\u00a0: ', ''));
    expect(new Set(severities)).toEqual(new Set(['Modéré', 'Élevé', 'Critique']));
    expect(hrefs('Intervention urgente')).toEqual(['/contact', '/contact']);
    const steps = screen.getByRole('heading', { level: 2, name: 'Notre intervention en 4 étapes' }).closest('section')!;
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
  });

  it('remote assistance: RustDesk links in a new tab, systems and figures', async () => {
    await renderService('assistance');
    const download = screen.getByRole('link', { name: /Télécharger RustDesk/ });
    const site = screen.getByRole('link', { name: /site officiel de RustDesk/ });
    expect(download).toHaveAttribute('href', 'https://rustdesk.com/download');
    expect(site).toHaveAttribute('href', 'https://rustdesk.com');
    for (const link of [download, site]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link).toHaveTextContent('(nouvel onglet)');
    }
    const text = pageText();
    for (const fact of ['Windows 11, Windows 10, Windows 8 et Windows 7', 'Monterey, Big Sur et Catalina', 'Android', 'iOS', '30 secondes', 'TLS 1.2', '7 jours sur 7']) {
      expect(text).toContain(fact);
    }
  });

  it('trade-in: every buy and resale range, grades, figures and buttons', async () => {
    await renderService('vente');
    const text = pageText();
    const ranges: [string, string, string][] = [
      ['Smartphones', '50 € – 800 €', '80 € – 1 200 €'],
      ['Tablettes', '80 € – 600 €', '120 € – 900 €'],
      ['Ordinateurs', '100 € – 1 500 €', '200 € – 2 200 €'],
      ['Consoles', '30 € – 400 €', '60 € – 550 €'],
      ['Montres Connectées', '40 € – 350 €', '70 € – 500 €'],
      ['Accessoires', '10 € – 200 €', '20 € – 300 €'],
    ];
    for (const [name, buy, sell] of ranges) {
      const card = screen.getByRole('heading', { level: 3, name }).closest('li')!;
      const card_text = (card.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
      expect(card_text).toContain(`Rachat${buy}`);
      expect(card_text).toContain(`Revente${sell}`);
    }
    for (const [grade, saving] of [['Comme Neuf', '30-40 %'], ['Très Bon État', '40-50 %'], ['Bon État', '50-60 %']]) {
      expect(screen.getByRole('heading', { level: 3, name: grade }).closest('li')!.textContent?.replace(/\u00a0/g, ' ')).toContain(saving);
    }
    for (const fact of ['85 %', '75 %', '500+', '6 mois', '50 %', 'moins de 15 minutes', 'espèces ou par virement', 'IMEI', 'liste noire', '2 jours ouvrés']) {
      expect(text).toContain(fact);
    }
    expect(hrefs('Estimer mon appareil')).toEqual(['/devis-en-ligne', '/devis-en-ligne']);
    expect(hrefs('Voir nos appareils')).toEqual(['/boutique', '/boutique']);
    expect(hrefs('Nous contacter')).toEqual(['/contact']);
  });
});

describe('Switch chip page', () => {
  it('links the hero to the quote and shows the four models', async () => {
    await renderService('picofly-installation');
    expect(hrefs('Demander un devis')[0]).toBe('/devis-en-ligne');
    for (const name of ['Switch Lite', 'Switch V1', 'Switch V2', 'Switch OLED']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    const text = pageText();
    expect(text).toContain('5 à 7 jours');
    expect(text).toContain('48 h');
    expect(text).toMatch(/Aucune garantie/);
    expect(text).toMatch(/annulent la garantie constructeur/);
  });

  it('opens a quick-quote dialog per model; Fermer and Escape close it and focus returns', async () => {
    const user = userEvent.setup();
    await renderService('picofly-installation');
    const opener = screen.getByRole('button', { name: 'Devis rapide pour la Switch OLED' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Switch OLED' });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByText('80 €', { normalizer: (text) => text.replace(/\u00a0/g, ' ') })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Devis complet' })).toHaveAttribute('href', '/devis-en-ligne');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    // Tab stays inside.
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(dialog).not.toHaveAttribute('open');
    expect(opener).toHaveFocus();

    const lite = screen.getByRole('button', { name: 'Devis rapide pour la Switch Lite' });
    await user.click(lite);
    const again = screen.getByRole('dialog', { name: 'Switch Lite' });
    expect(again).toHaveAttribute('open');
    await user.keyboard('{Escape}');
    expect(again).not.toHaveAttribute('open');
    expect(lite).toHaveFocus();
  });

  it('calculator: base 80 €, mandatory installation, options, microSD toggle-off, no warranty option, live total', async () => {
    const user = userEvent.setup();
    await renderService('picofly-installation');
    const total = screen.getByTestId('picofly-total');
    const totalText = () => total.textContent?.replace(/\u00a0/g, ' ');
    expect(totalText()).toBe('80 €');
    expect(total.closest('[aria-live="polite"]')).not.toBeNull();

    const mandatory = screen.getByRole('checkbox', { name: /Installation Picofly/ });
    expect(mandatory).toBeChecked();
    expect(mandatory).toBeDisabled();
    await user.click(mandatory);
    expect(mandatory).toBeChecked();
    expect(totalText()).toBe('80 €');

    expect(screen.queryByRole('checkbox', { name: /Garantie/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);

    await user.click(screen.getByRole('checkbox', { name: /Préparation microSD/ }));
    expect(totalText()).toBe('95 €');
    await user.click(screen.getByRole('checkbox', { name: /Express 48h/ }));
    expect(totalText()).toBe('120 €');
    expect(pageText()).toContain('Délai : 48 h');
    await user.click(screen.getByRole('checkbox', { name: /Collecte & Livraison/ }));
    expect(totalText()).toBe('150 €');
    await user.click(screen.getByRole('checkbox', { name: /Express 48h/ }));
    expect(totalText()).toBe('125 €');
    expect(pageText()).toContain('Délai : 5 à 7 jours');

    const card256 = screen.getByRole('button', { name: /256 Go/ });
    expect(card256).toHaveTextContent('Recommandé');
    await user.click(card256);
    expect(card256).toHaveAttribute('aria-pressed', 'true');
    expect(totalText()).toBe('155 €');
    const card512 = screen.getByRole('button', { name: /512 Go/ });
    await user.click(card512);
    expect(card256).toHaveAttribute('aria-pressed', 'false');
    expect(totalText()).toBe('185 €');
    await user.click(card512);
    expect(card512).toHaveAttribute('aria-pressed', 'false');
    expect(totalText()).toBe('125 €');
  });
});
