import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { describePageProblems, KNOWN_TYPOGRAPHY_EXCEPTIONS, pagesTypography } from './page-typography.js';
import { pageTextLines, visibleTextLines } from './visible-text.js';

const documentOf = (body: string, head = '') => new JSDOM(`<!DOCTYPE html><html lang="fr"><head>${head}</head><body>${body}</body></html>`).window.document;

describe('the visible text of a page (for the typography check)', () => {
  it('one line per block, inline elements run on, HTML white space collapsed, no-break spaces kept', () => {
    const doc = documentOf(`
      <main><h1>Prix\u00a0: <strong>29</strong>\u00a0€</h1>
        <p>Une
           phrase <a href="/contact">avec un lien</a>.</p>
        <ul><li>Un</li><li>Deux</li></ul>
      </main>`);
    expect(visibleTextLines(doc.body)).toEqual(['Prix\u00a0: 29\u00a0€', 'Une phrase avec un lien.', 'Un', 'Deux']);
  });

  it('reads the texts of alt, title, aria-label and placeholder, and leaves out scripts, styles, code and other languages', () => {
    const doc = documentOf(`
      <img alt="Écran réparé" src="/a.png"><button aria-label="Fermer la fenêtre" title="Fermer">×</button>
      <input placeholder="Votre e-mail" data-x="ignored : attribute">
      <script>const a = { b : 1 };</script><style>a { color : red; }</style>
      <p>Commande <code>npm run build : ok</code> faite</p>
      <p><span lang="en">Thank you!</span> Merci</p>`);
    expect(visibleTextLines(doc.body)).toEqual(['Écran réparé', 'Fermer', 'Fermer la fenêtre', '×', 'Votre e-mail', 'Commande faite', 'Merci']);
  });

  it('a page’s lines start with its title and description', () => {
    const doc = documentOf('<p>Bonjour</p>', '<title>Contact | E.repare</title><meta name="description" content="Écrivez-nous">');
    expect(pageTextLines(doc)).toEqual(['Contact | E.repare', 'Écrivez-nous', 'Bonjour']);
  });
});

describe('the typography of several pages', () => {
  it('lists each problem once, with every page it is on, and passes clean pages', () => {
    const header = '<header><p>Horaires : 9h30 – 18h00</p></header>';
    const problems = pagesTypography([
      { path: '/', doc: documentOf(`${header}<p>Réparation à Le Teich</p>`) },
      { path: '/contact', doc: documentOf(header) },
      { path: '/faq', doc: documentOf('<p>Horaires\u00a0: 9h30 – 18h00</p>') },
    ]);
    expect(problems.map((problem) => [problem.rule, problem.excerpt, problem.pages])).toEqual([
      ['space', 'Horaires⟦ :⟧ 9h30 – 18h00', ['/', '/contact']],
      ['contraction', 'Réparation ⟦à Le⟧ Teich', ['/']],
    ]);
    expect(describePageProblems(problems)).toContain('on /, /contact');
  });

  it('leaves no known exception: every public page is checked whole', () => {
    expect(KNOWN_TYPOGRAPHY_EXCEPTIONS).toEqual([]);
    const doc = documentOf('<button aria-label="Témoignage de Émilie G.">1</button><footer><p>© 2026 E.repare – Gujan-Mestras · SIRET 732 829 320 00074</p></footer>');
    expect(pagesTypography([{ path: '/', doc }]).map((problem) => problem.rule)).toEqual(['contraction', 'thousands']);
  });
});
