import { Bell, CheckCircle2, Download, WifiOff, Zap } from 'lucide-react';
import { useState } from 'react';
import { notificationMessages } from '@erepare/shared/notifications';
import { Button } from '../../components/ui/button';
import { toastError } from '../../lib/toast';
import { isStandalone, listenForInstallPrompt, promptInstall, useInstallState } from './install-prompt';

listenForInstallPrompt();

const BENEFITS = [
  { icon: Bell, title: 'Notifications automatiques', text: 'Soyez prévenu dès que le statut de votre réparation change.' },
  { icon: Zap, title: 'Accès rapide', text: 'Ouvrez E.repare depuis votre écran d’accueil, comme une application.' },
  { icon: WifiOff, title: 'Mode hors ligne', text: 'Les pages déjà consultées restent disponibles sans connexion.' },
] as const;

const MANUAL_STEPS = [
  {
    browser: 'Safari (iPhone, iPad)',
    steps: 'Touchez le bouton Partager (carré avec une flèche), puis «\u00a0Sur l’écran d’accueil\u00a0» et «\u00a0Ajouter\u00a0». Sur Mac\u00a0: menu Fichier, «\u00a0Ajouter au Dock\u00a0».',
  },
  {
    browser: 'Firefox',
    steps: 'Sur Android\u00a0: menu ⋮, puis «\u00a0Installer\u00a0» ou «\u00a0Ajouter à l’écran d’accueil\u00a0». Sur ordinateur, Firefox n’installe pas les sites\u00a0: utilisez Chrome ou Edge, ou ajoutez un marque-page.',
  },
  {
    browser: 'Chrome et Edge',
    steps: 'Cliquez sur l’icône d’installation à droite de la barre d’adresse, ou ouvrez le menu ⋮ (ou …) puis «\u00a0Installer E.repare\u00a0» (Edge\u00a0: «\u00a0Applications\u00a0», «\u00a0Installer ce site en tant qu’application\u00a0»).',
  },
] as const;

/**
 * "Installer l'application" for the account's notifications tab (spec 1 §2): the native prompt
 * when the browser offers one, otherwise the manual steps for Safari, Firefox and Chrome/Edge;
 * always the three benefits.
 */
export function InstallAppCard() {
  const { prompt, installed } = useInstallState();
  const [standalone] = useState(() => isStandalone());
  const [busy, setBusy] = useState(false);

  const install = async () => {
    setBusy(true);
    const outcome = await promptInstall();
    setBusy(false);
    if (outcome === 'error') toastError(notificationMessages.installError);
  };

  return (
    <section aria-labelledby="install-card-title" className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-ink-900">
      <h2 id="install-card-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <Download aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
        Installer l’application
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl bg-slate-50 p-3 dark:bg-ink-800">
            <Icon aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
            <p className="mt-2 text-sm font-semibold text-slate-900 dark:text-white">{title}</p>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{text}</p>
          </li>
        ))}
      </ul>
      {standalone || installed ? (
        <p className="mt-4 flex items-center gap-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
          <CheckCircle2 aria-hidden="true" className="size-5" />
          L’application est installée sur cet appareil.
        </p>
      ) : prompt ? (
        <Button className="mt-4" onClick={() => void install()} disabled={busy}>
          <Download aria-hidden="true" className="size-4" />
          Installer l’application
        </Button>
      ) : (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Installer depuis votre navigateur</h3>
          <dl className="mt-2 space-y-3">
            {MANUAL_STEPS.map(({ browser, steps }) => (
              <div key={browser}>
                <dt className="text-sm font-medium text-slate-900 dark:text-white">{browser}</dt>
                <dd className="text-sm text-slate-700 dark:text-slate-300">{steps}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </section>
  );
}
