import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteSettings } from '@erepare/shared/site-settings';
import { asStoreProfile, defaultStoreProfile, type StoreProfile } from '@erepare/shared/store-profile';

const ROOT_ELEMENT = '<div id="root"></div>';

/** The prerendered pages (key → HTML) and the store profile they were rendered with. */
export type PageSet = { profile: StoreProfile; pages: ReadonlyMap<string, string> };

/** What a page is rendered with beyond its address (apps/web/src/entry-server.tsx). */
export type RenderData = { product?: unknown; settings?: SiteSettings };

/** What the web build's renderer (dist/ssr/entry-server.js, apps/web/src/entry-server.tsx) exports. */
type Renderer = {
  render: (path: string, storeProfile: StoreProfile, data?: RenderData) => Promise<{ html: string; status: number } | null>;
  prerenderJobs: () => [string, string][];
};

export type PrerenderedPages = {
  /**
   * The pages to serve: rendered with `profile` when they are; otherwise the latest set there is
   * (each copy is served with the profile it was rendered with, so a page never hydrates against
   * another profile) while a render with `profile` starts in the background. Null (the profile
   * could not be read): the latest set.
   */
  current(profile: StoreProfile | null): PageSet;
  /**
   * Renders the pages with `profile` (after staff saved it) and resolves once they are served;
   * false when they cannot be (no build, no renderer, a render failed: the former ones stay).
   */
  refresh(profile: StoreProfile): Promise<boolean>;
  /**
   * One page rendered now, with its data (a product page with its product), in the built
   * index.html; null when it cannot be (no build, no renderer, the render failed: logged).
   */
  renderPage(path: string, profile: StoreProfile, data: RenderData): Promise<string | null>;
};

/** Prerendered public pages (`prerendered/manifest.json`, written by the web build): key → HTML. */
function loadBuilt(dir: string): Map<string, string> {
  const pages = new Map<string, string>();
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as unknown;
    if (!manifest || typeof manifest !== 'object') return pages;
    for (const [key, file] of Object.entries(manifest as Record<string, unknown>)) {
      if (typeof file === 'string' && /^[\w.-]+\.html$/.test(file)) pages.set(key, fs.readFileSync(path.join(dir, file), 'utf8'));
    }
  } catch {
    // Not built with prerendering: every page is the shell.
  }
  return pages;
}

function builtProfile(dir: string): StoreProfile {
  try {
    return asStoreProfile(JSON.parse(fs.readFileSync(path.join(dir, 'store-profile.json'), 'utf8')) as unknown) ?? defaultStoreProfile;
  } catch {
    return defaultStoreProfile;
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The prerendered pages of the web build, rendered again whenever the store profile differs from
 * the one they hold (staff saved a new one, or a server started with a saved one). One render at
 * a time, page by page with a yield between pages (requests keep being answered); the set is
 * swapped only when complete.
 */
export function createPrerenderedPages(webDistDir: string, log: FastifyBaseLogger): PrerenderedPages {
  const dir = path.join(webDistDir, 'prerendered');
  let set: PageSet = { profile: builtProfile(dir), pages: loadBuilt(dir) };
  let running: { profile: StoreProfile; promise: Promise<boolean> } | null = null;
  /** A profile whose render failed: not tried again on every request (a save tries again). */
  let failed: StoreProfile | null = null;
  let renderer: Promise<Renderer | null> | null = null;

  const loadRenderer = () => {
    renderer ??= (async () => {
      const file = path.join(webDistDir, 'ssr', 'entry-server.js');
      if (!fs.existsSync(file)) return null;
      return (await import(pathToFileURL(file).href)) as Renderer;
    })();
    return renderer;
  };

  let template: string | null = null;
  const readTemplate = () => (template ??= fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8'));
  const fill = (html: string) => readTemplate().replace(ROOT_ELEMENT, () => `<div id="root">${html}</div>`);

  async function renderWith(profile: StoreProfile): Promise<boolean> {
    if (isDeepStrictEqual(set.profile, profile)) return true;
    if (set.pages.size === 0) return false;
    const started = Date.now();
    const module = await loadRenderer();
    if (!module) {
      log.warn('prerendered pages: no renderer in the web build (dist/ssr): the pages keep their former store profile');
      return false;
    }
    const pages = new Map<string, string>();
    for (const [key, url] of module.prerenderJobs()) {
      const rendered = await module.render(url, profile);
      if (rendered) pages.set(key, fill(rendered.html));
      await nextTurn();
    }
    set = { profile, pages };
    log.info({ pages: pages.size, ms: Date.now() - started }, 'prerendered pages rendered with the saved store profile');
    return true;
  }

  function ensure(profile: StoreProfile): Promise<boolean> {
    if (isDeepStrictEqual(set.profile, profile)) return Promise.resolve(true);
    if (running && isDeepStrictEqual(running.profile, profile)) return running.promise;
    // After the render under way (if any): the newest profile wins.
    const previous = running?.promise ?? Promise.resolve(true);
    const promise = previous
      .catch(() => false)
      .then(() => renderWith(profile))
      .catch((error: unknown) => {
        failed = profile;
        log.error({ err: error }, 'prerendered pages: rendering with the saved store profile failed; the former pages are served');
        return false;
      })
      .finally(() => {
        if (running?.promise === promise) running = null;
      });
    running = { profile, promise };
    return promise;
  }

  return {
    current(profile) {
      if (profile && !isDeepStrictEqual(set.profile, profile) && !(failed && isDeepStrictEqual(failed, profile))) void ensure(profile);
      return set;
    },
    refresh(profile) {
      failed = null;
      return ensure(profile);
    },
    async renderPage(url, profile, data) {
      try {
        const module = await loadRenderer();
        const rendered = module ? await module.render(url, profile, data) : null;
        return rendered ? fill(rendered.html) : null;
      } catch (error) {
        log.error({ err: error, url }, 'server rendering of a page failed: its prerendered copy is served');
        return null;
      }
    },
  };
}
