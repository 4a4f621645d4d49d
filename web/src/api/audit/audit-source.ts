import { createContext, useContext } from 'react';
import { call } from '@/lib/api-client';

/**
 * Where the audit views read from and link to: a member's own company (`/api/seo/audits*`,
 * pages under /seo-report), or a guest link (`/api/seo/shared/{token}/...`, pages under
 * /shared/audit/{token}). The views are the same; only this changes.
 */
export interface AuditSource {
  /** The address the views' sections hang under. */
  base: string;
  /** Calls one of seoAuditContracts' routes; a guest source sends it to the guest twin. */
  call: typeof call;
  /** Whether a section can be opened (a guest link opens its modules only), so no view links to one that cannot. */
  opens: (section: string) => boolean;
}

export const memberAuditSource: AuditSource = { base: '/seo-report', call, opens: () => true };

export const AuditSourceContext = createContext<AuditSource>(memberAuditSource);
export const useAuditSource = () => useContext(AuditSourceContext);
