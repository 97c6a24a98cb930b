/**
 * What an <img> shows for a product image: its path, or, while its upload waits in the outbox
 * (placeholder path), the picked file's bytes kept on this device.
 */
import { useEffect, useState } from 'react';
import { waitingUploadOf, waitingUploadSource } from '../../sync/app-sync';

export function useImageSource(filePath: string): string | null {
  const uploadId = waitingUploadOf(filePath);
  const [resolved, setResolved] = useState<{ path: string; src: string | null } | null>(null);

  useEffect(() => {
    if (!uploadId) return;
    let objectUrl: string | null = null;
    let current = true;
    void (async () => {
      const kept = await waitingUploadSource(uploadId);
      let src: string | null = null;
      if (kept && 'bytes' in kept) {
        objectUrl = URL.createObjectURL(new Blob([kept.bytes], { type: kept.type }));
        src = objectUrl;
      } else {
        src = kept?.path ?? null;
      }
      if (current) setResolved({ path: filePath, src });
    })();
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [uploadId, filePath]);

  if (!uploadId) return filePath === '' ? null : filePath;
  return resolved?.path === filePath ? resolved.src : null;
}

/** A preview for a picked file that is not queued yet. */
export function useFilePreview(file: File): string | null {
  const [url, setUrl] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    const created = URL.createObjectURL(file);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL must be made and revoked with the file
    setUrl({ file, url: created });
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url?.file === file ? url.url : null;
}
