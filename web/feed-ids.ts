// The ids a feed reader keeps (Atom entry ids, podcast guids, calendar UIDs) name the server by BASE_URL's host when
// it is set, else by one fixed name, never by the Host a request came with: reached as localhost and as 127.0.0.1, or
// by a LAN name, one entry would otherwise have an id for each name, and a reader or calendar shows it twice.

/** The name ids carry when BASE_URL is unset (a .localhost name: RFC 6761 keeps it from meaning any public host). */
export const UNNAMED_AUTHORITY = "sanctuary.localhost";

/** The host name ids carry: BASE_URL's, or UNNAMED_AUTHORITY. */
export const idAuthority = (baseUrl: string | undefined): string => (baseUrl ? new URL(baseUrl).hostname : UNNAMED_AUTHORITY);
