import { escapeHtml } from '../mail/templates.js';
import { normaliseText } from './catalogue-rules.js';

/**
 * The picture of a product that has no photo (issue 22 §2): drawn from its category and name, so
 * every product has an image for its card, its page, link previews and search engines. An SVG
 * (crisp at any size, a few hundred bytes), served by GET /api/shop/products/:id/image.svg.
 */

/** Where a product's drawn picture is served. */
export const productIllustrationPath = (id: number) => `/api/shop/products/${id}/image.svg`;

type Kind = 'phone' | 'tablet' | 'console' | 'computer' | 'audio' | 'accessory';

/** Background gradient (two stops, white text passes AA on both) and device shape of each kind. */
const KINDS: Record<Kind, { from: string; to: string; glyph: string }> = {
  phone: { from: '#0e7490', to: '#164e63', glyph: '<rect x="340" y="150" width="120" height="220" rx="22" fill="none" stroke="#fff" stroke-width="14"/><circle cx="400" cy="340" r="9" fill="#fff"/>' },
  tablet: { from: '#6d28d9', to: '#3b0764', glyph: '<rect x="300" y="150" width="200" height="220" rx="20" fill="none" stroke="#fff" stroke-width="14"/><circle cx="400" cy="345" r="8" fill="#fff"/>' },
  console: { from: '#b91c1c', to: '#450a0a', glyph: '<rect x="290" y="200" width="220" height="120" rx="60" fill="none" stroke="#fff" stroke-width="14"/><path d="M340 245v30M325 260h30" stroke="#fff" stroke-width="12" stroke-linecap="round"/><circle cx="455" cy="250" r="9" fill="#fff"/><circle cx="475" cy="272" r="9" fill="#fff"/>' },
  computer: { from: '#334155', to: '#0f172a', glyph: '<rect x="295" y="160" width="210" height="150" rx="12" fill="none" stroke="#fff" stroke-width="14"/><path d="M270 350h260" stroke="#fff" stroke-width="16" stroke-linecap="round"/>' },
  audio: { from: '#b45309', to: '#451a03', glyph: '<path d="M310 300v-40a90 90 0 0 1 180 0v40" fill="none" stroke="#fff" stroke-width="14"/><rect x="295" y="285" width="40" height="75" rx="14" fill="#fff"/><rect x="465" y="285" width="40" height="75" rx="14" fill="#fff"/>' },
  accessory: { from: '#0f766e', to: '#042f2e', glyph: '<path d="M360 160h80v60l-20 30v110h-40V250l-20-30z" fill="none" stroke="#fff" stroke-width="14" stroke-linejoin="round"/>' },
};

/** The kind of device, read from the category and the name (French and English words). */
export function illustrationKind(category: string, name: string, productType: 'device' | 'accessory'): Kind {
  const text = ` ${normaliseText(`${category} ${name}`)} `;
  if (/ (console|switch|playstation|ps[345]|xbox|manette|nintendo|jeu|jeux) /.test(text)) return 'console';
  if (/ (tablette|tablettes|ipad|tab) /.test(text)) return 'tablet';
  if (/ (ordinateur|ordinateurs|pc|portable|macbook|imac|laptop|ssd|ram) /.test(text)) return 'computer';
  if (/ (casque|casques|ecouteur|ecouteurs|enceinte|audio|airpods) /.test(text)) return 'audio';
  if (/ (coque|coques|etui|etuis|chargeur|chargeurs|cable|cables|protection|verre|accessoire|accessoires|batterie|support) /.test(text)) return 'accessory';
  if (/ (smartphone|smartphones|telephone|telephones|iphone|galaxy|pixel|xiaomi|redmi|mobile) /.test(text)) return 'phone';
  return productType === 'device' ? 'phone' : 'accessory';
}

/** The name in lines of at most `width` characters (words kept whole), `max` lines, "…" when cut. */
export function wrapName(name: string, width = 20, max = 3): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of name.replace(/\s+/g, ' ').trim().split(' ')) {
    const piece = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    if (!line) line = piece;
    else if (line.length + 1 + piece.length <= width) line = `${line} ${piece}`;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  const last = kept[max - 1] ?? '';
  kept[max - 1] = `${last.length >= width ? last.slice(0, width - 1) : last}…`;
  return kept;
}

/** Characters XML does not allow (control characters) are left out. */
// eslint-disable-next-line no-control-regex
const xmlText = (value: string) => value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

/** The drawing: the kind's colours and shape, the name, and the category underneath. */
export function productIllustrationSvg(product: { name: string; category: string; productType: 'device' | 'accessory' }): string {
  const name = xmlText(product.name);
  const category = xmlText(product.category);
  const kind = KINDS[illustrationKind(category, name, product.productType)];
  const lines = wrapName(name);
  const top = 500 - (lines.length - 1) * 31;
  const text = lines.map((line, index) => `<tspan x="400" y="${top + index * 62}">${escapeHtml(line)}</tspan>`).join('');
  const label = escapeHtml(`Illustration : ${name}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img" aria-label="${label}">` +
    `<title>${label}</title>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${kind.from}"/><stop offset="1" stop-color="${kind.to}"/></linearGradient></defs>` +
    `<rect width="800" height="800" fill="url(#g)"/><g transform="translate(0 -40)">${kind.glyph}</g>` +
    `<text fill="#fff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="52" font-weight="700" text-anchor="middle">${text}</text>` +
    (category ? `<text x="400" y="690" fill="#fff" fill-opacity="0.85" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="32" text-anchor="middle">${escapeHtml(category)}</text>` : '') +
    `<text x="400" y="750" fill="#fff" fill-opacity="0.7" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="26" text-anchor="middle">E.repare</text>` +
    `</svg>`
  );
}
