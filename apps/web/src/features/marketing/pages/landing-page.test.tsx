import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { landingPages } from '@erepare/shared/routes';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { allTownContents, type TownContent } from '../content/towns';
import { LandingPage } from './landing-page';

const townContents = allTownContents();

/** Every sentence a town's page says on its own (everything but the shared page chrome). */
function townTexts(content: TownContent): string[] {
  return [
    landingPages.find((page) => page.slug === content.slug)?.description ?? '',
    content.lead,
    content.routeSummary,
    ...content.routeSteps,
    ...content.alternatives.flatMap((block) => [block.title, block.text]),
    ...content.needs.flatMap((block) => [block.title, block.text]),
    ...content.services.flatMap((service) => [service.label, service.text]),
    ...content.faq.flatMap((item) => [item.question, item.answer]),
    content.cta.title,
    content.cta.text,
  ];
}

function sentences(content: TownContent): Set<string> {
  return new Set(
    townTexts(content)
      .flatMap((text) => text.split(/(?<=[.!?:;])\s+/))
      .map((sentence) => sentence.toLowerCase().replace(/[^\p{L}\p{N} ]/gu, ' ').replace(/\s+/g, ' ').trim())
      .filter((sentence) => sentence.split(' ').length >= 4),
  );
}

/** Word trigrams, to catch a template with the town name swapped even if the punctuation changes. */
function trigrams(content: TownContent): Set<string> {
  const words = townTexts(content)
    .join(' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const grams = new Set<string>();
  for (let index = 0; index + 2 < words.length; index += 1) grams.add(words.slice(index, index + 3).join(' '));
  return grams;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return shared / Math.min(a.size, b.size);
}

function renderLanding(slug: string, path = `/${slug}`) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <LandingPage slug={slug} />
    </MemoryRouter>,
  );
}

describe('local landing pages: content', () => {
  it('has one written page per town of the route table, and no other', () => {
    expect(landingPages).toHaveLength(17);
    expect(townContents.map((town) => town.slug).sort()).toEqual(landingPages.map((page) => page.slug).sort());
  });

  it('no two pages share more than a small fraction of their sentences or word sequences', () => {
    const all = townContents.map((content) => ({ slug: content.slug, sentences: sentences(content), trigrams: trigrams(content) }));
    for (const [index, a] of all.entries()) {
      expect(a.sentences.size).toBeGreaterThan(25);
      for (const b of all.slice(index + 1)) {
        const sentenceOverlap = overlap(a.sentences, b.sentences);
        const trigramOverlap = overlap(a.trigrams, b.trigrams);
        expect(sentenceOverlap, `${a.slug} / ${b.slug}: sentences`).toBeLessThan(0.05);
        expect(trigramOverlap, `${a.slug} / ${b.slug}: trigrams`).toBeLessThan(0.2);
      }
    }
  });

  it('each page names its town, gives a distance, a time and a route, and links only to pages of the site', () => {
    const paths = new Set(['/devis-en-ligne', '/suivi', '/boutique', '/label-qualirepar', '/services/picofly-installation', '/services/coques', '/services/recuperation', '/services/surveillance', '/services/web', '/services/maintenance', '/services/virus', '/services/assistance', '/services/vente']);
    for (const page of landingPages) {
      const content = townContents.find((town) => town.slug === page.slug)!;
      expect(page.description, page.slug).toContain(page.town);
      expect(townTexts(content).join(' ').split(page.town).length - 1, page.slug).toBeGreaterThanOrEqual(3);
      expect(content.distance).toMatch(/km|commune/);
      expect(content.driveTime).toMatch(/minute/);
      expect(content.routeSteps.length).toBeGreaterThanOrEqual(3);
      expect(content.landmarks.length).toBeGreaterThanOrEqual(3);
      expect(page.description.length).toBeLessThanOrEqual(170);
      for (const service of content.services) expect(paths, `${page.slug} → ${service.path}`).toContain(service.path);
      for (const slug of content.nearby) expect(landingPages.some((other) => other.slug === slug), slug).toBe(true);
    }
  });

  it('has a short local FAQ of 3 or 4 questions per town, never the same question twice on the site', () => {
    const questions = townContents.flatMap((content) => {
      expect(content.faq.length, content.slug).toBeGreaterThanOrEqual(3);
      expect(content.faq.length, content.slug).toBeLessThanOrEqual(4);
      return content.faq.map((item) => item.question);
    });
    expect(new Set(questions).size).toBe(questions.length);
  });

  it('uses French typography: no straight apostrophe, a non-breaking space before ? and before €', () => {
    for (const content of townContents) {
      const text = townTexts(content).join(' ');
      expect(text, content.slug).not.toContain("'");
      expect(text, content.slug).not.toMatch(/ [?!;:]/);
      expect(text, content.slug).not.toMatch(/\d €/);
    }
  });

  it('states the route facts the brief asks for on the pages where they matter', () => {
    const text = (slug: string) => townTexts(townContents.find((town) => town.slug === slug)!).join(' ');
    expect(text('reparation-bordeaux')).toMatch(/A63/);
    expect(text('reparation-bordeaux')).toMatch(/A660/);
    expect(text('reparation-bordeaux')).toMatch(/colis/);
    expect(text('reparation-smartphone-arcachon')).toMatch(/D650/);
    expect(text('reparation-smartphone-arcachon')).toMatch(/eau de mer/);
    expect(text('reparation-lege-cap-ferret')).toMatch(/sable/i);
    expect(text('reparation-lege-cap-ferret')).toMatch(/sel/);
    expect(text('reparation-iphone-la-teste')).toMatch(/iPhone/);
  });
});

describe('LandingPage', () => {
  it('renders the town page: one h1 from the route table, its route, its FAQ and the ways to reach the shop', () => {
    const page = landingPages.find((landing) => landing.slug === 'reparation-lege-cap-ferret')!;
    const content = townContents.find((town) => town.slug === page.slug)!;
    const { container } = renderLanding(page.slug);

    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent(page.title);
    expect(screen.getByRole('heading', { level: 2, name: /Venir à l’atelier depuis Lège-Cap-Ferret/ })).toBeInTheDocument();
    expect(container.textContent).toContain(content.distance);
    const summaries = [...container.querySelectorAll('summary')].map((summary) => summary.textContent);
    expect(summaries).toEqual(content.faq.map((item) => item.question));

    const directions = screen.getByRole('link', { name: /Itinéraire depuis Lège-Cap-Ferret/ });
    expect(directions).toHaveAttribute('target', '_blank');
    expect(directions).toHaveAttribute('rel', 'noopener noreferrer');
    expect(directions).toHaveTextContent('(nouvel onglet)');

    const quoteLinks = screen.getAllByRole('link', { name: /Demander un devis/ });
    expect(quoteLinks[0]).toHaveAttribute('href', '/devis-en-ligne');
    expect(screen.getAllByRole('link', { name: new RegExp(defaultStoreProfile.phone.display) })[0]).toHaveAttribute('href', `tel:${defaultStoreProfile.phone.e164}`);

    const nearby = screen.getByRole('navigation', { name: 'Communes voisines' });
    expect(within(nearby).getByRole('link', { name: 'Arès' })).toHaveAttribute('href', '/reparation-ares');

    const jsonLd = container.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(jsonLd?.textContent ?? '{}') as { name: string; areaServed: Array<{ '@type': string; name?: string }> };
    expect(data.name).toBe(defaultStoreProfile.name);
    expect(data.areaServed).toContainEqual({ '@type': 'City', name: 'Lège-Cap-Ferret' });
    // The towns of every local page, Bordeaux too (beyond 25 km, served all the same).
    expect(data.areaServed).toContainEqual({ '@type': 'City', name: 'Bordeaux' });
    expect(data.areaServed.every((area) => area['@type'] === 'City')).toBe(true);
  });

  it('writes the town as French does after « à » and « de » (au Teich, d’Arcachon)', () => {
    const teich = renderLanding('reparation-smartphone-le-teich');
    expect(screen.getByRole('heading', { level: 2, name: 'Questions fréquentes au Teich' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Ce qu’on nous apporte du Teich' })).toBeInTheDocument();
    teich.unmount();
    renderLanding('reparation-smartphone-arcachon');
    expect(screen.getByRole('heading', { level: 2, name: 'Ce qu’on nous apporte d’Arcachon' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Questions fréquentes à Arcachon' })).toBeInTheDocument();
  });

  it('renders every one of the 17 pages with its own h1 and its town', () => {
    for (const page of landingPages) {
      const { unmount } = renderLanding(page.slug);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(page.title);
      expect(screen.getByRole('heading', { level: 2, name: `Nos services pour ${page.town}` })).toBeInTheDocument();
      unmount();
    }
  });

  it('shows the not-found page for an unknown slug', () => {
    renderLanding('reparation-nulle-part');
    expect(screen.getByText('404')).toBeInTheDocument();
  });
});
