import Clock from 'lucide-react/icons/clock';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import { Link } from 'react-router';
import { siFacebook, siInstagram, siTiktok, siWhatsapp } from 'simple-icons';
import { formatAddress, mapsUrl, whatsappUrl, type StoreProfile } from '@erepare/shared/store-profile';
import { BrandIcon } from '../../../components/ui/brand-icon';
import { useStoreProfile } from '../../../lib/store-profile';
import { companyLinks, legalLinks } from '../nav';
import type { NavItem } from './nav-dropdown';

/** The shop's social networks (a network the profile leaves empty is not shown). */
function socials(profile: StoreProfile) {
  return [
    { href: profile.social.facebook, label: 'Facebook', icon: siFacebook },
    { href: profile.social.instagram, label: 'Instagram', icon: siInstagram },
    { href: profile.social.tiktok, label: 'TikTok', icon: siTiktok },
  ].filter((social) => social.href);
}

const footerLink =
  'rounded text-slate-700 underline-offset-4 hover:text-brand-700 hover:underline dark:text-slate-300 dark:hover:text-brand-300';

function FooterLinks({ id, title, links }: { id: string; title: string; links: readonly NavItem[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      <ul className="space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={footerLink}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const storeProfile = useStoreProfile();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 text-sm dark:border-slate-800 dark:bg-ink-900 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-atelier">
          <h2 id="footer-atelier" className="mb-3 text-base font-semibold">
            L’atelier {storeProfile.name}
          </h2>
          <address className="space-y-3 not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a href={mapsUrl(storeProfile)} target="_blank" rel="noopener noreferrer" className={footerLink}>
                {formatAddress(storeProfile)}
                <span className="sr-only"> (plan, nouvel onglet)</span>
              </a>
            </p>
            <p className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a href={`tel:${storeProfile.phone.e164}`} className={footerLink}>
                {storeProfile.phone.display}
              </a>
            </p>
            <p className="flex gap-2">
              <BrandIcon icon={siWhatsapp} className="mt-0.5 size-4 shrink-0" />
              <a href={whatsappUrl(storeProfile)} target="_blank" rel="noopener noreferrer" className={footerLink}>
                WhatsApp {storeProfile.whatsapp.display}
                <span className="sr-only"> (nouvel onglet)</span>
              </a>
            </p>
            <p className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a href={`mailto:${storeProfile.email}`} className={footerLink}>
                {storeProfile.email}
              </a>
            </p>
          </address>
        </section>

        <section aria-labelledby="footer-horaires">
          <h2 id="footer-horaires" className="mb-3 flex items-center gap-2 text-base font-semibold">
            <Clock aria-hidden="true" className="size-4" />
            Horaires d’ouverture
          </h2>
          <dl className="space-y-2">
            {storeProfile.openingHours.map((slot) => (
              <div key={slot.days}>
                <dt className="font-medium">{slot.days}</dt>
                <dd className="text-slate-700 dark:text-slate-300">{slot.hours}</dd>
              </div>
            ))}
          </dl>
        </section>

        <FooterLinks id="footer-entreprise" title="Entreprise" links={companyLinks} />

        <div>
          <FooterLinks id="footer-legal" title="Informations légales" links={legalLinks} />
          <h2 className="mt-6 mb-3 text-base font-semibold">Suivez-nous</h2>
          <ul className="flex gap-2">
            {socials(storeProfile).map((social) => (
              <li key={social.label}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${social.label} (nouvel onglet)`}
                  className="inline-flex size-11 items-center justify-center rounded-lg border border-slate-300 text-slate-800 hover:bg-white dark:border-slate-700 dark:text-slate-100 dark:hover:bg-ink-800"
                >
                  <BrandIcon icon={social.icon} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <p className="mx-auto max-w-7xl px-4 pt-4 pb-24 text-xs text-slate-600 sm:pb-4 dark:text-slate-400">
          © {new Date().getFullYear()} {storeProfile.name} – {storeProfile.address.city} · SIRET {storeProfile.siret.replace(/(\d) (?=\d)/g, '$1\u00a0')}
        </p>
      </div>
    </footer>
  );
}
