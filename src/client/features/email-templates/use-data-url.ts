import { useEffect, useState } from 'react';

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Our own image (an /uploads path) as a data: URL. The preview iframe's empty sandbox gives it an opaque
 * origin, and /uploads answers with Cross-Origin-Resource-Policy same-origin, so the frame cannot load the
 * file itself; the page fetches it and hands the bytes over inline. Other values pass through unchanged.
 */
export function useDataUrl(url: string | null): string | null {
  const isOwn = url !== null && url.startsWith('/uploads/');
  const [loaded, setLoaded] = useState<{ url: string; dataUrl: string } | null>(null);

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
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [isOwn, url]);

  if (!isOwn) return url;
  return loaded?.url === url ? loaded.dataUrl : url;
}
