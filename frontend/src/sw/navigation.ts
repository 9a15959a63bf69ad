/**
 * The navigations the service worker leaves to the server: the paths that are calls, not pages of the app (a receipt's
 * PDF, the calendar feed, the spec's `/disponibilita/json` and payment calls opened in a tab). Every other
 * navigation is the app, answered with its precached index.html (the server answers them all with it too).
 */
export const NOT_THE_APP: RegExp[] = [/^\/api\//, /^\/socket\.io\//, /^\/disponibilita\//, /^\/pagamenti\//, /^\/prenotazioni\/conferma/];

/** whether a navigation to `pathname` is a page of the app (NavigationRoute's denylist, as a function for the tests) */
export const isAppNavigation = (pathname: string): boolean => !NOT_THE_APP.some((pattern) => pattern.test(pathname));
