import ArrowLeft from 'lucide-react/icons/arrow-left';
import Lock from 'lucide-react/icons/lock';
import Mail from 'lucide-react/icons/mail';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from './ui/button';

/** The shop notice shown while the shop is closed for maintenance (spec 1 §4, /boutique-beta). */
export function RestrictedShopNotice() {
  const navigate = useNavigate();
  const goBack = () => {
    // With no page to go back to (link opened directly), "Retour" leads home rather than nowhere.
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <Lock aria-hidden="true" className="mx-auto mb-4 size-12 text-amber-600 dark:text-amber-400" />
      <h1 className="text-3xl font-bold">Accès Temporairement Restreint</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
        Notre boutique en ligne est en cours de mise à jour et n’est pas accessible pour le moment. Nos produits restent
        disponibles à l’atelier&nbsp;: contactez-nous pour connaître les disponibilités.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={goBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Retour
        </Button>
        <ButtonLink to="/contact">
          <Mail aria-hidden="true" className="size-4" />
          Contact
        </ButtonLink>
      </div>
    </section>
  );
}
