import { useQuery } from '@tanstack/react-query';
import { ChevronDown, LogOut, Menu } from 'lucide-react';
import { Component, Suspense, useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';
import { useSearchParams, Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { twoFactorStatusResponseSchema } from '@erepare/shared/schemas/two-factor';
import { apiRequest } from '../../../lib/api-client';
import { useSiteSettings } from '../../../lib/site-settings';
import { adminSections, findSection, sectionHref, type AdminSection, type AdminSectionSlug } from './admin-nav';

/**
 * The staff dashboard's frame: the list of sections (a sidebar from 1024 px, a disclosure menu
 * below), the section's heading (focused when the section changes, as a new page would be) and the
 * section itself, each loaded on demand as its own chunk.
 */

type SectionComponent = ComponentType;

const named = <K extends string>(load: () => Promise<Record<K, SectionComponent>>, name: K) =>
  lazyComponent(async () => ({ default: (await load())[name] }));

const sectionComponents: Record<AdminSectionSlug, SectionComponent> = {
  apercu: named(() => import('../sections/overview'), 'OverviewSection'),
  tickets: named(() => import('../sections/tickets'), 'TicketsSection'),
  statuts: named(() => import('../sections/statuses'), 'StatusesSection'),
  clients: named(() => import('../sections/customers'), 'CustomersSection'),
  factures: named(() => import('../sections/invoices'), 'InvoicesSection'),
  'rendez-vous': named(() => import('../sections/bookings'), 'BookingsSection'),
  devis: named(() => import('../sections/estimates'), 'EstimatesSection'),
  commandes: named(() => import('../sections/orders'), 'OrdersSection'),
  produits: named(() => import('../sections/products'), 'ProductsSection'),
  coupons: named(() => import('../sections/coupons'), 'CouponsSection'),
  messages: named(() => import('../sections/inbox'), 'InboxSection'),
  campagnes: named(() => import('../sections/campaigns'), 'CampaignsSection'),
  'e-mails': named(() => import('../sections/outbox'), 'OutboxSection'),
  equipe: named(() => import('../sections/staff'), 'StaffSection'),
  journal: named(() => import('../sections/audit'), 'AuditSection'),
  rgpd: named(() => import('../sections/rgpd'), 'RgpdSection'),
  securite: named(() => import('../sections/security'), 'SecuritySection'),
  parametres: named(() => import('../sections/settings'), 'SettingsSection'),
};

/** A staff session that must enrol a second factor first (the team rule, issue 23 §5). */
const EnrolmentOnly = named(() => import('../sections/security'), 'EnrolmentOnlySection');

type Group = { name: string | null; sections: AdminSection[] };

function groups(): Group[] {
  const result: Group[] = [];
  for (const section of adminSections) {
    const last = result.at(-1);
    if (section.group && last?.name === section.group) last.sections.push(section);
    else result.push({ name: section.group, sections: [section] });
  }
  return result;
}
const navGroups = groups();

function NavList({ active, onNavigate }: { active: AdminSectionSlug; onNavigate?: () => void }) {
  const id = useId();
  const link = (section: AdminSection) => {
    const current = section.slug === active;
    return (
      <li key={section.slug}>
        <Link
          to={sectionHref(section.slug)}
          aria-current={current ? 'page' : undefined}
          onClick={onNavigate}
          className={`flex min-h-10 items-center rounded-lg px-3 py-2 text-sm font-medium ${
            current
              ? 'bg-brand-700 text-white dark:bg-brand-400 dark:text-ink-950'
              : 'text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-ink-800'
          }`}
        >
          {section.label}
        </Link>
      </li>
    );
  };
  return (
    <ul className="space-y-1">
      {navGroups.map((group, index) =>
        group.name ? (
          <li key={group.name} className="pt-2">
            <p id={`${id}-${index}`} className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
              {group.name}
            </p>
            <ul aria-labelledby={`${id}-${index}`} className="space-y-1">
              {group.sections.map(link)}
            </ul>
          </li>
        ) : (
          group.sections.map(link)
        ),
      )}
    </ul>
  );
}

/** A section chunk that failed to load (new deployment, network): say so, offer a reload. */
class SectionBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <ErrorBox>
          Impossible d’afficher cette section.{' '}
          <button type="button" className="font-semibold underline" onClick={() => window.location.reload()}>
            Réessayer
          </button>
        </ErrorBox>
      );
    }
    return this.props.children;
  }
}

function useSectionTitle(title: string) {
  const settings = useSiteSettings();
  const siteTitle = settings.data?.title;
  useEffect(() => {
    // After the layout's own title effect (parents' effects run after children's).
    const timer = window.setTimeout(() => {
      document.title = `${title} – Administration${siteTitle ? ` | ${siteTitle}` : ''}`;
    }, 0);
    return () => window.clearTimeout(timer);
  }, [title, siteTitle]);
}

/** Whether this staff session may only enrol a second factor (unknown while loading, or if the check fails: the sections then say it with their 403). */
function useEnrolmentRequired(): boolean {
  const status = useQuery({
    queryKey: ['admin', 'two-factor-own'],
    queryFn: ({ signal }) => apiRequest('/api/auth/two-factor', { schema: twoFactorStatusResponseSchema, signal }),
    // The enrolment panel says when to ask again (after the recovery codes are saved).
    staleTime: 5 * 60_000,
  });
  return status.data?.data.enrolmentRequired === true;
}

export function AdminShell({ email, onLogout, loggingOut }: { email: string; onLogout: () => void; loggingOut: boolean }) {
  const enrolmentRequired = useEnrolmentRequired();
  const [searchParams] = useSearchParams();
  const section = findSection(searchParams.get('section'));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previous = useRef(section.slug);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  useSectionTitle(section.title);

  useEffect(() => {
    if (previous.current === section.slug) return;
    previous.current = section.slug;
    headingRef.current?.focus();
  }, [section.slug]);

  const Section = sectionComponents[section.slug];
  const header = (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4 dark:border-slate-700">
      <p className="text-lg font-bold">Administration</p>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Connecté en tant que <strong>{email}</strong>
        </p>
        <Button variant="secondary" onClick={onLogout} disabled={loggingOut}>
          <LogOut aria-hidden="true" className="size-4" />
          Se déconnecter
        </Button>
      </div>
    </div>
  );

  if (enrolmentRequired) {
    return (
      <div className="mx-auto w-full max-w-screen-2xl px-4 py-6 lg:px-6">
        {header}
        <h1 className="mb-5 text-2xl font-bold sm:text-3xl">Double authentification obligatoire</h1>
        <SectionBoundary>
          <Suspense fallback={<Spinner label="Chargement de la section…" />}>
            <EnrolmentOnly />
          </Suspense>
        </SectionBoundary>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-screen-2xl px-4 py-6 lg:px-6">
      {header}
      <div className="lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8">
        <nav aria-label="Sections de l’administration" className="hidden lg:block">
          <div className="sticky top-4">
            <NavList active={section.slug} />
          </div>
        </nav>
        <nav aria-label="Sections de l’administration (menu)" className="mb-4 lg:hidden">
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
            className="flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-left font-semibold dark:border-slate-600 dark:bg-ink-900"
          >
            <span className="flex items-center gap-2">
              <Menu aria-hidden="true" className="size-5" />
              Sections&nbsp;: {section.label}
            </span>
            <ChevronDown aria-hidden="true" className={`size-5 transition-transform ${menuOpen ? 'rotate-180' : ''}`} />
          </button>
          <div id={menuId} hidden={!menuOpen} className="mt-2 rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-ink-900">
            <NavList active={section.slug} onNavigate={() => setMenuOpen(false)} />
          </div>
        </nav>
        <div className="min-w-0">
          <h1 ref={headingRef} tabIndex={-1} className="mb-5 text-2xl font-bold focus:outline-none sm:text-3xl">
            {section.title}
          </h1>
          <SectionBoundary key={section.slug}>
            <Suspense fallback={<Spinner label="Chargement de la section…" />}>
              <Section />
            </Suspense>
          </SectionBoundary>
        </div>
      </div>
    </div>
  );
}
