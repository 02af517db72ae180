import { useEffect, useState } from 'react';

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** The value to use (a data: URL once read) and whether it is still being read. */
export interface DataUrlState {
  value: string | null;
  pending: boolean;
}

/**
 * Our own image (an /uploads path) as a data: URL. The preview iframe's empty sandbox gives it an opaque
 * origin, and /uploads answers with Cross-Origin-Resource-Policy same-origin, so the frame cannot load the
 * file itself; the page fetches it and hands the bytes over inline. Other values pass through unchanged.
 * While the bytes are on their way it reports pending, so the preview renders once rather than twice.
 */
export function useDataUrl(url: string | null): DataUrlState {
  const isOwn = url !== null && url.startsWith('/uploads/');
  const [loaded, setLoaded] = useState<{ url: string; dataUrl: string | null } | null>(null);

  useEffect(() => {
    if (!isOwn) return;
    let isCurrent = true;
    void fetch(url, { credentials: 'include' })
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
      .then(readAsDataUrl)
      .then((dataUrl) => {
        if (isCurrent) setLoaded({ url, dataUrl });
      })
      // A logo that cannot be read shows as a broken image in the preview, as it would in the mail.
      .catch(() => {
        if (isCurrent) setLoaded({ url, dataUrl: null });
      });
    return () => {
      isCurrent = false;
    };
  }, [isOwn, url]);

  if (!isOwn) return { value: url, pending: false };
  if (loaded?.url !== url) return { value: url, pending: true };
  return { value: loaded.dataUrl ?? url, pending: false };
}
