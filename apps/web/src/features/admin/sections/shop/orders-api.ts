import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from '@erepare/shared/zod';
import {
  adminOrderResponseSchema,
  type adminBankTransferBodySchema,
  type AdminOrderStatusBody,
  type AdminRefundBody,
} from '@erepare/shared/schemas/admin-shop';
import { apiRequest } from '../../../../lib/api-client';
import { toastSuccess } from '../../../../lib/toast';

/** Query keys: the list and every detail share the "admin-orders" prefix, invalidated after each change. */
export const ordersKey = ['admin', 'orders'] as const;

export function useAdminOrder(id: number) {
  return useQuery({
    queryKey: [...ordersKey, 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/api/admin/orders/${id}`, { schema: adminOrderResponseSchema, signal }).then((response) => response.data),
  });
}

type OrderAction =
  | { kind: 'status'; body: AdminOrderStatusBody }
  | { kind: 'transfer'; body: z.infer<typeof adminBankTransferBodySchema> }
  | { kind: 'refund'; body: AdminRefundBody };

const actionPath: Record<OrderAction['kind'], { path: string; method: 'PATCH' | 'POST' }> = {
  status: { path: 'status', method: 'PATCH' },
  transfer: { path: 'bank-transfer-received', method: 'POST' },
  refund: { path: 'refund', method: 'POST' },
};

/** Status change, « Virement reçu », refund: the answer is the order as it now is. */
export function useOrderAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) =>
      apiRequest(`/api/admin/orders/${id}/${actionPath[action.kind].path}`, { method: actionPath[action.kind].method, body: action.body, schema: adminOrderResponseSchema }),
    onSuccess: (response) => {
      client.setQueryData([...ordersKey, 'detail', id], response.data);
      void client.invalidateQueries({ queryKey: ordersKey });
      toastSuccess(response.message ?? 'Commande mise à jour');
    },
  });
}
