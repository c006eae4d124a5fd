import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical-path.js';
import { isPublicFile } from './web.js';

describe('canonicalUrl', () => {
  it.each([
    ['/', '/'],
    ['/api/auth/me', '/api/auth/me'],
    ['/%61pi/auth/me', '/api/auth/me'],
    ['/%41PI/auth', '/API/auth'],
    ['//ssr/entry-server.js', '/ssr/entry-server.js'],
    ['/./ssr/x.js', '/ssr/x.js'],
    ['/assets/../ssr/x.js', '/ssr/x.js'],
    ['/assets/%2e%2E/ssr/x.js', '/ssr/x.js'],
    ['/../../x', '/x'],
    ['/a/b/..', '/a/'],
    ['/a/.', '/a/'],
    ['/boutique/', '/boutique/'],
    // Other escapes are kept (upper-case hex), the query string as it came.
    ['/produit/caf%c3%a9?q=%61//..', '/produit/caf%C3%A9?q=%61//..'],
    ['/api//x?a=1?b', '/api/x?a=1?b'],
  ])('%s → %s', (input, expected) => {
    expect(canonicalUrl(input)).toBe(expected);
  });

  it.each(['/assets%2f..%2fssr/x.js', '/a%2F', '/a%5cb', '/a\\b', '/a%00b', '/a\u0001', 'http://localhost/api/x', '*', ''])('%s has no canonical form', (input) => {
    expect(canonicalUrl(input)).toBeNull();
  });
});

describe('isPublicFile', () => {
  it.each(['/assets/app.js', '/offline.html', '/icons/icon-512.png', '/manifest.webmanifest'])('%s is public', (file) => {
    expect(isPublicFile(file)).toBe(true);
  });
  it.each(['/index.html', '/x.HTML', '/assets/../index.html', '//a/../b.Html', '/assets\\..\\x.js', '/a\0.js'])(
    '%s is not',
    (file) => {
      expect(isPublicFile(file)).toBe(false);
    },
  );
});
