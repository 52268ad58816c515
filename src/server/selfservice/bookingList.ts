/** Links of the support booking list (/{lang}/support/help/booking-list). */

/**
 * "Contact us about this booking": the help page's contact form with the booking preselected.
 * The reference is the key the form shows and the traveller knows; the form still checks that
 * the booking is theirs (the cases' own access rule).
 */
export function contactLink(lang: string, reference: string): string {
  return `/${lang}/support/contact?${new URLSearchParams({ booking: reference }).toString()}`;
}
