/** Paging of the staff inboxes (contact messages, quote requests). */
export type PageQuery = { page?: number; pageSize?: number };

/** Normalised paging: pages from 1, 1 to 100 items a page (20 by default). */
export function paging({ page = 1, pageSize = 20 }: PageQuery): { limit: number; offset: number; page: number; pageSize: number } {
  const size = Math.min(100, Math.max(1, Math.floor(Number.isFinite(pageSize) ? pageSize : 20)));
  const current = Math.max(1, Math.floor(Number.isFinite(page) ? page : 1));
  return { limit: size, offset: (current - 1) * size, page: current, pageSize: size };
}
