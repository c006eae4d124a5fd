import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { MAX_JSON_DEPTH, jsonDepth, parseJsonBody } from './json-body.js';

function failure(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('jsonDepth', () => {
  it('counts nested objects and arrays, not brackets inside strings', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('["\\"[[[", ["x"]]')).toBe(2);
    expect(jsonDepth('["\\\\", [[1]]]')).toBe(3);
  });

  it('stops counting past the limit (a huge body is not scanned to its end)', () => {
    expect(jsonDepth('['.repeat(1000), 5)).toBe(6);
  });
});

describe('parseJsonBody', () => {
  it('parses a body and replaces lone surrogates with U+FFFD', () => {
    expect(parseJsonBody('{"name":"Jean\\ud800","list":["\\udc00x", "😀"]}')).toEqual({ name: 'Jean\uFFFD', list: ['\uFFFDx', '😀'] });
  });

  it('refuses a body nested deeper than MAX_JSON_DEPTH with a French 400, without a stack overflow', () => {
    expect(parseJsonBody(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBeInstanceOf(Array);
    const deep = failure(() => parseJsonBody(`{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}`));
    expect(deep).toMatchObject({ httpStatus: 400, code: 'JSON_TOO_DEEP', message: 'Le corps de la requête contient trop de niveaux imbriqués' });
  });

  it.each([
    ['empty', ''],
    ['blank', '  \n'],
    ['broken', '{"email": "a@b.fr", '],
    ['prototype poisoning', '{"__proto__": {"isAdmin": true}}'],
    ['constructor poisoning', '{"constructor": {"prototype": {"polluted": 1}}}'],
  ])('refuses a %s body with a French 400', (_case, text) => {
    expect(failure(() => parseJsonBody(text))).toMatchObject({ httpStatus: 400, message: 'Le corps de la requête n’est pas un JSON valide' });
  });
});
