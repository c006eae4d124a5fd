import { Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { ErrorBox, Field, SuccessBox } from '../../../../components/ui/field';
import { ApiError } from '../../../../lib/api-client';
import { useLogout } from '../../../../lib/session';
import { useDeleteAccount } from '../../hooks/dashboard-data';
import { Dialog } from './dialog';

/**
 * RGPD erasure: the password confirms it is the owner. Once deleted, the server has closed the
 * session; closing the dialog clears what the browser kept (logout) and the page shows the login.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const remove = useDeleteAccount();
  const logout = useLogout();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const done = remove.isSuccess;
  const finishId = useId();
  useEffect(() => {
    if (done) document.getElementById(finishId)?.focus();
  }, [done, finishId]);

  const finish = () => {
    if (done) logout.mutate({});
    else onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setError('Le mot de passe est requis');
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    remove.mutate(password, {
      onError: () => inputRef.current?.focus(),
    });
  };

  const failure = remove.isError ? (remove.error instanceof ApiError && remove.error.message ? remove.error.message : 'La suppression a échoué. Veuillez réessayer.') : null;

  return (
    <Dialog title="Supprimer mon compte" onClose={finish} size="md" initialFocus={inputRef}>
      {done ? (
        <div className="space-y-4">
          <SuccessBox>{remove.data}</SuccessBox>
          <Button id={finishId} onClick={finish}>
            Terminer
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <p className="text-sm text-slate-800 dark:text-slate-200">
            Votre compte, vos sessions, vos notifications et vos abonnements seront supprimés définitivement. Vos factures et commandes restent
            conservées par le magasin comme la loi l’exige, sans lien avec un compte. Cette action est irréversible.
          </p>
          <Field
            ref={inputRef}
            label="Mot de passe"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error}
            hint="Saisissez votre mot de passe pour confirmer."
          />
          {failure ? <ErrorBox>{failure}</ErrorBox> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
              Annuler
            </Button>
            <Button type="submit" variant="danger" disabled={remove.isPending}>
              <Trash2 aria-hidden="true" className="size-4" />
              {remove.isPending ? 'Suppression…' : 'Supprimer définitivement'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
