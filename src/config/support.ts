/** How travellers reach the support team (shown on /{lang}/support/help). */
export const SUPPORT_CONTACT = {
  email: 'support@roamly.example',
  /** Opening hours in the team's time zone; shown with the zone's name. */
  hours: { from: '07:00', to: '22:00', timeZone: 'Asia/Bangkok' },
} as const;
