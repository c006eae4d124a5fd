import { siWhatsapp } from 'simple-icons';
import { whatsappUrl } from '@erepare/shared/store-profile';
import { BrandIcon } from '../../../components/ui/brand-icon';
import { useStoreProfile } from '../../../lib/store-profile';

/**
 * Floating WhatsApp contact, on every page (spec 1 §1). On phones it is left out of the shop,
 * product, cart, checkout, order and tracking pages (`hideOnPhone`): there it would sit on prices,
 * « Ajouter » and order buttons or the tracking list (WCAG 2.4.11, focus not obscured); the footer
 * keeps the WhatsApp link.
 */
export function WhatsAppButton({ hideOnPhone = false }: { hideOnPhone?: boolean }) {
  const storeProfile = useStoreProfile();
  // In a landmark of its own: all content of the page sits in one (WCAG 1.3.1, axe "region").
  return (
    <aside aria-label="Contact WhatsApp" className="contents">
    <a
      href={whatsappUrl(storeProfile, 'Bonjour, j’ai une question au sujet d’une réparation.')}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Nous écrire sur WhatsApp (nouvel onglet)"
      className={`${hideOnPhone ? 'max-md:hidden ' : ''}fixed right-4 bottom-4 z-40 inline-flex size-14 items-center justify-center rounded-full bg-[#128C4A] text-white shadow-lg shadow-black/30 transition-transform hover:scale-105 focus-visible:scale-105 print:hidden`}
    >
      <BrandIcon icon={siWhatsapp} className="size-7" />
    </a>
    </aside>
  );
}
