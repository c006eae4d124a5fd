import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { illustrationKind, productIllustrationPath, productIllustrationSvg, wrapName } from './product-illustration.js';

const parse = (svg: string) => new JSDOM(svg, { contentType: 'image/svg+xml' }).window.document;

describe('the picture of a product without a photo', () => {
  it('tells the kind of device from the category and the name', () => {
    expect(illustrationKind('Smartphones reconditionnés', 'iPhone 13 128 Go', 'device')).toBe('phone');
    expect(illustrationKind('Tablettes', 'iPad Air', 'device')).toBe('tablet');
    expect(illustrationKind('Consoles', 'Nintendo Switch OLED', 'device')).toBe('console');
    expect(illustrationKind('', 'Manette PS5 DualSense', 'accessory')).toBe('console');
    expect(illustrationKind('Ordinateurs', 'MacBook Air M1', 'device')).toBe('computer');
    expect(illustrationKind('Audio', 'Écouteurs sans fil', 'accessory')).toBe('audio');
    expect(illustrationKind('Coques et étuis', 'Coque silicone iPhone 13', 'accessory')).toBe('accessory');
    expect(illustrationKind('', 'Objet inconnu', 'device')).toBe('phone');
    expect(illustrationKind('', 'Objet inconnu', 'accessory')).toBe('accessory');
  });

  it('wraps the name on whole words, three lines at most, with an ellipsis when cut', () => {
    expect(wrapName('Coque silicone iPhone 13')).toEqual(['Coque silicone', 'iPhone 13']);
    expect(wrapName('Samsung Galaxy S21 Ultra 5G 256 Go reconditionné grade A très bon état')).toEqual(['Samsung Galaxy S21', 'Ultra 5G 256 Go', 'reconditionné grade…']);
    expect(wrapName('Supercalifragilisticexpialidocious')).toEqual(['Supercalifragilisti…']);
  });

  it('is well-formed SVG naming the product, whatever its name holds (no markup, no control characters)', () => {
    const svg = productIllustrationSvg({ name: 'Câble <script>alert(1)</script> & "USB-C"\u0007', category: 'Chargeurs & câbles', productType: 'accessory' });
    const doc = parse(svg);
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.querySelector('script')).toBeNull();
    expect(doc.documentElement.getAttribute('role')).toBe('img');
    expect(doc.querySelector('title')?.textContent).toBe('Illustration : Câble <script>alert(1)</script> & "USB-C"');
    expect(doc.documentElement.textContent).toContain('Chargeurs & câbles');
    expect(productIllustrationPath(42)).toBe('/api/shop/products/42/image.svg');
  });
});
