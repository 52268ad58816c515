/**
 * The localStorage key of the tips a traveller dismissed on results pages: the facts store keeps
 * them, and the results page's own script reads them before the list island has loaded (a module
 * of its own, so that script does not pull in the store and its persistence library).
 */
export const FACTS_BANNED_KEY = 'facts_banned';
