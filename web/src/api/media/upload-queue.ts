import { mediaContracts } from '@shared/contracts/media';
import { uploadRefusal, UPLOAD_BATCH_SIZE, UPLOAD_BATCH_WAIT_MS, type UploadTarget } from '@shared/schemas/media';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, errorMessage, UserFacingError } from '@/lib/api-client';

/** Spec 01 §4 Upload item: queued, requesting, uploading (0-100), confirming, complete; any step can fail. */
export type UploadStatus = 'queued' | 'requesting' | 'uploading' | 'confirming' | 'complete' | 'error';

export interface UploadItem {
  key: number;
  file: File;
  status: UploadStatus;
  progress: number;
  error?: string;
  mediaId?: number;
}

interface Running {
  xhr?: XMLHttpRequest;
  removed: boolean;
}

class UploadAborted extends Error {}

/** PUTs the file to the signed URL with the headers the API chose, reporting progress. */
function putFile(target: UploadTarget, file: File, running: Running, onProgress: (percent: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    running.xhr = xhr;
    xhr.open('PUT', target.url);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new UserFacingError('File upload failed'));
    };
    xhr.onerror = () => reject(new UserFacingError('File upload failed'));
    xhr.onabort = () => reject(new UploadAborted());
    xhr.send(file);
  });
}

/**
 * The upload queue of the library page. Files the spec refuses (over 20 MB, unsupported type)
 * fail at once without a request; the rest go in batches (spec 01 §9): 3 at once, each later
 * batch 500 ms after the previous one ends. Removing an item aborts its upload.
 */
export function useUploadQueue(onUploaded: () => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<UploadItem[]>([]);
  const running = useRef(new Map<number, Running>());
  const pumping = useRef(false);
  const nextKey = useRef(1);
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  }, [onUploaded]);

  const patch = useCallback((key: number, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const runBatch = useCallback(
    async (batch: UploadItem[]) => {
      const live = batch.filter((item) => !running.current.get(item.key)?.removed);
      if (!live.length) return;
      for (const item of live) patch(item.key, { status: 'requesting', progress: 0 });
      let targets: UploadTarget[];
      try {
        targets = await call(mediaContracts.upload, {
          body: live.map((item) => ({ filename: item.file.name, size: item.file.size })),
        });
      } catch (error) {
        for (const item of live) patch(item.key, { status: 'error', error: errorMessage(error) });
        return;
      }
      await Promise.all(
        live.map(async (item, i) => {
          const target = targets[i];
          const state = running.current.get(item.key);
          // Read afresh after each await: Remove may have been clicked meanwhile.
          const removed = () => running.current.get(item.key)?.removed !== false;
          if (!target || !state || removed()) return;
          try {
            patch(item.key, { status: 'uploading', progress: 0, mediaId: target.mediaID });
            await putFile(target, item.file, state, (progress) => patch(item.key, { progress }));
            if (removed()) return;
            patch(item.key, { status: 'confirming', progress: 100 });
            await call(mediaContracts.complete, { body: { mediaID: target.mediaID } });
            patch(item.key, { status: 'complete', progress: 100 });
            uploaded.current();
          } catch (error) {
            if (error instanceof UploadAborted || removed()) return;
            patch(item.key, { status: 'error', error: errorMessage(error) });
          }
        }),
      );
    },
    [patch],
  );

  const pump = useCallback(async () => {
    if (pumping.current) return;
    pumping.current = true;
    try {
      let first = true;
      while (queue.current.length) {
        if (!first) await new Promise((resolve) => setTimeout(resolve, UPLOAD_BATCH_WAIT_MS));
        first = false;
        await runBatch(queue.current.splice(0, UPLOAD_BATCH_SIZE));
      }
    } finally {
      pumping.current = false;
    }
  }, [runBatch]);

  const add = useCallback(
    (files: File[], options: { single?: boolean } = {}) => {
      const chosen = options.single ? files.slice(0, 1) : files;
      const added = chosen.map((file): UploadItem => {
        const refusal = uploadRefusal({ filename: file.name, size: file.size });
        const key = nextKey.current++;
        return refusal
          ? { key, file, status: 'error', progress: 0, error: refusal }
          : { key, file, status: 'queued', progress: 0 };
      });
      for (const item of added) if (item.status === 'queued') running.current.set(item.key, { removed: false });
      queue.current.push(...added.filter((item) => item.status === 'queued'));
      setItems((list) => [...list, ...added]);
      void pump();
    },
    [pump],
  );

  const remove = useCallback((key: number) => {
    const state = running.current.get(key);
    if (state) {
      state.removed = true;
      state.xhr?.abort();
    }
    queue.current = queue.current.filter((item) => item.key !== key);
    setItems((list) => list.filter((item) => item.key !== key));
  }, []);

  const clearFinished = useCallback(() => {
    setItems((list) => list.filter((item) => item.status !== 'complete' && item.status !== 'error'));
  }, []);

  useEffect(() => {
    const all = running.current;
    return () => {
      for (const state of all.values()) {
        state.removed = true;
        state.xhr?.abort();
      }
    };
  }, []);

  return { items, add, remove, clearFinished };
}
