import type { AuditPage, AuditVerifyAnswer } from '@rr/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/save-file.ts';

/** The audit log's filters as GET /api/admin/audit takes them; empty ones are left out. */
export interface AuditFilters {
  entity?: string;
  id?: string;
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
  before?: string;
}

export const AUDIT_FILTER_KEYS = ['actor', 'entity', 'action', 'from', 'to', 'id', 'before'] as const;

/** The filters as a query string, in a fixed order (so one set of filters is one cache key). */
export function auditQueryString(filters: AuditFilters, without: (keyof AuditFilters)[] = []): string {
  const params = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value && !without.includes(key)) params.set(key, value);
  }
  return params.toString();
}

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  page: (query: string) => ['admin', 'audit', 'page', query] as const,
};

/** One page of the log, newest first; the page before stays shown while the next loads. */
export function useAuditPage(filters: AuditFilters) {
  const query = auditQueryString(filters);
  return useQuery({
    queryKey: auditKeys.page(query),
    queryFn: () => apiFetch<AuditPage>(`/api/admin/audit?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** The log as CSV, with the same filters (paging aside: the file has every matching entry). */
export function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const query = auditQueryString(filters, ['before']);
  return downloadFile(`/api/admin/audit/export${query ? `?${query}` : ''}`, 'audit-log.csv');
}

/** Walks the whole chain on the server: intact, or the first entry that does not hold. */
export function useVerifyAudit() {
  return useMutation({ mutationFn: () => apiFetch<AuditVerifyAnswer>('/api/admin/audit/verify') });
}
