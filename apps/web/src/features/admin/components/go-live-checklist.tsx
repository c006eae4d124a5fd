import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Circle, Send } from 'lucide-react';
import { Link } from 'react-router';
import { goLiveResponseSchema, goLiveTestMailResponseSchema, type GoLiveItem } from '@erepare/shared/schemas/go-live';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { apiRequest } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { adminKey } from './use-admin-list';

export const goLiveKey = adminKey('go-live');

/** While the test mail is on its way, the list asks again every few seconds. */
const PENDING_MAIL_REFRESH_MS = 3_000;

function TestMailButton() {
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: () => apiRequest('/api/admin/go-live/test-mail', { method: 'POST', body: {}, schema: goLiveTestMailResponseSchema }),
    onSuccess: (response) => {
      toastSuccess(response.message);
      void client.invalidateQueries({ queryKey: goLiveKey });
    },
  });
  return (
    <div className="mt-2 space-y-2">
      <Button type="button" variant="secondary" onClick={() => send.mutate()} disabled={send.isPending}>
        <Send aria-hidden="true" className="size-4" />
        {send.isPending ? 'Envoi…' : 'M’envoyer l’e-mail de test'}
      </Button>
      {send.error ? <ErrorBox>{send.error.message}</ErrorBox> : null}
    </div>
  );
}

function Item({ item }: { item: GoLiveItem }) {
  return (
    <li className="flex gap-3 py-3">
      {item.done ? (
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700 dark:text-green-400" />
      ) : (
        <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-400" />
      )}
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">
          <span className="sr-only">{item.done ? 'Fait\u00a0: ' : 'À faire\u00a0: '}</span>
          {item.title}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">{item.detail}</p>
        {item.problems.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-brand-800 underline dark:text-brand-300">
              Voir le détail ({item.problems.length})
            </summary>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700 dark:text-slate-300">
              {item.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </details>
        ) : null}
        {!item.done && item.href ? (
          <Link to={item.href} className="inline-block text-sm font-semibold text-brand-800 underline dark:text-brand-300">
            Corriger
            <span className="sr-only">&nbsp;: {item.title}</span>
          </Link>
        ) : null}
        {item.action === 'test-mail' ? <TestMailButton /> : null}
      </div>
    </li>
  );
}

/**
 * « Avant l’ouverture » (issue 23 §1): on the overview until everything is done, what is left
 * before the shop opens, each item with where it is fixed. `npm start` prints the same list.
 */
export function GoLiveChecklist() {
  const checklist = useQuery({
    queryKey: goLiveKey,
    queryFn: ({ signal }) => apiRequest('/api/admin/go-live', { schema: goLiveResponseSchema, signal }),
    refetchInterval: (query) => {
      const mail = query.state.data?.data.items.find((item) => item.id === 'mail');
      return mail && !mail.done && mail.detail.startsWith('E-mail de test en cours') ? PENDING_MAIL_REFRESH_MS : false;
    },
  });
  // The overview's figures matter more than this list: a failure to load it is said once, small.
  if (checklist.isPending) return null;
  if (checklist.error) return <ErrorBox>Liste «&nbsp;Avant l’ouverture&nbsp;» indisponible&nbsp;: {checklist.error.message}</ErrorBox>;
  const report = checklist.data.data;
  if (report.ready) return null;
  const done = report.items.filter((item) => item.done).length;
  return (
    <section aria-labelledby="go-live-heading" className="rounded-2xl border border-amber-300 bg-white p-4 shadow-sm sm:p-6 dark:border-amber-800 dark:bg-ink-900">
      <h2 id="go-live-heading" className="text-lg font-semibold">
        Avant l’ouverture
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {done} sur {report.items.length} fait{done > 1 ? 's' : ''}. Cette liste disparaît quand tout est prêt.
      </p>
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {report.items.map((item) => (
          <Item key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
