/**
 * What an <img> shows for a product image: its path, or, while its upload waits in the outbox
 * (placeholder path), the picked file's bytes kept on this device.
 */
import { useEffect, useState } from 'react';
import { getAppDatabase } from '../../db/database';
import { uploadIdOfPlaceholder } from '../../sync/outbox-types';
import { uploadResultMetaKey } from '../../sync/outbox';

export function useImageSource(filePath: string): string | null {
  const uploadId = uploadIdOfPlaceholder(filePath);
  const [resolved, setResolved] = useState<{ path: string; src: string | null } | null>(null);

  useEffect(() => {
    if (!uploadId) return;
    let objectUrl: string | null = null;
    let current = true;
    void (async () => {
      const db = getAppDatabase();
      const file = await db.files.get(uploadId);
      let src: string | null = null;
      if (file) {
        objectUrl = URL.createObjectURL(new Blob([file.bytes], { type: file.type }));
        src = objectUrl;
      } else {
        const uploaded = (await db.meta.get(uploadResultMetaKey(uploadId)))?.value;
        src = typeof uploaded === 'string' ? uploaded : null;
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
