import { useEffect } from 'react';
import { useSiteSettings } from '../../hooks/use-site-settings';
import { syncTrackingScripts } from './tracking-injector';

/** Loads the site's analytics scripts on every page (GET /api/settings gives every visitor the snippet). */
export function TrackingScripts() {
  const { settings } = useSiteSettings();
  const code = settings.tracking_code;
  useEffect(() => {
    syncTrackingScripts(document, code);
  }, [code]);
  return null;
}
