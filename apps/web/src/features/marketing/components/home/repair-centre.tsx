import { useRef, useState, type KeyboardEvent } from 'react';
import Check from 'lucide-react/icons/check';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Stethoscope from 'lucide-react/icons/stethoscope';
import FileText from 'lucide-react/icons/file-text';
import { ButtonLink } from '../../../../components/ui/button';
import { REPAIRS_FROM, repairTabs, type Repair, type RepairTab } from '../../content/home-sections';
import { Section } from './section';
import { REPAIR_WARRANTY_MONTHS } from '@erepare/shared/warranty';

const GENERAL = { id: 'general', label: 'Général' } as const;
const tabs = [...repairTabs.map(({ id, label }) => ({ id, label })), GENERAL];

const generalPoints = [
  'Diagnostic sous 24 à 48\u00a0h',
  'Devis gratuit, aucune intervention sans votre accord',
  'Pièces manquantes livrées en 24\u00a0h par transporteur',
  `Réparations garanties ${REPAIR_WARRANTY_MONTHS}\u00a0mois`,
];

function RepairList({ title, repairs, active, onPick }: { title: string; repairs: Repair[]; active: string; onPick: (name: string) => void }) {
  return (
    <div>
      <h3 className="mb-3 text-lg font-bold">{title}</h3>
      <ul className="space-y-2">
        {repairs.map((repair) => {
          const selected = repair.name === active;
          return (
            <li key={repair.name}>
              <button
                type="button"
                aria-pressed={selected}
                onMouseEnter={() => onPick(repair.name)}
                onFocus={() => onPick(repair.name)}
                onClick={() => onPick(repair.name)}
                className={`flex min-h-11 w-full items-center gap-2 rounded-xl border px-4 py-2 text-left font-medium transition-colors ${
                  selected
                    ? 'border-brand-700 bg-brand-50 text-brand-800 dark:border-brand-300 dark:bg-ink-800 dark:text-brand-300'
                    : 'border-slate-200 bg-white text-slate-800 hover:border-slate-400 dark:border-slate-700 dark:bg-ink-900 dark:text-slate-200 dark:hover:border-slate-500'
                }`}
              >
                <Check aria-hidden="true" className={`size-4 shrink-0 ${selected ? '' : 'opacity-0'}`} />
                {repair.name}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function DevicePanel({ tab }: { tab: RepairTab }) {
  const [active, setActive] = useState(tab.common[0]!.name);
  const repair = [...tab.common, ...tab.advanced].find((entry) => entry.name === active) ?? tab.common[0]!;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_1fr_20rem]">
      <RepairList title="Réparations courantes" repairs={tab.common} active={active} onPick={setActive} />
      <RepairList title="Réparations avancées" repairs={tab.advanced} active={active} onPick={setActive} />
      <div
        aria-live="polite"
        className="self-start rounded-2xl border border-brand-700 bg-brand-50 p-5 dark:border-brand-300 dark:bg-ink-800"
      >
        <p className="text-lg font-bold">{repair.name}</p>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{repair.description}</p>
        <p className="mt-4 flex items-center gap-2 font-semibold text-emerald-800 dark:text-emerald-300">
          <ShieldCheck aria-hidden="true" className="size-5 shrink-0" />
          Garantie {REPAIR_WARRANTY_MONTHS}&nbsp;mois pièces et main-d’œuvre
        </p>
      </div>
    </div>
  );
}

function GeneralPanel() {
  return (
    <div className="grid items-center gap-6 md:grid-cols-2">
      <div>
        <p className="text-4xl font-extrabold text-brand-800 dark:text-brand-300">{REPAIRS_FROM}</p>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          Smartphone, tablette, ordinateur, console ou montre connectée&nbsp;: quelle que soit la panne, nous établissons un
          diagnostic et vous annonçons le prix avant toute intervention.
        </p>
      </div>
      <ul className="space-y-2">
        {generalPoints.map((point) => (
          <li key={point} className="flex items-start gap-2 text-slate-800 dark:text-slate-200">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400" />
            {point}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Section 3: the interactive repair centre. Real ARIA tabs (arrow keys, Home, End; automatic
 * activation); every panel is in the HTML, the inactive ones hidden.
 */
export function RepairCentre() {
  const [selected, setSelected] = useState<string>(tabs[0]!.id);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    setSelected(tabs[target]!.id);
    tabRefs.current[target]?.focus();
  };

  return (
    <Section
      id="centre-titre"
      eyebrow="Centre de réparation"
      title={'Quelle réparation vous faut-il\u00a0?'}
      lead={`Choisissez votre appareil pour découvrir nos réparations courantes et avancées, toutes garanties ${REPAIR_WARRANTY_MONTHS}\u00a0mois.`}
    >
      <div
        role="tablist"
        aria-label="Type d’appareil"
        className="mb-6 flex flex-wrap justify-center gap-2"
      >
        {tabs.map((tab, index) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`centre-onglet-${tab.id}`}
              aria-selected={active}
              aria-controls={`centre-panneau-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`min-h-11 shrink-0 rounded-full px-5 py-2 text-sm font-semibold transition-colors ${
                active
                  ? 'bg-brand-700 text-white dark:bg-brand-400 dark:text-ink-950'
                  : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-200 dark:hover:bg-ink-800'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => {
        const device = repairTabs.find((entry) => entry.id === tab.id);
        return (
          <div
            key={tab.id}
            role="tabpanel"
            id={`centre-panneau-${tab.id}`}
            aria-labelledby={`centre-onglet-${tab.id}`}
            hidden={tab.id !== selected}
            tabIndex={0}
            className="rounded-3xl border border-slate-200 bg-slate-50 p-5 sm:p-8 dark:border-slate-700 dark:bg-ink-900"
          >
            {device ? <DevicePanel tab={device} /> : <GeneralPanel />}
          </div>
        );
      })}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/contact" variant="secondary">
          <FileText aria-hidden="true" className="size-4" />
          Demander un devis
        </ButtonLink>
        <ButtonLink to="/devis-en-ligne">
          <Stethoscope aria-hidden="true" className="size-4" />
          Commencer un diagnostic
        </ButtonLink>
      </div>
    </Section>
  );
}
