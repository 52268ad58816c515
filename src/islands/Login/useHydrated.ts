/**
 * False in the server-rendered HTML, true once React runs. Buttons stay disabled until then, so
 * a form clicked before hydration is not submitted natively (which would put the password in the
 * address bar as a GET query).
 */
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
  }, []);
  return hydrated;
}
