/**
 * French typography of the texts written in the source (issue 22 §4.6). The public pages are
 * rendered and read by `react-router.test.ts`, the e-mails by `mail/typography.test.ts`; the
 * account, checkout and admin screens, the client-only components and the messages the server
 * sends in JSON need a signed-in user and data to be shown, so this test reads them where they are
 * written instead: every web, server and shared source file is parsed with the TypeScript compiler,
 * and the French text it holds goes through the shared checker.
 *
 * What counts as text users see:
 * - JSX text, one line per element, its `{expressions}` and child elements standing in for what
 *   they show (« {n} € » is judged as « 1 € », « <strong>Total</strong> : » as « X : »);
 * - the JSX attributes read out or shown (`title`, `aria-label`, `placeholder`, `alt`, `label`);
 * - string and template literals (their `${…}` standing in the same way) that read as French: an
 *   accented letter, a typographic apostrophe or guillemet, or a French function word; or that sit
 *   where only text goes (among an element's children, the message of an `AppError`, a `label:`,
 *   `message:`, `title:`… property).
 * Not text: module names, keys and literal types, class lists, SQL, log lines (`log.*`, `logger`,
 * `console.*`) and developers' errors (`new Error(…)`).
 *
 * Runs in the `shared` project: plain Node, no database to prepare (the server projects build a
 * PGlite template first) and no document (the web project's jsdom): parsing ~700 files is the
 * whole cost.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { checkFrenchTypography, describeTypographyProblems, typesetFrench } from './typography.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE_DIRS = ['apps/web/src', 'apps/server/src', 'packages/shared/src'];

/**
 * The checker itself: its messages are English, for the developers who read a failed test, and
 * quote the French they are about.
 */
const NOT_SHOWN = new Set(['packages/shared/src/typography.ts']);

/** Tests, their helpers and data, local fakes of external services, declarations: not shipped. */
function isShippedSource(file: string): boolean {
  if (NOT_SHOWN.has(file)) return false;
  if (!/\.tsx?$/.test(file) || /\.d\.ts$/.test(file) || /\.test\.tsx?$/.test(file) || /-test-stubs\.ts$/.test(file)) return false;
  return !file.split('/').some((segment) => segment === 'test' || segment === 'testing' || segment === 'fakes');
}

/**
 * Files whose texts get their no-break spaces when they are rendered, so that they are written with
 * plain ones: the e-mail templates (`typesetFrench`, checked rendered by `mail/typography.test.ts`)
 * and the long contents of the legal pages (`frenchTypography`, rendered by `react-router.test.ts`).
 * Their texts are checked as they come out: typeset first.
 */
const TYPESET_AT_RENDER = new Set([
  'apps/server/src/modules/mail/templates.ts',
  'apps/server/src/modules/orders/mails.ts',
  // The legal texts of the order e-mails and of /cgv: shown only through the two above.
  'packages/shared/src/legal.ts',
  'apps/web/src/features/marketing/content/legal.ts',
  'apps/web/src/features/marketing/content/cgv.ts',
  'apps/web/src/features/marketing/content/towns.ts',
]);

/** Exact texts accepted as written, each with its reason (the spec's strings are allowed by the checker). */
const ACCEPTED: ReadonlyArray<{ text: string | RegExp; reason: string }> = [
  { text: 'fatal, error, warn, info, debug, trace ou silent', reason: 'the values LOG_LEVEL takes, as the operator types them (config.ts)' },
  { text: 'Tri invalide (name, created ou email)', reason: 'the values of the API’s sort parameter (schemas/admin-repair.ts)' },
  { text: 'le code qui suit «\u00a0token=\u00a0»', reason: 'the name of the parameter in the verification link, as the address shows it (verify-email-page.tsx)' },
];

type SourceText = { line: number; text: string };

/**
 * What a JSX expression, a nested element or a template's `${…}` stands for in a line of text: a
 * number before « € » or « % » (« {n} € » is judged as « 1 € »), a word elsewhere (« tant que
 * {name} » is not « que 1 », « {day} décembre » is not « 1 décembre »).
 */
function placeholderBefore(next: string): string {
  return /^[ \u00a0\u202f]?[€%]/.test(next) ? '1' : 'X';
}

const TEXT_ATTRIBUTES = new Set(['title', 'aria-label', 'placeholder', 'alt', 'label', 'aria-description', 'aria-valuetext', 'aria-roledescription']);
/** Properties and attributes whose value is only text (a message, a label…): checked even without a French word. */
const TEXT_KEY =
  /^(?:label|title|message|text|hint|heading|subtitle|description|placeholder|caption|summary|tooltip|alt|error|body|intro)$|[a-z](?:Label|Title|Message|Text|Hint|Heading|Description|Placeholder|Caption|Summary|Tooltip|Error)$/;
const CLASS_KEY = /^(?:class|className|classNames|classes)$|ClassName$/;
const CLASS_FUNCTIONS = new Set(['cn', 'clsx', 'cx', 'cva', 'twMerge', 'classNames', 'tv']);
/** Constructors whose strings are for developers or are data: errors, patterns, sets of characters, addresses. */
const DEVELOPER_ERRORS = new Set(['Error', 'TypeError', 'RangeError', 'SyntaxError', 'EvalError', 'URIError', 'AggregateError', 'RegExp', 'Set', 'Map', 'URL', 'URLSearchParams']);
/** `console.warn`, `log.info`, `app.log.error`, `request.log.warn`, `logger.debug`, `process.stderr.write`. */
const LOG_CALLEE = /(?:^|\.)(?:console|log|logger)(?:\.\w+)?$|^process\.std(?:out|err)\.write$/;

const FRENCH_LETTER = /[àâäçéèêëîïôöùûüÿœæÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒÆ’«»]/;
const FRENCH_WORD =
  /(?<![\p{L}\p{N}_-])(?:le|la|les|un|une|des|du|de|et|est|sont|vous|votre|vos|nous|notre|nos|pour|par|sur|dans|avec|sans|pas|ne|plus|ce|cette|ces|qui|que|quand|en|au|aux|il|elle|ils|elles|son|sa|ses|leur|leurs|mon|ma|mes|aucun|aucune|encore|puis|donc|mais|ou|si|cet|tout|tous|toutes)(?![\p{L}\p{N}_-])/iu;
const SQL = /^\s*(?:select|insert|update|delete|with|create|alter|drop|begin|commit|rollback|lock|truncate|values|coalesce|case|on conflict)\b/i;
/** « flex items-center gap-2 », « sm:grid-cols-2 »: a class list, not words. */
function isClassList(text: string): boolean {
  const tokens = text.trim().split(/\s+/);
  return tokens.every((token) => /^[!-]?[a-z0-9@[\]:/_.%#()\-,&>=+*'"~]+$/.test(token)) && tokens.some((token) => /[-:/[\d]/.test(token));
}

const ENTITIES: Record<string, string> = {
  nbsp: '\u00a0',
  laquo: '«',
  raquo: '»',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  rsquo: '’',
  lsquo: '‘',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  thinsp: '\u2009',
  euro: '€',
  times: '×',
  middot: '·',
  copy: '©',
  rarr: '→',
  larr: '←',
};

/** JSX text as React shows it: entities decoded, lines trimmed and joined by one space (Babel's rule). */
function jsxTextValue(raw: string): string {
  const lines = raw.replace(/\t/g, ' ').split(/\r\n|\n|\r/);
  let lastNonEmpty = -1;
  lines.forEach((line, index) => {
    if (/[^ ]/.test(line)) lastNonEmpty = index;
  });
  let value = '';
  lines.forEach((line, index) => {
    let trimmed = line;
    if (index !== 0) trimmed = trimmed.replace(/^ +/, '');
    if (index !== lines.length - 1) trimmed = trimmed.replace(/ +$/, '');
    if (trimmed) value += index === lastNonEmpty ? trimmed : `${trimmed} `;
  });
  return decodeEntities(value);
}

function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([\da-f]+)|(\w+));/gi, (entity: string, decimal?: string, hex?: string, name?: string) => {
    if (decimal) return String.fromCodePoint(Number(decimal));
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    return ENTITIES[name ?? ''] ?? entity;
  });
}

function literalText(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string {
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => placeholderBefore(span.literal.text) + span.literal.text).join('');
  return ts.isJsxAttribute(node.parent) ? decodeEntities(node.text) : node.text;
}

function calleeName(expression: ts.Expression, sourceFile: ts.SourceFile): string {
  return expression.getText(sourceFile).replace(/\s+/g, '').replace(/\?\./g, '.');
}

function attributeName(attribute: ts.JsxAttribute): string {
  return ts.isIdentifier(attribute.name) ? attribute.name.text : `${attribute.name.namespace.text}:${attribute.name.name.text}`;
}

function propertyName(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name) || ts.isNumericLiteral(name) ? name.text : '';
}

type Context = 'code' | 'text' | 'maybe';

/** Where a literal sits decides whether it can be text: the nearest telling ancestor wins. */
function contextOf(node: ts.Node, sourceFile: ts.SourceFile): Context {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent) || ts.isLiteralTypeNode(parent)) return 'code';
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isEnumMember(parent)) && parent.name === node) return 'code';
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) return 'code';
  if ((ts.isCaseClause(parent) && parent.expression === node) || ts.isBinaryExpression(parent) && /^(===|!==|==|!=|in)$/.test(parent.operatorToken.getText(sourceFile))) return 'code';
  let verdict: Context = 'maybe';
  for (let current: ts.Node = node, above = node.parent; !ts.isSourceFile(above); current = above, above = above.parent) {
    if (ts.isTaggedTemplateExpression(above)) return 'code';
    if (ts.isCallExpression(above)) {
      const callee = calleeName(above.expression, sourceFile);
      if (DEVELOPER_ERRORS.has(callee)) return 'code';
      if (above.expression.kind === ts.SyntaxKind.ImportKeyword || callee === 'require' || LOG_CALLEE.test(callee) || CLASS_FUNCTIONS.has(callee) || /(?:^|\.)sql\.\w+$/.test(callee)) return 'code';
      // An argument is not the value of the property the call sits in (`lastError: text('last_error')`).
      return verdict;
    }
    if (ts.isNewExpression(above) && ts.isIdentifier(above.expression)) {
      if (DEVELOPER_ERRORS.has(above.expression.text)) return 'code';
      // new AppError(code, status, message): the message is French text for users.
      if (above.expression.text === 'AppError' && above.arguments?.[2] === current && verdict === 'maybe') verdict = 'text';
    }
    // `{ready ? 'Fait : ' : 'À faire : '}` among an element's children is shown as it is.
    if (ts.isJsxExpression(above) && (ts.isJsxElement(above.parent) || ts.isJsxFragment(above.parent))) return verdict === 'maybe' ? 'text' : verdict;
    if (ts.isJsxAttribute(above)) {
      const name = attributeName(above);
      if (CLASS_KEY.test(name)) return 'code';
      if (verdict === 'maybe' && (TEXT_ATTRIBUTES.has(name) || TEXT_KEY.test(name))) verdict = 'text';
      return verdict;
    }
    if (ts.isPropertyAssignment(above) && above.initializer === current) {
      const name = propertyName(above.name);
      if (CLASS_KEY.test(name)) return 'code';
      if (verdict === 'maybe' && TEXT_KEY.test(name)) verdict = 'text';
    }
    if (ts.isFunctionLike(above) || ts.isBlock(above) || ts.isJsxElement(above) || ts.isJsxSelfClosingElement(above)) return verdict;
  }
  return verdict;
}

/** A string literal that reads as French text for users (see the file's comment). */
function isFrenchText(text: string, context: Context): boolean {
  if (context === 'code' || !/\p{L}/u.test(text)) return false;
  if (/^\s*(?:\/|\.\/|#|https?:|mailto:|tel:|data:)/.test(text) || SQL.test(text) || isClassList(text)) return false;
  if (context === 'text') return true;
  return (FRENCH_LETTER.test(text) || FRENCH_WORD.test(text)) && /[\s\p{L}]/u.test(text);
}

/** The French texts of one source file, each with the line it starts on. */
function sourceTexts(fileName: string, source: string): SourceText[] {
  // Comments are not text users see: not parsing JSDoc halves the time.
  const sourceFile = ts.createSourceFile(
    fileName,
    source,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lineOf = (node: ts.Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
  const texts: SourceText[] = [];

  const jsxLine = (children: ts.NodeArray<ts.JsxChild>) => {
    // The pieces in order: text as shown, or null for what is only known when the page runs.
    const pieces: Array<string | null> = [];
    let line = 0;
    for (const child of children) {
      if (ts.isJsxText(child)) {
        const value = jsxTextValue(child.text);
        if (value.trim() && line === 0) line = lineOf(child);
        pieces.push(value);
      } else if (ts.isJsxExpression(child)) {
        if (!child.expression) continue;
        const expression = child.expression;
        pieces.push(ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression) ? expression.text : null);
      } else {
        pieces.push(null);
      }
    }
    const text = pieces.map((piece, index) => piece ?? placeholderBefore(pieces.slice(index + 1).find((next) => next !== null) ?? '')).join('');
    // A text that starts with a space runs on from what comes before the element (« {name}<span> :
    // compte lié</span> »): a word stands for it.
    if (line > 0 && /\S/.test(text)) texts.push({ line, text: `${/^\s/.test(text) ? 'X' : ''}${text}`.trim() });
  };

  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) jsxLine(node.children);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      const text = literalText(node);
      if (isFrenchText(text, contextOf(node, sourceFile))) texts.push({ line: lineOf(node), text });
      // The pieces of a template were judged together.
      if (ts.isTemplateExpression(node)) {
        for (const span of node.templateSpans) visit(span.expression);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return texts;
}

function shippedSources(): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
      .filter(isShippedSource),
  ).sort();
}

describe('reading the French texts of a source file', () => {
  const texts = (source: string, file = 'x.tsx') => sourceTexts(file, source).map((found) => found.text);

  it('joins JSX text with its expressions and child elements, standing in as a number or a word', () => {
    expect(texts('const a = <p>\n  Total&nbsp;: <strong>{total}</strong> ({count} €)\n</p>;')).toEqual(['Total\u00a0: X (1 €)']);
    expect(texts('const a = <p><strong>Attention</strong> : {"texte"}</p>;')).toContain('X : texte');
    // A word, not a number, where no « € » or « % » follows: « tant que {name} » is not « que 1 ».
    expect(texts('const a = <p>Connecté en tant que {name}, le {day} décembre</p>;')).toEqual(['Connecté en tant que X, le X décembre']);
    // A text that runs on from before its element.
    expect(texts('const a = <span className="sr-only"> : compte lié</span>;')).toEqual(['X : compte lié']);
  });

  it('reads the attributes that are shown or read out, not class lists', () => {
    expect(texts('const a = <input placeholder="Ex : 12,50" className="flex gap-2 text-sm" aria-label={`Quantité : ${n}`} />;')).toEqual(['Ex : 12,50', 'Quantité : X']);
  });

  it('reads French literals, templates with their pieces standing in, AppError messages and text properties', () => {
    expect(texts("const a = 'Votre commande est prête !'; const b = `${n} €`; const c = 'ready';", 'x.ts')).toEqual(['Votre commande est prête !']);
    expect(texts('const a = `Total de la commande : ${n} €`;', 'x.ts')).toEqual(['Total de la commande : 1 €']);
    expect(texts("const a = { lastError: text('last_error'), return_url: back('Le retour') };", 'x.ts')).toEqual(['Le retour']);
    expect(texts("throw new AppError('NOT_FOUND', 404, 'Email introuvable');", 'x.ts')).toEqual(['Email introuvable']);
    expect(texts("const a = { label: 'Email', kind: 'Email' };", 'x.ts')).toEqual(['Email']);
    // Among an element's children, a string is shown, French words or not.
    expect(texts("const a = <span>{done ? 'Fait : ' : 'Pending'}</span>;")).toEqual(['Fait : ', 'Pending']);
  });

  it('leaves code alone: logs, developers’ errors, SQL, imports, keys and types', () => {
    const code = [
      "import { a } from './les modules';",
      "log.warn({ err }, 'La boutique : échec');",
      "app.log.error('Erreur : la base');",
      "console.error(`Échec : ${x}`);",
      "throw new Error('Le paramètre : manquant');",
      "const q = sql`select * from les_tables where a = 'é : b'`;",
      "type T = 'Prête : oui';",
      "const o = { 'clé : valeur': 1 };",
      "if (x === 'Prête : oui') f();",
    ].join('\n');
    expect(texts(code, 'x.ts')).toEqual([]);
  });
});

describe('French typography of the texts in the source (issue 22 §4.6)', () => {
  // Parsing ~700 files takes a few seconds, more on a loaded machine: a generous limit.
  it('every French text of the web app, the server and the shared package', { timeout: 120_000 }, () => {
    const allow = ACCEPTED.map((entry) => entry.text);
    const report: string[] = [];
    for (const file of shippedSources()) {
      const source = fs.readFileSync(path.join(root, file), 'utf8');
      for (const { line, text } of sourceTexts(file, source)) {
        const problems = checkFrenchTypography(TYPESET_AT_RENDER.has(file) ? typesetFrench(text) : text, { allow });
        if (problems.length > 0) report.push(describeTypographyProblems(problems, `${file}:${line}`));
      }
    }
    expect(report, `\n${report.join('\n')}\n(${report.length} texts)`).toEqual([]);
  });
});
