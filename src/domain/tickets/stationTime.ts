/**
 * Every time a traveller reads about a trip (departure, arrival, free-cancellation deadline,
 * hold expiry) is shown in the station's own time zone with that zone named, on the ticket
 * page, the bookings list, mails, the PDF and the calendar file alike. Times are stored in UTC;
 * this is the one place that turns them into words, through `Intl` for the reader's locale
 * (so the zone's name is in the reader's language too: "Indochina Time", "توقيت الهند الصينية").
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(localeCode: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${localeCode}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeCode, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'long',
    });
    formats.set(key, format);
  }
  return format;
}

/** Zones already checked: building a DateTimeFormat to ask costs more than the formatting itself. */
const checkedZones = new Map<string, string>();

/** A valid IANA zone, or UTC for anything the platform does not know (never a thrown page). */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  let known = checkedZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      known = timeZone;
    } catch {
      known = 'UTC';
    }
    // Bounded: zone names come from the stations table, but a bad request must not grow this forever.
    if (checkedZones.size < 1000) checkedZones.set(timeZone, known);
  }
  return known;
}

/** "Dec 1, 2026, 6:35 AM Indochina Time": date, time and the zone's name, in the station's zone. */
export function formatStationTime(instant: Date | string | number, timeZone: string, localeCode: string): string {
  return formatter(localeCode, knownTimeZone(timeZone)).format(new Date(instant));
}

/** A leg as tickets carry it: UTC instants and the stations' zones. */
export interface ZonedLeg {
  departure_at: string;
  arrival_at: string;
  departure_time_zone: string;
  arrival_time_zone: string;
}

/** The leg's departure and arrival, each in its own station's zone, zone named. */
export function legTimes(leg: ZonedLeg, localeCode: string): { departure: string; arrival: string } {
  return {
    departure: formatStationTime(leg.departure_at, leg.departure_time_zone, localeCode),
    arrival: formatStationTime(leg.arrival_at, leg.arrival_time_zone, localeCode),
  };
}
