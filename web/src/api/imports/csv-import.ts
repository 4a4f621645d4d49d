import { postImportContracts } from '@shared/contracts/post-import';
import type { ImportBody } from '@shared/schemas/post-import';
import { importResultSchema } from '@shared/schemas/post-import';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useJob } from '@/lib/use-job';
import { importKeys } from './import-keys';
import { postKeys } from '@/api/posts/post-keys';

/** Company-scoped (switching companies drops it); kept out of lib/query-keys.ts, which every page loads. */
const importsKey = importKeys.imports;

/** POST /api/imports/check: the per-row report; nothing is created. */
export const useCheckImport = () =>
  useMutation({ mutationFn: (body: ImportBody) => call(postImportContracts.check, { body }) });

/** POST /api/imports as a job: the posts are on the calendar when it answers. */
export function useRunImport() {
  const queryClient = useQueryClient();
  const job = useJob(importResultSchema);
  const run = (body: ImportBody) =>
    job
      .mutateAsync(() => call(postImportContracts.start, { body }))
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: postKeys.all });
        void queryClient.invalidateQueries({ queryKey: importsKey });
      });
  return { ...job, run };
}

const importsQueryOptions = () =>
  queryOptions({
    queryKey: importsKey,
    queryFn: ({ signal }) => call(postImportContracts.list, { signal }),
  });

export const useImports = () => useQuery(importsQueryOptions());

/** DELETE /api/imports/{id}: the import's unpublished posts go. */
export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(postImportContracts.undo, { params: { id } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void queryClient.invalidateQueries({ queryKey: importsKey });
    },
  });
}
