import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { MEDIA_KEY, publicUrl, uploadMedia, UploadError } from './media-api';
import { objectName, uploadProblem, type UploadProblem } from './upload-rules';

export type UploadState =
  | { kind: 'waiting' }
  | { kind: 'uploading'; ratio: number }
  | { kind: 'done'; url: string; path: string }
  | { kind: 'refused'; problem: UploadProblem }
  | { kind: 'failed'; code: string; message: string };

export interface UploadItem {
  key: number;
  name: string;
  size: number;
  state: UploadState;
}

/** Two at a time: steady progress without one large video holding up the rest. */
const PARALLEL = 2;

/**
 * The upload queue of the media library: each chosen file is checked (type, size) and, when
 * allowed, sent to `prefix` with its own progress; refusals and failures stay listed with their
 * reason. `onUploaded` hears of each stored file.
 */
export function useUploads(
  prefix: string,
  options: { onlyImages?: boolean; onUploaded?: (item: { path: string; url: string }, batchSize: number) => void } = {},
) {
  const { site } = useAuth();
  const queries = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<Array<{ key: number; file: File }>>([]);
  const nextKey = useRef(0);
  const running = useRef(0);
  const aborts = useRef(new Set<AbortController>());
  const batch = useRef(0);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const update = useCallback((key: number, state: UploadState) => setItems((list) => list.map((item) => (item.key === key ? { ...item, state } : item))), []);

  const pump = useCallback(() => {
    while (running.current < PARALLEL && queue.current.length > 0) {
      const { key, file } = queue.current.shift()!;
      running.current += 1;
      const abort = new AbortController();
      aborts.current.add(abort);
      const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
      const path = (prefix === '' ? '' : `${prefix}/`) + objectName(file.name, stamp);
      update(key, { kind: 'uploading', ratio: 0 });
      uploadMedia(site, path, file, (ratio) => update(key, { kind: 'uploading', ratio }), abort.signal)
        .then(() => {
          const url = publicUrl(path);
          update(key, { kind: 'done', url, path });
          void queries.invalidateQueries({ queryKey: MEDIA_KEY });
          optionsRef.current.onUploaded?.({ path, url }, batch.current);
        })
        .catch((error: unknown) => {
          const failure = error instanceof UploadError ? error : new UploadError('network', error instanceof Error ? error.message : String(error));
          update(key, { kind: 'failed', code: failure.code, message: failure.message });
        })
        .finally(() => {
          aborts.current.delete(abort);
          running.current -= 1;
          pump();
        });
    }
  }, [prefix, queries, site, update]);

  /** Queues the chosen files; the ones that may not be uploaded are listed as refused straight away. */
  const add = useCallback(
    (chosen: FileList | File[]) => {
      const list = [...chosen];
      if (list.length === 0) return;
      batch.current = list.length;
      const added = list.map((file): UploadItem => {
        const key = ++nextKey.current;
        const problem = uploadProblem(file, optionsRef.current.onlyImages);
        if (problem === null) queue.current.push({ key, file });
        return { key, name: file.name, size: file.size, state: problem === null ? { kind: 'waiting' } : { kind: 'refused', problem } };
      });
      setItems((current) => [...added, ...current.filter((item) => item.state.kind !== 'done')]);
      pump();
    },
    [pump],
  );

  const clear = useCallback(() => setItems((list) => list.filter((item) => item.state.kind === 'waiting' || item.state.kind === 'uploading')), []);

  // Leaving the screen stops what is still travelling.
  useEffect(() => {
    const pending = aborts.current;
    return () => {
      for (const abort of pending) abort.abort();
    };
  }, []);

  return { items, add, clear, busy: items.some((item) => item.state.kind === 'waiting' || item.state.kind === 'uploading') };
}
