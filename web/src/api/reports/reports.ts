import { reportsContracts } from '@shared/contracts/reports';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
// Intl, not ./dates: "today" needs no TZDate (see the dashboard's post-success range).
import { formatInZone, viewerZone } from '@/lib/format-date';
import { reportKeys } from './report-keys';

/** Local days `from`..`to`, both included ('yyyy-MM-dd'). */
export interface ReportDays {
  from: string;
  to: string;
}

/**
 * Today as a local day. The company has no zone of its own, so, as the dashboard's chart of
 * successful posts does, the viewer's zone says which day it is.
 */
export const localToday = (zone = viewerZone(), now = new Date()) => formatInZone(now, 'yyyy-MM-dd', zone);

/**
 * GET /api/reports: every platform's daily figures for local days `from`..`to`. The platform
 * toggles filter the answer in the browser, so switching them asks nothing again. Kept under the
 * company family: switching companies asks again.
 */
const reportsQueryOptions = ({ from, to }: ReportDays) =>
  queryOptions({
    queryKey: reportKeys.days(from, to),
    queryFn: ({ signal }) => call(reportsContracts.reports, { query: { from, to }, signal }),
  });

/** Asks nothing while `days` is undefined (a report that needs an earlier period only sometimes). */
export function useReports(days: ReportDays | undefined) {
  return useQuery({ ...reportsQueryOptions(days ?? { from: '', to: '' }), enabled: days !== undefined });
}

/** A demo company's 'Refresh report': a new year of sample figures, then every report asked again. */
export function useRefreshDemoReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(reportsContracts.refreshDemo),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
