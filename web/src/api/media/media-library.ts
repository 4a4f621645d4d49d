import { contentContracts } from '@shared/contracts/content';
import type { ImageStyleType, MediaFile } from '@shared/schemas/media';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { mediaKeys } from './media-keys';

/** GET /api/content/files?query=: the search text is lower-cased and trimmed (spec 01 §5). */
export const useMediaList = (query: string, enabled = true) => {
  const text = query.trim().toLowerCase();
  return useQuery({
    queryKey: mediaKeys.list(text),
    queryFn: ({ signal }) => call(contentContracts.files, { query: text ? { query: text } : {}, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
};

/** POST /api/content/files/batch: the files with these ids (ids not in the library are left out). */
export const useMediaBatch = (ids: number[]) =>
  useQuery({
    queryKey: mediaKeys.batch(ids),
    queryFn: ({ signal }) => call(contentContracts.batch, { body: { ids }, signal }),
    enabled: ids.length > 0,
  });

export function useInvalidateMedia() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mediaKeys.all });
}

export function useUpdateMedia() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; filename?: string; description?: string }) =>
      call(contentContracts.update, { params: { id: String(id) }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteMedia() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: (file: Pick<MediaFile, 'id'>) => call(contentContracts.remove, { params: { id: String(file.id) } }),
    onSettled: invalidate,
  });
}

export function useGenerateImage() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: (body: { prompt: string; style_type: ImageStyleType }) => call(contentContracts.generate, { body }),
    onSuccess: invalidate,
  });
}

export function useImportMedia() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: (url: string) => call(contentContracts.import, { body: { url } }),
    onSuccess: invalidate,
  });
}
