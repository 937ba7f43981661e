// Clock abbreviations visitors send for a timezone ("JST", "IST"), which the tz database does not name. Each zone
// below was checked against the database this server carries (test/unit/zone-meant.test.ts resolves every one).

/** Abbreviations read as one clock, with a zone that keeps it (its hour and its hemisphere's seasons). */
export const ONE_CLOCK = new Map(
  Object.entries({
    jst: "Asia/Tokyo",
    kst: "Asia/Seoul",
    hkt: "Asia/Hong_Kong",
    sgt: "Asia/Singapore",
    myt: "Asia/Kuala_Lumpur",
    pht: "Asia/Manila",
    ict: "Asia/Bangkok",
    wib: "Asia/Jakarta",
    wita: "Asia/Makassar",
    wit: "Asia/Jayapura",
    pkt: "Asia/Karachi",
    npt: "Asia/Kathmandu",
    irst: "Asia/Tehran",
    aest: "Australia/Sydney",
    aedt: "Australia/Sydney",
    acst: "Australia/Adelaide",
    acdt: "Australia/Adelaide",
    awst: "Australia/Perth",
    nzst: "Pacific/Auckland",
    nzdt: "Pacific/Auckland",
    pst: "America/Los_Angeles",
    pdt: "America/Los_Angeles",
    mdt: "America/Denver",
    edt: "America/New_York",
    adt: "America/Halifax",
    nst: "America/St_Johns",
    ndt: "America/St_Johns",
    akst: "America/Anchorage",
    akdt: "America/Anchorage",
    brt: "America/Sao_Paulo",
    art: "America/Argentina/Buenos_Aires",
    clt: "America/Santiago",
    cot: "America/Bogota",
    pet: "America/Lima",
    msk: "Europe/Moscow",
    trt: "Europe/Istanbul",
    cest: "Europe/Paris",
    eest: "Europe/Athens",
    west: "Europe/Lisbon",
    wat: "Africa/Lagos",
    cat: "Africa/Maputo",
    eat: "Africa/Nairobi",
    sast: "Africa/Johannesburg",
  }),
);

/** A place an abbreviation is read as, and the zone that keeps its clock. */
export interface ClockOf {
  place: string;
  zone: string;
}

/**
 * Abbreviations several clocks share: no one of them can be assumed (a wrong hour, or a wrong hemisphere's season),
 * so a visitor is offered each, most used first.
 */
export const SHARED_CLOCKS = new Map<string, readonly ClockOf[]>(
  Object.entries({
    ist: [
      { place: "India", zone: "Asia/Kolkata" },
      { place: "Ireland", zone: "Europe/Dublin" },
      { place: "Israel", zone: "Asia/Jerusalem" },
    ],
    bst: [
      { place: "Britain", zone: "Europe/London" },
      { place: "Bangladesh", zone: "Asia/Dhaka" },
    ],
    cst: [
      { place: "central North America", zone: "America/Chicago" },
      { place: "China", zone: "Asia/Shanghai" },
      { place: "Cuba", zone: "America/Havana" },
    ],
    cdt: [
      { place: "central North America", zone: "America/Chicago" },
      { place: "Cuba", zone: "America/Havana" },
    ],
    ast: [
      { place: "Arabia", zone: "Asia/Riyadh" },
      { place: "the Atlantic coast of Canada and the Caribbean", zone: "America/Halifax" },
    ],
    gst: [
      { place: "the Gulf", zone: "Asia/Dubai" },
      { place: "South Georgia", zone: "Atlantic/South_Georgia" },
    ],
    sst: [
      { place: "Samoa", zone: "Pacific/Pago_Pago" },
      { place: "Singapore", zone: "Asia/Singapore" },
    ],
  }),
);
