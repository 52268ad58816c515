/**
 * False in the server-rendered HTML, true once React runs. Submit buttons stay disabled until
 * then, so a form clicked before hydration is not submitted natively (a reload that loses what
 * was typed, or on the login form a password in the address bar as a GET query).
 */
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
  }, []);
  return hydrated;
}
