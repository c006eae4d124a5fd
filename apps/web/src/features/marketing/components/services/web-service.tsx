import { FileText, Globe, Mail, Sparkles } from 'lucide-react';
import { aiWeb3Points, businessSizes, technologies, webReasons, webServices } from '../../content/services/web';
import { ActionLink, CardGrid, CheckList, ClosingCta, QuoteContactCallActions, ServiceHero, ServiceSection } from './service-blocks';

export function WebService({ title }: { title: string }) {
  return (
    <>
      <ServiceHero
        title={title}
        icon={Globe}
        lead={
          <p>
            Site vitrine, boutique en ligne ou application sur mesure&nbsp;: nous concevons, développons et maintenons des sites rapides,
            bien référencés et adaptés à la taille de votre entreprise.
          </p>
        }
        actions={
          <>
            <ActionLink to="/devis-en-ligne" icon={FileText}>
              Demander un devis
            </ActionLink>
            <ActionLink to="/contact" icon={Mail} variant="secondary">
              Parler de mon projet
            </ActionLink>
          </>
        }
      />

      <ServiceSection title="Une offre pour chaque entreprise">
        <CardGrid cards={businessSizes} />
      </ServiceSection>

      <ServiceSection muted title="Nos services web">
        <CardGrid cards={webServices} cols={4} />
      </ServiceSection>

      <ServiceSection title="IA et Web 3.0" intro={<p>Les nouvelles technologies, quand elles apportent un vrai gain à votre activité.</p>}>
        <div className="flex max-w-3xl gap-4 rounded-2xl border border-brand-600/40 bg-brand-50 p-5 dark:border-brand-300/40 dark:bg-ink-900">
          <Sparkles aria-hidden="true" className="size-7 shrink-0 text-brand-700 dark:text-brand-300" />
          <CheckList items={aiWeb3Points} />
        </div>
      </ServiceSection>

      <ServiceSection muted title="Pourquoi nous choisir">
        <CardGrid cards={webReasons} />
      </ServiceSection>

      <ServiceSection title="Les technologies que nous utilisons">
        <ul className="flex flex-wrap gap-2">
          {technologies.map((tech) => (
            <li
              key={tech}
              className="rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-200"
            >
              {tech}
            </li>
          ))}
        </ul>
      </ServiceSection>

      <ClosingCta
        title={'Un projet de site\u00a0?'}
        text={<p>Expliquez-nous votre besoin&nbsp;: nous vous proposons une solution et un devis clair, sans engagement.</p>}
        actions={
          <QuoteContactCallActions />
        }
      />
    </>
  );
}
