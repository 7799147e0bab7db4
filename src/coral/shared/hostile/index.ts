/** Hostile input for tests, unit and browser alike: script payloads, markup, invisible characters, hostile messages. No vitest here, so Playwright's specs load it too. */
export {hostileMessages, hostileString, INVISIBLE, MARKUP, PROPERTY_TIMEOUT_MS, SCRIPT_PAYLOADS, XSS_FLAG, XSS_PAYLOADS} from './hostile';
