import { Link2, MailWarning } from 'lucide-react';
import type { SessionUser } from '@erepare/shared/schemas/auth';
import { Button } from '../../../../components/ui/button';
import { ErrorBox, SuccessBox } from '../../../../components/ui/field';
import { ApiError } from '../../../../lib/api-client';
import { useLinkStoreAccount } from '../../hooks/dashboard-data';
import { ticketMessages } from './model/tickets';
import { Notice } from './ui';

/** Tickets and invoices wait for the address to be verified: it is what proves they are the user's. */
export function NeedsVerification({ what }: { what: string }) {
  return (
    <Notice tone="warning" title="Adresse e-mail à confirmer">
      <p className="flex gap-2">
        <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Vos {what} du magasin s’afficheront ici dès que vous aurez confirmé votre adresse e-mail&nbsp;: c’est elle qui prouve que les
          réparations enregistrées à cette adresse sont bien les vôtres. Utilisez le lien reçu par e-mail (ou renvoyez-le depuis
          l’encadré en haut de la page).
        </span>
      </p>
    </Notice>
  );
}

/** Spec 1 §5: without a linked customer the search is refused; linking is offered at once. */
export function NotLinked({ user }: { user: SessionUser }) {
  const link = useLinkStoreAccount();
  return (
    <Notice tone="warning" title={ticketMessages.unlinked}>
      <p>
        Votre compte sera relié à la fiche client du magasin qui porte votre adresse e-mail vérifiée ({user.email}), ou une fiche sera
        créée pour vous. Vos réparations et factures apparaîtront alors ici.
      </p>
      <div className="mt-3 flex flex-col gap-3">
        <Button className="self-start" onClick={() => link.mutate(user)} disabled={link.isPending}>
          <Link2 aria-hidden="true" className="size-4" />
          {link.isPending ? 'Liaison en cours…' : 'Lier mon compte E.repare'}
        </Button>
        <div aria-live="polite">
          {link.isError ? <ErrorBox>{link.error instanceof ApiError ? link.error.message : 'Erreur lors de la synchronisation avec E.repare'}</ErrorBox> : null}
          {link.isSuccess ? <SuccessBox>{link.data}</SuccessBox> : null}
        </div>
      </div>
    </Notice>
  );
}
