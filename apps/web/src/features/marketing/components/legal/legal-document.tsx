import { Mail } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { ContactActions } from '../../../../components/contact-actions';
import { StoreContactList } from '../../../../components/store-contact-list';
import type { Block, InlineLink, LegalSection, Rich } from './document-types';
import { ExternalLink } from './external-link';

const linkClass = 'font-medium text-brand-800 underline underline-offset-4 dark:text-brand-300';
const muted = 'text-slate-700 dark:text-slate-300';

function InlineLinkView({ link }: { link: InlineLink }) {
  if (link.to?.startsWith('#')) {
    return (
      <a href={link.to} className={linkClass}>
        {link.label}
      </a>
    );
  }
  if (link.to) {
    return (
      <Link to={link.to} className={linkClass}>
        {link.label}
      </Link>
    );
  }
  const href = link.href ?? '';
  if (/^https?:/.test(href)) {
    return (
      <ExternalLink href={href} className={`${linkClass} [overflow-wrap:anywhere]`}>
        {link.label}
      </ExternalLink>
    );
  }
  return (
    <a href={href} className={`${linkClass} [overflow-wrap:anywhere]`}>
      {link.label}
    </a>
  );
}

export function RichText({ text }: { text: Rich }) {
  if (typeof text === 'string') return <>{text}</>;
  return (
    <>
      {text.map((part, index) => (
        <Fragment key={index}>{typeof part === 'string' ? part : <InlineLinkView link={part} />}</Fragment>
      ))}
    </>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'p':
      return (
        <p className={muted}>
          <RichText text={block.text} />
        </p>
      );
    case 'h3':
      return (
        <h3 id={block.id} className="scroll-mt-24 pt-2 text-lg font-semibold text-slate-900 dark:text-slate-100">
          {block.text}
        </h3>
      );
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List className={`${block.ordered ? 'list-decimal' : 'list-disc'} space-y-1.5 pl-6 ${muted}`}>
          {block.items.map((item, index) => (
            <li key={index}>
              <RichText text={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'dl':
      return (
        <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {block.rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-[minmax(0,14rem)_1fr] sm:gap-4">
              <dt className="font-semibold text-slate-900 dark:text-slate-100">{label}</dt>
              <dd className={`min-w-0 break-words ${muted}`}>
                <RichText text={value} />
              </dd>
            </div>
          ))}
        </dl>
      );
    case 'processing':
      return (
        <ul className="grid gap-4 lg:grid-cols-2">
          {block.items.map((item) => (
            <li key={item.name} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-ink-900">
              <h4 className="font-semibold text-brand-800 dark:text-brand-300">{item.name}</h4>
              <dl className="mt-2 space-y-2 text-sm">
                {(
                  [
                    ['Données', item.data],
                    ['Finalité', item.purpose],
                    ['Base légale', item.basis],
                    ['Durée de conservation', item.retention],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label}>
                    <dt className="font-semibold text-slate-900 dark:text-slate-100">{label}</dt>
                    <dd className={muted}>{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      );
    case 'box':
      return (
        <aside aria-label={block.title} className="rounded-lg border-2 border-slate-800 p-4 sm:p-5 dark:border-slate-300">
          <p className="font-bold text-slate-900 dark:text-slate-100">{block.title}</p>
          <div className="mt-3 space-y-2 text-sm text-slate-800 dark:text-slate-200">
            {block.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </aside>
      );
    case 'form':
      return (
        <figure className="rounded-xl border border-dashed border-slate-400 bg-slate-50 p-4 sm:p-5 dark:border-slate-500 dark:bg-ink-900">
          <figcaption className="font-semibold text-slate-900 dark:text-slate-100">{block.title}</figcaption>
          <div className="mt-3 space-y-1 font-mono text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">
            {block.lines.map((line, index) => (line ? <p key={index}>{line}</p> : <br key={index} />))}
          </div>
        </figure>
      );
  }
}

/** One section: an h2 that a link or an effect can reach (id on the section, focusable). */
export function LegalSectionView({ section }: { section: LegalSection }) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-titre`} tabIndex={-1} className="scroll-mt-24 outline-none">
      <h2 id={`${section.id}-titre`} className="text-2xl font-bold tracking-tight text-balance">
        {section.title}
      </h2>
      <div className="mt-4 space-y-4">
        {section.blocks.map((block, index) => (
          <BlockView key={index} block={block} />
        ))}
      </div>
    </section>
  );
}

/** "Sommaire": in-page links to every section. */
export function LegalTableOfContents({ sections, label = 'Sommaire' }: { sections: LegalSection[]; label?: string }) {
  return (
    <nav aria-labelledby="sommaire" className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-ink-900">
      <h2 id="sommaire" className="font-semibold">
        {label}
      </h2>
      <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1 pl-6 sm:grid-cols-2">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className="inline-block py-1 text-brand-800 underline-offset-4 hover:underline dark:text-brand-300">
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The contact block closing the legal notice and the CGV. */
export function LegalContactBlock({ text }: { text: string }) {
  return (
    <section id="contact" aria-labelledby="contact-titre" className="scroll-mt-24 rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 dark:bg-ink-800 dark:ring-slate-700">
      <h2 id="contact-titre" className="flex items-center gap-2 text-2xl font-bold tracking-tight">
        <Mail aria-hidden="true" className="size-6" />
        Nous contacter
      </h2>
      <p className={`mt-3 ${muted}`}>{text}</p>
      <StoreContactList className="mt-4 text-slate-900 dark:text-slate-100" />
      <div className="mt-6">
        <ContactActions quote={false} />
      </div>
    </section>
  );
}
