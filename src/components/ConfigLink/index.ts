/** A config carried in a link's `#config=` fragment, or pasted: read back as parsed JSON for a schema to check. */
export {configFragment, hasConfigFragment, MAX_FRAGMENT, readConfigFragment, readPastedConfig, type Read} from './share';
