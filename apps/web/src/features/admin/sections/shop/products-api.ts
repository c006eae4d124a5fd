import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminDeleteResponseSchema,
  adminProductListResponseSchema,
  adminProductResponseSchema,
  type AdminProductCreate,
  type AdminProductDetail,
  type AdminProductUpdate,
} from '@erepare/shared/schemas/admin-shop';
import { ApiError, apiRequest, NETWORK_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from '../../../../lib/api-client';
import { toastSuccess } from '../../../../lib/toast';

export const productsKey = ['admin', 'products'] as const;
const detailKey = (id: number) => [...productsKey, 'detail', id] as const;

export function useAdminProduct(id: number) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => apiRequest(`/api/admin/products/${id}`, { schema: adminProductResponseSchema, signal }).then((response) => response.data),
  });
}

/**
 * Whose products the shop sells: 'repairdesk' (created and deleted in RepairDesk) or 'local' (here).
 * The list's first row tells, as the list page does.
 */
export function useProductsSource() {
  return useQuery({
    queryKey: [...productsKey, 'source'],
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/products?pageSize=1', { schema: adminProductListResponseSchema, signal }).then((response) => response.source ?? ('local' as const)),
  });
}

export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AdminProductCreate | AdminProductUpdate }) =>
      apiRequest(id === null ? '/api/admin/products' : `/api/admin/products/${id}`, { method: id === null ? 'POST' : 'PATCH', body, schema: adminProductResponseSchema }),
    onSuccess: (response) => {
      client.setQueryData(detailKey(response.data.id), response.data);
      void client.invalidateQueries({ queryKey: productsKey });
      toastSuccess(response.message ?? 'Produit enregistré.');
    },
  });
}

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/admin/products/${id}`, { method: 'DELETE', schema: adminDeleteResponseSchema }),
    onSuccess: (response) => {
      void client.invalidateQueries({ queryKey: productsKey });
      toastSuccess(response.message);
    },
  });
}

export function useDeleteProductImage(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (index: number) => apiRequest(`/api/admin/products/${id}/images/${index}`, { method: 'DELETE', schema: adminProductResponseSchema }),
    onSuccess: (response) => {
      client.setQueryData(detailKey(id), response.data);
      void client.invalidateQueries({ queryKey: productsKey });
      toastSuccess(response.message ?? 'Image supprimée.');
    },
  });
}

/**
 * Sends one picture (multipart, field « image », optional « alt ») with upload progress
 * (XMLHttpRequest: fetch reports none). Resolves with the product as it now is; rejects with the
 * server's French message.
 */
export function uploadProductImage(id: number, file: File, alt: string, onProgress: (fraction: number) => void): Promise<AdminProductDetail> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/admin/products/${id}/images`);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    request.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        reject(new ApiError(request.status, request.status === 413 ? 'Image trop lourde\u00a0: 10 Mo au plus.' : UNAVAILABLE_MESSAGE));
        return;
      }
      if (request.status >= 400) {
        const message = payload && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string' ? payload.message : UNAVAILABLE_MESSAGE;
        reject(new ApiError(request.status, message));
        return;
      }
      const parsed = adminProductResponseSchema.safeParse(payload);
      if (parsed.success) resolve(parsed.data.data);
      else reject(new ApiError(request.status, UNAVAILABLE_MESSAGE));
    };
    const body = new FormData();
    if (alt.trim()) body.append('alt', alt.trim());
    body.append('image', file);
    request.send(body);
  });
}

export function useProductImageCache(id: number) {
  const client = useQueryClient();
  return (product: AdminProductDetail) => {
    client.setQueryData(detailKey(id), product);
    void client.invalidateQueries({ queryKey: productsKey, exact: false, refetchType: 'none' });
  };
}
