import Download from 'lucide-react/icons/download';
import X from 'lucide-react/icons/x';
import { useEffect, useState } from 'react';
import { INSTALL_BANNER_DELAY_MS, notificationMessages } from '@erepare/shared/notifications';
import { Button } from '../../components/ui/button';
import { toastError } from '../../lib/toast';
import { bannerDismissed, dismissBanner, isStandalone, listenForInstallPrompt, promptInstall, shouldShowBanner, useInstallState } from './install-prompt';

listenForInstallPrompt();

/**
 * The install banner (spec 1 §2): 3 s after load, when the browser offers installation; closing
 * it is remembered; never shown once installed or when already running as the app.
 */
export function InstallBanner() {
  const { prompt, installed } = useInstallState();
  const [delayOver, setDelayOver] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setDelayOver(true), INSTALL_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  // Browser state is read only once the delay is over: the first render is the server-rendered one.
  if (!delayOver) return null;
  if (!shouldShowBanner({ hasPrompt: prompt !== null, dismissed: dismissed || bannerDismissed(), installed, standalone: isStandalone() })) return null;

  const close = () => {
    dismissBanner();
    setDismissed(true);
  };

  const install = async () => {
    const outcome = await promptInstall();
    if (outcome === 'error') toastError(notificationMessages.installError);
  };

  return (
    <section
      aria-labelledby="install-banner-title"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-4 shadow-xl sm:inset-x-auto sm:right-4 sm:bottom-4 dark:border-slate-700 dark:bg-ink-900"
    >
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" width={48} height={48} className="size-12 shrink-0 rounded-xl" />
        <div className="min-w-0 flex-1">
          <h2 id="install-banner-title" className="text-base font-semibold text-slate-900 dark:text-white">
            Installer l’application E.repare
          </h2>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Suivez vos réparations en un geste, recevez les notifications et consultez le site même hors ligne.
          </p>
        </div>
        <button
          type="button"
          onClick={close}
          aria-label="Fermer la proposition d’installation"
          className="-mt-1 -mr-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-ink-800"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" onClick={close}>
          Plus tard
        </Button>
        <Button onClick={() => void install()}>
          <Download aria-hidden="true" className="size-4" />
          Installer
        </Button>
      </div>
    </section>
  );
}
