import { useEffect, useSyncExternalStore } from 'react';
import { Toaster as Sonner } from 'sonner';
import { CART_TOAST_MS } from '@erepare/shared/shop';
import { toasterMounted } from '../../lib/toast';

function subscribeDarkClass(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains('dark');

/**
 * The one toast area of the app (sonner): 3 s per toast (spec 2 §9), one at a time on a phone,
 * announced politely, French labels, following the theme of the area shown.
 */
export function Toaster() {
  const dark = useSyncExternalStore(subscribeDarkClass, isDark, () => false);
  // Sonner subscribes in its own effect, which runs before this one: queued toasts can now be shown.
  useEffect(toasterMounted, []);
  return (
    <Sonner
      theme={dark ? 'dark' : 'light'}
      position="top-center"
      duration={CART_TOAST_MS}
      visibleToasts={1}
      richColors
      closeButton
      offset={72}
      mobileOffset={{ top: 72 }}
      customAriaLabel="Notifications (Alt+T)"
      toastOptions={{ closeButtonAriaLabel: 'Fermer la notification', className: 'text-sm', classNames: { closeButton: 'size-6!' } }}
    />
  );
}
